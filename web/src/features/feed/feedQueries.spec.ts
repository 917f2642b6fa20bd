import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { activityQuery, feedRefetchMs, goneActivityRefetchMs, feedTimelineQuery, liveFeedPages } from './feedQueries'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Opens an activity's screen whose server answers `status`, keeps it open 20 s: how often was it asked? */
async function askedWhileOpen(status: number): Promise<number> {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify(status === 404 ? { message: 'Activity not found' } : { activity: {}, comments: [] }),
        {
          status,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    ),
  )
  vi.stubGlobal('fetch', fetch)
  // Each failed request is logged (lib/api.ts); counted through fetch here, kept out of the output.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const observer = new QueryObserver(createQueryClient(), activityQuery('watched:e1'))
  const stop = observer.subscribe(() => undefined)
  try {
    await vi.advanceTimersByTimeAsync(0)
    expect(observer.getCurrentResult().status).toBe(status === 404 ? 'error' : 'success')
    await vi.advanceTimersByTimeAsync(4 * feedRefetchMs)
  } finally {
    stop()
  }
  return fetch.mock.calls.length
}

describe('an activity open on its own screen', () => {
  it('is asked again every few seconds while it is there, so comments and reactions arrive live', async () => {
    expect(await askedWhileOpen(200)).toBe(5)
  })

  it('is asked again only every 15 s once the server says it is gone (deleted, or no longer a friend’s)', async () => {
    expect(await askedWhileOpen(404)).toBe(2)
  })

  it('comes back on its screen when the server has it again (a watch made public again)', async () => {
    let gone = true
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify(gone ? { message: 'No such activity.' } : { activity: {}, comments: [] }), {
            status: gone ? 404 : 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const observer = new QueryObserver(createQueryClient(), activityQuery('watched:e1'))
    const stop = observer.subscribe(() => undefined)
    try {
      await vi.advanceTimersByTimeAsync(0)
      expect(observer.getCurrentResult().status).toBe('error')
      gone = false
      await vi.advanceTimersByTimeAsync(goneActivityRefetchMs)
      expect(observer.getCurrentResult().status).toBe('success')
    } finally {
      stop()
    }
  })
})

describe('the timeline open on /feed', () => {
  /** The timeline with `pages` pages loaded, left open 20 s: how many pages were asked for meanwhile? */
  async function pagesAskedWhileOpen(pages: number): Promise<number> {
    let page = 0
    const fetch = vi.fn(() => {
      page += 1
      return Promise.resolve(
        new Response(JSON.stringify({ items: [], nextCursor: `c${page}` }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    })
    vi.stubGlobal('fetch', fetch)
    const observer = new InfiniteQueryObserver(createQueryClient(), feedTimelineQuery())
    const stop = observer.subscribe(() => undefined)
    try {
      await vi.advanceTimersByTimeAsync(0)
      for (let more = 1; more < pages; more++) await observer.fetchNextPage()
      expect(observer.getCurrentResult().data?.pages).toHaveLength(pages)
      fetch.mockClear()
      await vi.advanceTimersByTimeAsync(4 * feedRefetchMs)
    } finally {
      stop()
    }
    return fetch.mock.calls.length
  }

  it('refreshes itself every few seconds near the top, where new activity appears', async () => {
    expect(await pagesAskedWhileOpen(1)).toBe(4)
    expect(await pagesAskedWhileOpen(liveFeedPages)).toBe(4 * liveFeedPages)
  })

  it('stops once scrolled further: every refresh would ask for every page loaded', async () => {
    expect(await pagesAskedWhileOpen(liveFeedPages + 1)).toBe(0)
  })
})
