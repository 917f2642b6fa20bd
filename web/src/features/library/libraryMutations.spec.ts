import { dehydrate, hydrate, onlineManager, QueryClient, type MutationObserverOptions } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, requestMessages } from '../../lib/apiError'
import * as toasts from '../../lib/toast'
import { alreadyOnWatchlistMessage, notOnWatchlistMessage } from '@reelmates/contracts/watchlist'
import type { LibraryRequests, WatchedFilters } from './libraryCalls'
import { libraryChange } from './libraryChanges'
import { libraryMutations, withServerIds } from './libraryMutations'
import { libraryKeys } from './libraryQueries'
import { applyToWatchedLog } from './watchedLog'
import { libraryTitle, newWatch } from './testing'

/** The server as the library sees it: unreachable until `reachable`, then answering and recording. */
function server() {
  const sent: string[] = []
  let reachable = false
  const requests: LibraryRequests = {
    get: () => Promise.resolve([] as never),
    send: (method, path) => {
      if (!reachable) return Promise.reject(new ApiError(requestMessages.network, 0))
      sent.push(`${method} ${path}`)
      return Promise.resolve({} as never)
    },
  }
  return { requests, sent, reachable: () => void (reachable = true) }
}

/** A page's client, listening to the connection: the app's defaults (no retries) and the library's changes by key. */
function pageClient(requests: LibraryRequests): QueryClient {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  for (const options of Object.values(libraryMutations(requests)))
    client.setMutationDefaults(options.mutationKey, options as MutationObserverOptions)
  client.mount()
  return client
}

const states = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .map((mutation) => [mutation.options.mutationKey?.[1], mutation.state.status])

describe('library changes the server never answered', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    onlineManager.setOnline(false)
  })
  afterEach(() => {
    vi.useRealTimers()
    onlineManager.setOnline(true)
  })

  it('stay first in the queue through a false "online" and go out in order once the server answers', async () => {
    const { requests, sent, reachable } = server()
    const film = libraryTitle(27205)

    // Made offline on one page, kept, and restored by the next, which queues another change behind it.
    const before = pageClient(requests)
    void before
      .getMutationCache()
      .build(before, libraryMutations(requests).addToWatchlist)
      .execute(libraryChange.addToWatchlist(film))
      .catch(() => undefined)
    const kept = dehydrate(before)
    before.unmount()
    const after = pageClient(requests)
    hydrate(after, kept)
    const edit = { kind: 'editWatched', entryId: 'w1', changes: { review: 'Better the second time.' } } as const
    void after
      .getMutationCache()
      .build(after, libraryMutations(requests).editWatched)
      .execute(edit)
      .catch(() => undefined)
    expect(states(after)).toEqual([
      ['addToWatchlist', 'pending'],
      ['editWatched', 'pending'],
    ])

    // The browser says "online" (a page going away, a captive portal) but nothing reaches the server.
    onlineManager.setOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    onlineManager.setOnline(false)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(states(after)).toEqual([
      ['addToWatchlist', 'pending'],
      ['editWatched', 'pending'],
    ])
    expect(sent).toEqual([])

    reachable()
    onlineManager.setOnline(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(sent).toEqual([`POST /api/watchlist`, 'PATCH /api/watched/w1'])
    expect(states(after)).toEqual([
      ['addToWatchlist', 'success'],
      ['editWatched', 'success'],
    ])
  })

  it('are sent again with the same idempotency key, so a change whose answer was lost is done once', async () => {
    onlineManager.setOnline(true)
    const told: toasts.ToastInput[] = []
    vi.spyOn(toasts, 'toast').mockImplementation((input) => {
      told.push(input)
      return { id: String(told.length), dismiss: () => undefined, update: () => undefined }
    })
    const tries: { path: string; key: string | undefined }[] = []
    const client = pageClient({
      get: () => Promise.resolve([] as never),
      send: (_method, path, _body, options) => {
        tries.push({ path, key: options?.idempotencyKey })
        // The first try reaches the server, but its answer never comes back.
        return tries.length === 1
          ? Promise.reject(new ApiError(requestMessages.network, 0))
          : Promise.resolve({ entryId: 'e1' } as never)
      },
    })
    const fields = newWatch({ rating: 8 })
    const logged = client
      .getMutationCache()
      .build(client, client.defaultMutationOptions({ mutationKey: ['library', 'markWatched'] }))
      .execute(libraryChange.markWatched(libraryTitle(1), fields, false))
    await vi.advanceTimersByTimeAsync(60_000)
    await logged
    expect(tries).toHaveLength(2)
    expect(tries[0]?.key).toEqual(expect.any(String))
    expect(tries[1]).toEqual(tries[0])
    // The browser said online all along: the toast says the change waits for the server, once.
    expect(told).toEqual([expect.objectContaining({ title: 'Can’t reach Reelmates right now' })])

    // Another change is another action, with a key of its own.
    const again = client
      .getMutationCache()
      .build(client, client.defaultMutationOptions({ mutationKey: ['library', 'markWatched'] }))
      .execute(libraryChange.markWatched(libraryTitle(1), fields, false))
    await again
    expect(tries[2]?.key).not.toBe(tries[0]?.key)
    expect(told).toHaveLength(1)
    vi.restoreAllMocks()
  })

  it('still fail at once when the server refuses them', async () => {
    onlineManager.setOnline(true)
    const client = pageClient({
      get: () => Promise.resolve([] as never),
      send: () => Promise.reject(new ApiError('This title is not in the catalog.', 404)),
    })
    const sending = client
      .getMutationCache()
      .build(client, client.defaultMutationOptions({ mutationKey: ['library', 'addToWatchlist'] }))
      .execute(libraryChange.addToWatchlist(libraryTitle(1)))
    await expect(sending).rejects.toThrow('This title is not in the catalog.')
    expect(states(client)).toEqual([['addToWatchlist', 'error']])
  })
})

