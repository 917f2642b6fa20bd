import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { createLibrary, type LibraryTitle, type Refusal } from './library'
import type { LibraryRequests } from './libraryCalls'
import { foldWatchlist } from './libraryChanges'
import { libraryKeys, watchlistQuery } from './libraryQueries'
import { watchedItem, watchlistOf } from './testing'

interface Call {
  method: string
  path: string
  body?: unknown
  answer: (value: unknown) => void
  refuse: (error: Error) => void
}

/** A request client whose every change waits until the spec answers it, as a slow network would. */
function heldRequests(watchlist: () => WatchlistItem[]) {
  const calls: Call[] = []
  const requests: LibraryRequests = {
    get: <T>(path: string) => {
      calls.push({ method: 'GET', path, answer: () => undefined, refuse: () => undefined })
      const items = watchlist()
      return Promise.resolve({ items, page: 1, pageSize: 500, total: items.length } as T)
    },
    send: <T>(method: string, path: string, body?: unknown) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ method, path, body, answer: (value) => resolve(value as T), refuse: reject })
      }),
  }
  const changes = () => calls.filter((call) => call.method !== 'GET')
  const change = (index: number): Call => {
    const call = changes()[index]
    if (!call) throw new Error(`change ${index} was never sent`)
    return call
  }
  return { requests, calls, changes, change }
}

const title = (tmdbId: number): LibraryTitle => ({
  tmdbId,
  mediaType: 'movie',
  title: `Film ${tmdbId}`,
  posterPath: null,
  releaseDate: null,
  voteAverage: null,
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  let server = watchlistOf(1, 2, 3)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } })
  const held = heldRequests(() => server)
  const refusals: Refusal[] = []
  const library = createLibrary(queryClient, held.requests, { onRefused: (refusal) => refusals.push(refusal) })
  queryClient.setQueryData(libraryKeys.watchlist(), server)
  // The screen showing the watchlist: only a watched query is fetched again.
  new QueryObserver(queryClient, { ...watchlistQuery(held.requests), staleTime: Infinity }).subscribe(() => undefined)
  const shown = () =>
    foldWatchlist(queryClient.getQueryData<WatchlistItem[]>(libraryKeys.watchlist()) ?? [], library.pending.current())
  return { queryClient, held, library, refusals, shown, setServer: (items: WatchlistItem[]) => (server = items) }
}
const ids = (items: { tmdbId: number }[]) => items.map((item) => item.tmdbId)

