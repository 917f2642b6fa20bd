import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { describe, expect, it, vi } from 'vitest'
import { requests } from '../../lib/api'
import { parseSearch, stringifySearch } from '../../lib/addressSearch'
import { adminCalls } from './adminCalls'
import { filterProblems, historyAddress, historyFilterSearch, looksLikeUserId, trimmedFilter } from './historyFilter'

const parse = (search: Record<string, unknown>) => historyFilterSearch.parse(search)

describe('the address of the event history', () => {
  it('takes a position the router read as a number as its digits', () => {
    expect(parse({ before: 12 })).toEqual({ before: '12' })
    expect(parse({ before: 0 })).toEqual({ before: '0' })
    expect(parse({ before: '42' })).toEqual({ before: '42' })
  })

  it('drops a position that is not one, rather than breaking the page', () => {
    for (const before of [-1, 1.5, 1e30, 'soon', true, null, { at: 1 }]) expect(parse({ before })).toEqual({})
  })

  it('takes filters the router read as numbers or booleans as their text', () => {
    expect(parse({ userId: 12345, type: true, stream: false, correlationId: 7 })).toEqual({
      userId: '12345',
      type: 'true',
      stream: 'false',
      correlationId: '7',
    })
  })

  it('drops filters that are blank or no text at all', () => {
    expect(parse({ userId: '   ', stream: ['a'], type: { a: 1 }, correlationId: null })).toEqual({})
  })
})

/** The search the event history's route hands its screen, for an address typed or shared as it is. */
async function searchOf(address: string): Promise<Record<string, unknown>> {
  const root = createRootRoute()
  const events = createRoute({ getParentRoute: () => root, path: '/admin/events', validateSearch: historyAddress })
  const router = createRouter({
    routeTree: root.addChildren([events]),
    history: createMemoryHistory({ initialEntries: [address] }),
    parseSearch,
    stringifySearch,
  })
  await router.load()
  return router.state.matches.at(-1)?.search ?? {}
}

describe('the address of the event history, as the route reads it', () => {
  it('drops keys it does not know, which the server would refuse or never use', async () => {
    expect(await searchOf('/admin/events?limit=5000&type=TitleWatched')).toEqual({ type: 'TitleWatched' })
    expect(await searchOf('/admin/events?limit=0')).toEqual({})
    expect(await searchOf('/admin/events?foo=bar&event=12')).toEqual({ event: '12' })
  })

  it('drops what does not parse among the keys it knows', async () => {
    expect(await searchOf('/admin/events?before=soon&userId=12345')).toEqual({ userId: '12345' })
  })
})

describe('the history asked of the server', () => {
  it('carries the filter only, whatever else the object holds', async () => {
    const get = vi.spyOn(requests, 'get').mockResolvedValue({ items: [], next: null, scannedTo: null })
    await adminCalls.events({ type: 'TitleWatched', ...{ limit: 5000, foo: 'bar' } })
    expect(get).toHaveBeenCalledWith('/api/admin/events?type=TitleWatched')
    get.mockRestore()
  })
})

describe('a filter before it is sent', () => {
  it('is trimmed, blank fields left out', () => {
    expect(trimmedFilter({ stream: '  account-1  ', type: '   ', userId: '' })).toEqual({ stream: 'account-1' })
  })

  it('names the field that is longer than the server takes', () => {
    expect(filterProblems({ stream: 'x'.repeat(400), userId: 'y'.repeat(101), type: 'Ok' })).toEqual({
      stream: 'Stream must be at most 300 characters',
      userId: 'Person must be at most 100 characters',
    })
    expect(filterProblems({ stream: 'x'.repeat(300) })).toEqual({})
  })
})

describe('a person filter', () => {
  it('looks like a user id only when it is a UUID', () => {
    expect(looksLikeUserId('3f2b8c1e-5d4a-4b6f-9e21-7a0c9d8e6f15')).toBe(true)
    expect(looksLikeUserId('12345')).toBe(false)
    expect(looksLikeUserId('bob')).toBe(false)
  })
})
