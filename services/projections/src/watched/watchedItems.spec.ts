import { describe, expect, it } from 'vitest'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import { publicQueries } from '../friends/publicQueries'
import { projectorHarness } from '../testing/projectorHarness'
import { watchedItems } from './watchedItems'
import { watchedQueries } from './watchedQueries'

const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: null, releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry = {
  watchedAt: '2026-11-20T18:00:00.000Z',
  watchedOn: '2026-11-20',
  rating: 8,
  recommend: true,
  review: 'Epic',
  containsSpoilers: false,
  streamingService: 'HBO Max',
  isPrivate: false,
}
const genreIds = [878, 12]
const watched = (entryId: string, userId = 'u1') =>
  TitleWatched({ entryId, userId, ...dune, ...entry, media, genreIds })

describe('watched_items', () => {
  it('adds a document per entry, rewatches included', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(watched('e1'), watched('e2'))
    const docs = await h.docs('watched_items')
    expect(docs).toHaveLength(2)
    expect(docs[0]).toEqual({
      _id: 'e1',
      id: 'e1',
      userId: 'u1',
      ...dune,
      ...entry,
      ...media,
      genreIds,
      // What the log sorts by (watchedQueries).
      sortTitle: 'dune',
      diaryDay: '2026-11-20',
      hasRating: true,
      hasReleaseDate: true,
    })
  })

  it('applies an edit', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(
      watched('e1'),
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, rating: 10, isPrivate: true }),
    )
    expect((await h.docs('watched_items'))[0]).toMatchObject({ rating: 10, isPrivate: true, title: 'Dune' })
  })

  it('removes an entry after an edit', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(
      watched('e1'),
      watched('e2'),
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, review: 'changed' }),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
    )
    expect((await h.docs('watched_items')).map((d) => d._id)).toEqual(['e2'])
  })

  it('puts a removed entry back, once, as the event gives it', async () => {
    const h = await projectorHarness(watchedItems)
    const recorded = await h.given(
      watched('e1'),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
      WatchedEntryRestored({ entryId: 'e1', userId: 'u1', ...dune, ...entry, rating: 6, media, genreIds }),
    )
    await h.redeliver(...recorded.slice(1))
    expect(await h.docs('watched_items')).toEqual([
      {
        _id: 'e1',
        id: 'e1',
        userId: 'u1',
        ...dune,
        ...entry,
        rating: 6,
        ...media,
        genreIds,
        sortTitle: 'dune',
        diaryDay: '2026-11-20',
        hasRating: true,
        hasReleaseDate: true,
      },
    ])
  })

  it('changes nothing when a watch or an edit comes again', async () => {
    const h = await projectorHarness(watchedItems)
    const recorded = await h.given(
      watched('e1'),
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, rating: 3 }),
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, rating: 9 }),
    )
    await h.redeliver(...recorded)
    await h.redeliver(recorded[1]!)
    expect(await h.docs('watched_items')).toEqual([expect.objectContaining({ _id: 'e1', rating: 9 })])
  })

  it('does not bring back a removed entry when its watch comes again', async () => {
    const h = await projectorHarness(watchedItems)
    const [first] = await h.given(
      watched('e1'),
      watched('e2'),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
    )
    await h.redeliver(first!)
    expect((await h.docs('watched_items')).map((d) => d._id)).toEqual(['e2'])
  })

  it('forgets a deleted account’s log', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(watched('e1', 'u1'), watched('e2', 'u2'), { type: 'AccountDeleted', data: { userId: 'u1' } })
    expect((await h.docs('watched_items')).map((d) => d._id)).toEqual(['e2'])
  })

  it('keeps a review covered in a document projected before writers could mark spoilers', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(watched('e1'), watched('e2'), watched('e3'))
    await h.given(WatchedEntryEdited({ entryId: 'e2', userId: 'u1', ...dune, ...entry, review: null }))
    await h.given(WatchedEntryEdited({ entryId: 'e3', userId: 'u1', ...dune, ...entry, containsSpoilers: true }))
    // e1 and e2 as the projector of before wrote them: no mark at all.
    await h.db
      .collection('watched_items')
      .updateMany({ _id: { $in: ['e1', 'e2'] } }, { $unset: { containsSpoilers: '' } })
    const marks = (items: readonly { id: string; containsSpoilers: boolean }[]) =>
      Object.fromEntries(items.map((item) => [item.id, item.containsSpoilers]))
    const expected = { e1: true, e2: false, e3: true }
    expect(marks(await watchedQueries(h.db).ofTitle('u1', dune))).toEqual(expected)
    expect(marks((await publicQueries(h.db).activity('u1')).recent)).toEqual(expected)
  })
})