describe('library changes on a slow network', () => {
  it('shows each change at once but sends the next only after the previous has answered', async () => {
    const { held, library, shown } = setup()
    void library.addToWatchlist(title(4))
    void library.moveOnWatchlist(title(4), 0)
    expect(ids(shown())).toEqual([4, 1, 2, 3])
    await settle()
    expect(held.changes().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/watchlist'])
    held.change(0).answer({ position: '10' })
    await settle()
    expect(held.changes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/watchlist',
      'POST /api/watchlist/movie/4/move',
    ])
    expect(held.change(1).body).toEqual({ toIndex: 0 })
    expect(ids(shown())).toEqual([4, 1, 2, 3])
  })

  it('takes back only the refused change, keeps the later ones, and says why', async () => {
    const { held, library, shown, refusals } = setup()
    const refused = library.removeFromWatchlist({ ...title(2), title: 'Film 2' })
    void library.moveOnWatchlist(title(3), 0)
    await settle()
    held.change(0).refuse(new Error('This title is not on your watchlist.'))
    expect(await refused).toBe(false)
    expect(ids(shown())).toEqual([3, 1, 2])
    expect(refusals).toEqual([
      { title: "Couldn't remove Film 2 from your watchlist", description: 'This title is not on your watchlist.' },
    ])
  })

  it("folds confirmed changes into the cached list, then shows the server's list once all have answered", async () => {
    const { held, library, shown, queryClient, setServer } = setup()
    const added = library.addToWatchlist(title(4))
    const moved = library.moveOnWatchlist(title(4), 1)
    await settle()
    held.change(0).answer({ position: '10' })
    await settle()
    expect(ids(queryClient.getQueryData<WatchlistItem[]>(libraryKeys.watchlist()) ?? [])).toEqual([1, 2, 3, 4])
    expect(library.pending.current()).toHaveLength(1)
    const gets = held.calls.filter((call) => call.method === 'GET').length
    expect(gets).toBe(0) // nothing is fetched while a change is still on its way
    // Meanwhile the user also dropped title 2 on another device: the server's list has the last word.
    setServer(watchlistOf(1, 4, 3))
    held.change(1).answer({ position: '11' })
    expect(await added).toBe(true)
    expect(await moved).toBe(true)
    expect(library.pending.current()).toHaveLength(0)
    expect(ids(shown())).toEqual([1, 4, 2, 3])
    await settle()
    expect(held.calls.filter((call) => call.method === 'GET')).toHaveLength(1)
    expect(ids(shown())).toEqual([1, 4, 3])
  })

  it('puts a removed title back in its old place when the removal is undone', async () => {
    const { held, library, shown } = setup()
    const removed = watchlistOf(1, 2, 3)[1]
    if (!removed) throw new Error('no second title')
    void library.removeFromWatchlist(removed)
    void library.restoreToWatchlist(removed)
    expect(ids(shown())).toEqual([1, 2, 3])
    for (let index = 0; index < 3; index++) {
      await settle()
      held.change(index).answer({ position: String(20 + index) })
    }
    expect(held.changes().map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body ?? '')}`)).toEqual([
      'DELETE /api/watchlist/movie/2 ""',
      'POST /api/watchlist {"tmdbId":2,"mediaType":"movie"}',
      'POST /api/watchlist/movie/2/move {"toIndex":1}',
    ])
  })

  it("leaves a watch's time to the server when none was picked, and shows it at once as now", async () => {
    const { held, library } = setup()
    const before = Date.now()
    const fields = { rating: 8, recommend: null, review: null, streamingService: null, isPrivate: false }
    void library.markWatched(title(7), fields, false)
    void library.markWatched(title(8), { ...fields, watchedAt: '2026-11-01T12:00:00.000Z' }, false)
    const pending = library.pending.current().filter((change) => change.kind === 'markWatched')
    expect(Date.parse(pending[0]!.entry.watchedAt)).toBeGreaterThanOrEqual(before)
    await settle()
    expect(held.change(0).body).not.toHaveProperty('watchedAt')
    expect(held.change(0).body).toMatchObject({ tmdbId: 7, rating: 8 })
    held.change(0).answer({ position: '10', entryId: 'e7' })
    await settle()
    expect(held.change(1).body).toMatchObject({ tmdbId: 8, watchedAt: '2026-11-01T12:00:00.000Z' })
  })

  it('puts a removed diary entry back with the same watch time, rating, review, service and privacy', async () => {
    const { held, library } = setup()
    const entry = watchedItem('e1', 5, {
      watchedAt: '2026-10-03T21:15:00.000Z',
      rating: 9,
      recommend: true,
      review: 'The last act still lands.',
      streamingService: 'Netflix',
      isPrivate: true,
    })
    void library.removeWatched(entry.id)
    void library.restoreWatched(entry)
    await settle()
    held.change(0).answer({ position: '10' })
    await settle()
    expect(held.changes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /api/watched/e1',
      'POST /api/watched',
    ])
    expect(held.change(1).body).toEqual({
      tmdbId: 5,
      mediaType: 'movie',
      watchedAt: '2026-10-03T21:15:00.000Z',
      rating: 9,
      recommend: true,
      review: 'The last act still lands.',
      streamingService: 'Netflix',
      isPrivate: true,
      removeFromWatchlist: false,
    })
  })
})
