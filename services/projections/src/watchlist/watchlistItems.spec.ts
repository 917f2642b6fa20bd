import { describe, expect, it } from 'vitest'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistNoteEdited,
  WatchlistTitleMoved,
} from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { watchlistItems } from './watchlistItems'
import { watchlistQueries } from './watchlistQueries'

const media = (title: string) => ({ title, posterPath: `/${title}.jpg`, releaseDate: '2020-01-01', voteAverage: 7 })
const add = (userId: string, tmdbId: number, note: string | null = null) =>
  TitleAddedToWatchlist({
    userId,
    tmdbId,
    mediaType: 'movie',
    note,
    addedAt: `2026-11-0${(tmdbId % 9) + 1}T00:00:00.000Z`,
    media: media(`t${tmdbId}`),
    streamingOn: tmdbId === 1 ? [8, 15] : [],
  })
const order = async (h: Awaited<ReturnType<typeof projectorHarness>>, userId: string) =>
  (await h.db.collection('watchlist_items').find({ userId }, { sort: { order: 1 } })).map((d) => [d.tmdbId, d.order])

describe('watchlist_items', () => {
  it('puts a title back at the end, as it was added, once however often the event comes', async () => {
    const h = await projectorHarness(watchlistItems)
    const first = add('u1', 1, 'with Sam')
    const recorded = await h.given(
      first,
      add('u1', 2),
      TitleRemovedFromWatchlist({ userId: 'u1', tmdbId: 1, mediaType: 'movie' }),
      TitlePutBackOnWatchlist(first.data),
    )
    await h.redeliver(...recorded.slice(2))
    expect(await order(h, 'u1')).toEqual([
      [2, 0],
      [1, 1],
    ])
    expect((await h.docs('watchlist_items')).find((doc) => doc._id === 'u1:movie:1')).toMatchObject({
      note: 'with Sam',
      addedAt: '2026-11-02T00:00:00.000Z',
      streamingOn: [8, 15],
    })
  })

  it('adds a document per title, at the end, with the title as recorded', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(add('u1', 1, 'with Sam'), add('u1', 2))
    expect(await h.docs('watchlist_items')).toEqual([
      {
        _id: 'u1:movie:1',
        id: 'u1:movie:1',
        userId: 'u1',
        tmdbId: 1,
        mediaType: 'movie',
        addedAt: '2026-11-02T00:00:00.000Z',
        order: 0,
        note: 'with Sam',
        title: 't1',
        posterPath: '/t1.jpg',
        releaseDate: '2020-01-01',
        voteAverage: 7,
        streamingOn: [8, 15],
        recommendation: null,
        // What the list sorts by (watchlistQueries).
        sortTitle: 't0000000001',
        hasRating: true,
        sortRating: 7,
        hasReleaseDate: true,
      },
      expect.objectContaining({ _id: 'u1:movie:2', order: 1 }),
    ])
  })

  it('records the recommendation a title came from, and names its sender as they are called now', async () => {
    const h = await projectorHarness(watchlistItems)
    await seedUsers(h.db, { ann: 'ann' })
    const recommendation = { recommendationId: 'r1', fromUserId: 'ann' }
    await h.given({ ...add('u1', 1), data: { ...add('u1', 1).data, recommendation } }, add('u1', 2))
    const items = await watchlistQueries(h.db).all('u1')
    expect(items.map((item) => item.recommendedBy)).toEqual([{ recommendationId: 'r1', username: 'ann' }, null])
  })

  it('keeps each user’s order separate', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(add('u1', 1), add('u2', 2), add('u1', 3))
    expect(await order(h, 'u1')).toEqual([
      [1, 0],
      [3, 1],
    ])
    expect(await order(h, 'u2')).toEqual([[2, 0]])
  })

  it('closes the gap when a title is removed', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(
      add('u1', 1),
      add('u1', 2),
      add('u1', 3),
      TitleRemovedFromWatchlist({ userId: 'u1', tmdbId: 1, mediaType: 'movie' }),
    )
    expect(await order(h, 'u1')).toEqual([
      [2, 0],
      [3, 1],
    ])
  })

  it('moves a title up and down, shifting the ones between', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(add('u1', 1), add('u1', 2), add('u1', 3), add('u1', 4))
    await h.given(WatchlistTitleMoved({ userId: 'u1', tmdbId: 4, mediaType: 'movie', toIndex: 1 }))
    expect(await order(h, 'u1')).toEqual([
      [1, 0],
      [4, 1],
      [2, 2],
      [3, 3],
    ])
    await h.given(WatchlistTitleMoved({ userId: 'u1', tmdbId: 1, mediaType: 'movie', toIndex: 3 }))
    expect(await order(h, 'u1')).toEqual([
      [4, 0],
      [2, 1],
      [3, 2],
      [1, 3],
    ])
  })

  it('edits a note', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(
      add('u1', 1, 'old'),
      WatchlistNoteEdited({ userId: 'u1', tmdbId: 1, mediaType: 'movie', note: 'IMAX' }),
    )
    expect((await h.docs('watchlist_items'))[0]?.note).toBe('IMAX')
  })

  it('removes a title after its note was edited, and can add it again at the end', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(
      add('u1', 1),
      add('u1', 2),
      WatchlistNoteEdited({ userId: 'u1', tmdbId: 1, mediaType: 'movie', note: 'x' }),
      TitleRemovedFromWatchlist({ userId: 'u1', tmdbId: 1, mediaType: 'movie' }),
      add('u1', 1),
    )
    expect(await order(h, 'u1')).toEqual([
      [2, 0],
      [1, 1],
    ])
    expect((await h.docs('watchlist_items', { tmdbId: 1 }))[0]?.note).toBeNull()
  })

  it('changes nothing when events come again: an add, a move, an edit', async () => {
    const h = await projectorHarness(watchlistItems)
    const recorded = await h.given(
      add('u1', 1),
      add('u1', 2),
      add('u1', 3),
      WatchlistTitleMoved({ userId: 'u1', tmdbId: 3, mediaType: 'movie', toIndex: 0 }),
      WatchlistNoteEdited({ userId: 'u1', tmdbId: 1, mediaType: 'movie', note: 'IMAX' }),
    )
    const before = await h.docs('watchlist_items')
    await h.redeliver(...recorded)
    await h.redeliver(recorded[3]!, recorded[0]!)
    expect(await h.docs('watchlist_items')).toEqual(before)
    expect(await order(h, 'u1')).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ])
  })

  it('does not bring back a removed title when its add comes again', async () => {
    const h = await projectorHarness(watchlistItems)
    const [added] = await h.given(
      add('u1', 1),
      add('u1', 2),
      TitleRemovedFromWatchlist({ userId: 'u1', tmdbId: 1, mediaType: 'movie' }),
    )
    await h.redeliver(added!)
    expect(await order(h, 'u1')).toEqual([[2, 0]])
  })

  it('forgets a deleted account’s watchlist', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(add('u1', 1), add('u2', 1), { type: 'AccountDeleted', data: { userId: 'u1' } })
    expect((await h.docs('watchlist_items')).map((d) => d.userId)).toEqual(['u2'])
  })
})
