import { describe, expect, it } from 'vitest'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
} from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { activities } from './activities'
import { activityQueries } from './activityQueries'

const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: '/dune.jpg', releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry = {
  watchedAt: '2025-01-20T18:00:00.000Z',
  watchedOn: null as string | null,
  rating: 8,
  recommend: true,
  review: 'Epic',
  containsSpoilers: false,
  streamingService: 'HBO Max',
  isPrivate: false,
}
const added = (userId = 'u1') =>
  TitleAddedToWatchlist({
    userId,
    ...dune,
    note: 'private note',
    addedAt: '2026-11-01T00:00:00.000Z',
    media,
    streamingOn: [8],
  })
const watched = (entryId: string, changes: Partial<typeof entry> = {}, userId = 'u1') =>
  TitleWatched({ entryId, userId, ...dune, ...entry, ...changes, media, genreIds: [] })
const edited = (entryId: string, changes: Partial<typeof entry>) =>
  WatchedEntryEdited({ entryId, userId: 'u1', ...dune, ...entry, ...changes })

describe('activities', () => {
  it('records a watchlist add, without its note, at the time it was added', async () => {
    const h = await projectorHarness(activities)
    h.at('2026-11-01T00:00:00.002Z')
    await h.given(added())
    expect(await h.docs('activities')).toEqual([
      {
        _id: 'watchlist:u1:movie:438631',
        id: 'watchlist:u1:movie:438631',
        userId: 'u1',
        activityType: 'watchlist_add',
        ...dune,
        mediaTitle: 'Dune',
        mediaPosterPath: '/dune.jpg',
        recommend: null,
        review: null,
        isPrivate: false,
        createdAt: '2026-11-01T00:00:00.000Z',
        targetUserId: null,
        targetUsername: null,
        audience: null,
        metadataJson: null,
      },
    ])
  })

  it('removes the watchlist add when the title leaves the watchlist', async () => {
    const h = await projectorHarness(activities)
    await h.given(added('u1'), added('u2'), TitleRemovedFromWatchlist({ userId: 'u1', ...dune }))
    expect((await h.docs('activities')).map((d) => d.userId)).toEqual(['u2'])
  })

  it('gives a title put back on the watchlist its activity back, at the time it was first added', async () => {
    const h = await projectorHarness(activities)
    await h.given(added())
    const [before] = await h.docs('activities')
    h.at('2026-11-25T08:00:00.000Z')
    await h.given(TitleRemovedFromWatchlist({ userId: 'u1', ...dune }), TitlePutBackOnWatchlist(added().data))
    expect(await h.docs('activities')).toEqual([before])
  })

  it('makes a title added again after a removal an activity of its own, so that nothing said on the first add comes back', async () => {
    const h = await projectorHarness(activities)
    const again = TitleAddedToWatchlist({ ...added().data, addedAt: '2026-11-20T00:00:00.000Z' })
    await h.given(added(), TitleRemovedFromWatchlist({ userId: 'u1', ...dune }), again)
    expect((await h.docs('activities')).map((d) => [d._id, d.createdAt])).toEqual([
      ['watchlist:u1:movie:438631:2', '2026-11-20T00:00:00.000Z'],
    ])
    // Its own undo gives it back under the same id; the title of another member counts apart.
    await h.given(
      TitleRemovedFromWatchlist({ userId: 'u1', ...dune }),
      TitlePutBackOnWatchlist(again.data),
      added('u2'),
    )
    expect((await h.docs('activities')).map((d) => d._id).sort()).toEqual([
      'watchlist:u1:movie:438631:2',
      'watchlist:u2:movie:438631',
    ])
  })

  it('records a public watch when it was logged, not at the watchedAt the user can edit', async () => {
    const h = await projectorHarness(activities)
    h.at('2026-11-21T08:00:00.000Z')
    await h.given(watched('e1'), edited('e1', { watchedAt: '2024-05-05T00:00:00.000Z', watchedOn: '2024-05-05' }))
    const [activity] = await h.docs('activities')
    expect(activity).toMatchObject({
      _id: 'watched:e1',
      activityType: 'watched',
      mediaTitle: 'Dune',
      review: 'Epic',
      recommend: true,
      isPrivate: false,
      createdAt: '2026-11-21T08:00:00.000Z',
    })
    expect(JSON.parse(String(activity?.metadataJson))).toEqual({
      rating: 8,
      containsSpoilers: false,
      streamingService: 'HBO Max',
      watchedAt: '2024-05-05T00:00:00.000Z',
      watchedOn: '2024-05-05',
    })
  })

  it('writes no activity at all for a private watch', async () => {
    const h = await projectorHarness(activities)
    await h.given(watched('e1', { isPrivate: true }))
    expect(await h.docs('activities')).toEqual([])
  })

  it('removes the activity of an entry made private, and brings it back, edited, when made public', async () => {
    const h = await projectorHarness(activities)
    h.at('2026-11-21T08:00:00.000Z')
    await h.given(watched('e1'))
    h.at('2026-11-22T08:00:00.000Z')
    await h.given(edited('e1', { isPrivate: true, review: 'secret' }))
    expect(await h.docs('activities')).toEqual([])
    await h.given(edited('e1', { review: 'Even better', isPrivate: false }))
    expect(await h.docs('activities')).toEqual([
      expect.objectContaining({ review: 'Even better', mediaTitle: 'Dune', createdAt: '2026-11-21T08:00:00.000Z' }),
    ])
  })

  it('creates the activity of a private entry made public', async () => {
    const h = await projectorHarness(activities)
    await h.given(watched('e1', { isPrivate: true }), edited('e1', { isPrivate: false }))
    expect(await h.docs('activities')).toEqual([expect.objectContaining({ _id: 'watched:e1', review: 'Epic' })])
  })

  it('removes the activity of a removed entry, after an edit', async () => {
    const h = await projectorHarness(activities)
    await h.given(
      watched('e1'),
      edited('e1', { rating: 2 }),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
    )
    expect(await h.docs('activities')).toEqual([])
  })

  it('gives a removed entry put back its activity, as last edited, at the time it was first logged', async () => {
    const h = await projectorHarness(activities)
    h.at('2026-11-21T08:00:00.000Z')
    await h.given(watched('e1'))
    const [before] = await h.docs('activities')
    h.at('2026-11-25T08:00:00.000Z')
    await h.given(
      edited('e1', { review: 'Even better' }),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
    )
    expect(await h.docs('activities')).toEqual([])
    await h.given(
      WatchedEntryRestored({
        entryId: 'e1',
        userId: 'u1',
        ...dune,
        ...entry,
        review: 'Even better',
        media,
        genreIds: [],
      }),
    )
    expect(await h.docs('activities')).toEqual([{ ...before, review: 'Even better' }])
  })

  it('gives a private entry put back no activity', async () => {
    const h = await projectorHarness(activities)
    await h.given(
      watched('e1', { isPrivate: true }),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
      WatchedEntryRestored({ entryId: 'e1', userId: 'u1', ...dune, ...entry, isPrivate: true, media, genreIds: [] }),
    )
    expect(await h.docs('activities')).toEqual([])
  })

  it('changes nothing when events come again, and brings nothing removed back', async () => {
    const h = await projectorHarness(activities)
    const recorded = await h.given(
      added(),
      watched('e1'),
      watched('e2'),
      edited('e2', { isPrivate: true }),
      TitleRemovedFromWatchlist({ userId: 'u1', ...dune }),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
    )
    expect(await h.docs('activities')).toEqual([])
    await h.redeliver(...recorded)
    await h.redeliver(recorded[0]!, recorded[1]!, recorded[2]!)
    expect(await h.docs('activities')).toEqual([])
  })

  it('forgets a deleted account’s activities', async () => {
    const h = await projectorHarness(activities)
    await h.given(watched('e1', {}, 'u1'), watched('e2', {}, 'u2'), { type: 'AccountDeleted', data: { userId: 'u1' } })
    expect((await h.docs('activities')).map((d) => d.userId)).toEqual(['u2'])
    expect((await h.docs('activity_entries')).map((d) => d.userId)).toEqual(['u2'])
  })

  it('forgets how often a deleted account added each title', async () => {
    const h = await projectorHarness(activities)
    await h.given(added('u1'), added('u2'), { type: 'AccountDeleted', data: { userId: 'u1' } })
    expect((await h.docs('activity_watchlist_adds')).map((d) => d.userId)).toEqual(['u2'])
  })
})

describe('activity queries', () => {
  it("answers the latest activities of the people asked for, newest first, and nobody else's", async () => {
    const h = await projectorHarness(activities)
    await h.given(added('u1'), watched('e1', {}, 'u2'), watched('e2', {}, 'u3'))
    const latest = await activityQueries(h.db).latestOf(['u1', 'u2'], { limit: 10 })
    expect(latest.map((activity) => activity.userId).sort()).toEqual(['u1', 'u2'])
    expect(activityQueries.readModels).toEqual(['activities'])
  })
})