describe('an add or a removal that another device made while this one was offline', () => {
  let told: toasts.ToastInput[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    onlineManager.setOnline(false)
    told = []
    vi.spyOn(toasts, 'toast').mockImplementation((input) => {
      told.push(input)
      return { id: String(told.length), dismiss: () => undefined, update: () => undefined }
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    onlineManager.setOnline(true)
  })

  /** Made offline, it waits; back online, the server answers `refusal` (the other device's change came first). */
  async function madeOfflineThenRefused(action: string, change: object, refusal: ApiError) {
    const client = pageClient({
      get: () => Promise.resolve([] as never),
      send: () => Promise.reject(onlineManager.isOnline() ? refusal : new ApiError(requestMessages.network, 0)),
    })
    client.setQueryData(libraryKeys.watchlist(), [])
    const sending = client
      .getMutationCache()
      .build(client, client.defaultMutationOptions({ mutationKey: ['library', action] }))
      .execute(change)
    // Its refusal, if any, is awaited by the test once the connection is back.
    sending.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(0)
    onlineManager.setOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    return { client, sending }
  }

  it('is done when the title is on the list already: no refusal, and the list is fetched again to show the server’s', async () => {
    const jaws = libraryTitle(578)
    const { client, sending } = await madeOfflineThenRefused(
      'addToWatchlist',
      libraryChange.addToWatchlist(jaws),
      new ApiError(alreadyOnWatchlistMessage, 409),
    )
    await expect(sending).resolves.toBeDefined()
    expect(states(client)).toEqual([['addToWatchlist', 'success']])
    expect(told).toEqual([])
    expect(client.getQueryState(libraryKeys.watchlist())?.isInvalidated).toBe(true)
  })

  it('gives back a note typed with the add, quietly, as the title keeps the note it has', async () => {
    const jaws = libraryTitle(578)
    const { sending } = await madeOfflineThenRefused(
      'addToWatchlist',
      libraryChange.addToWatchlist(jaws, 'With the lights off'),
      new ApiError(alreadyOnWatchlistMessage, 409),
    )
    await sending
    expect(told).toEqual([
      expect.objectContaining({
        title: `${jaws.title} was already on your watchlist`,
        description: 'It keeps the note it has there. Yours: “With the lights off”',
      }),
    ])
    expect(told[0]?.variant).toBeUndefined()
  })

  it('is done when the title is off the list already', async () => {
    const { client, sending } = await madeOfflineThenRefused(
      'removeFromWatchlist',
      libraryChange.removeFromWatchlist(libraryTitle(578)),
      new ApiError(notOnWatchlistMessage, 404),
    )
    await expect(sending).resolves.toBeDefined()
    expect(states(client)).toEqual([['removeFromWatchlist', 'success']])
    expect(told).toEqual([])
  })

  it('still fails when the server refuses it for another reason', async () => {
    const { sending } = await madeOfflineThenRefused(
      'removeFromWatchlist',
      libraryChange.removeFromWatchlist(libraryTitle(578)),
      new ApiError(alreadyOnWatchlistMessage, 409),
    )
    await expect(sending).rejects.toThrow(alreadyOnWatchlistMessage)
    expect(told).toEqual([expect.objectContaining({ variant: 'destructive' })])
  })
})

describe('a new watch the server has taken', () => {
  const newestFirst: WatchedFilters = { sort: 'watchedAt', direction: 'desc' }

  it('is confirmed under the id the server gave it, so a log already holding it does not show it twice', () => {
    const change = libraryChange.markWatched(libraryTitle(7), newWatch(), false)
    const taken = withServerIds(change, { entryId: 'entry-7' } as never)
    const fetched = { ...change.entry, id: 'entry-7' }
    const log = applyToWatchedLog({ items: [fetched], total: 1 }, taken, newestFirst, false)
    expect(log).toEqual({ items: [fetched], total: 1 })
    // Under its made-up id it was put in beside the fetched one.
    expect(applyToWatchedLog({ items: [fetched], total: 1 }, change, newestFirst, false).items).toHaveLength(2)
  })

  it('leaves every other change as it was', () => {
    const change = libraryChange.removeWatched('entry-1')
    expect(withServerIds(change, { entryId: 'entry-7' } as never)).toBe(change)
  })
})
