import { describe, expect, it } from 'vitest'
import { TitleWatched, WatchedEntryEdited, WatchedEntryRemoved } from '@reelmates/contracts/watched'
import { TitleAddedToWatchlist } from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { activities } from './activities'

const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: '/dune.jpg', releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry = {
  watchedAt: '2026-11-20T18:00:00.000Z',
  rating: 8,
  recommend: true,
  review: 'Epic',
  streamingService: 'HBO Max',
  isPrivate: false,
}
const publicOnes = (h: Awaited<ReturnType<typeof projectorHarness>>) => h.docs('activities', { isPrivate: false })

describe('activities', () => {
  it('records a watchlist add', async () => {
    const h = await projectorHarness(activities)
    const [recorded] = await h.given(
      TitleAddedToWatchlist({
        userId: 'u1',
        ...dune,
        note: 'private note',
        addedAt: '2026-11-01T00:00:00.000Z',
        media,
      }),
    )
    expect(await publicOnes(h)).toEqual([
      {
        _id: recorded!.id,
        id: recorded!.id,
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
        metadataJson: null,
      },
    ])
  })

  it('records a public watch with its review, rating and service', async () => {
    const h = await projectorHarness(activities)
    await h.given(TitleWatched({ entryId: 'e1', userId: 'u1', ...dune, ...entry, media }))
    const [activity] = await publicOnes(h)
    expect(activity).toMatchObject({ _id: 'watched:e1', activityType: 'watched', review: 'Epic', recommend: true })
    expect(JSON.parse(String(activity?.metadataJson))).toEqual({
      rating: 8,
      streamingService: 'HBO Max',
      watchedAt: '2026-11-20T18:00:00.000Z',
    })
  })

  it('never makes a private watch public', async () => {
    const h = await projectorHarness(activities)
    await h.given(TitleWatched({ entryId: 'e1', userId: 'u1', ...dune, ...entry, isPrivate: true, media }))
    expect(await publicOnes(h)).toEqual([])
  })

  it('follows an entry made private, then public again, with its edits', async () => {
    const h = await projectorHarness(activities)
    await h.given(
      TitleWatched({ entryId: 'e1', userId: 'u1', ...dune, ...entry, media }),
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, isPrivate: true }),
    )
    expect(await publicOnes(h)).toEqual([])
    await h.given(
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, review: 'Even better', isPrivate: false }),
    )
    expect(await publicOnes(h)).toEqual([expect.objectContaining({ review: 'Even better', mediaTitle: 'Dune' })])
  })

  it('removes the activity of a removed entry, after an edit', async () => {
    const h = await projectorHarness(activities)
    await h.given(
      TitleWatched({ entryId: 'e1', userId: 'u1', ...dune, ...entry, media }),
      WatchedEntryEdited({ entryId: 'e1', userId: 'u1', ...dune, ...entry, rating: 2 }),
      WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
    )
    expect(await h.docs('activities')).toEqual([])
  })

  it('forgets a deleted account’s activities', async () => {
    const h = await projectorHarness(activities)
    await h.given(
      TitleWatched({ entryId: 'e1', userId: 'u1', ...dune, ...entry, media }),
      TitleWatched({ entryId: 'e2', userId: 'u2', ...dune, ...entry, media }),
      { type: 'AccountDeleted', data: { userId: 'u1' } },
    )
    expect((await h.docs('activities')).map((d) => d.userId)).toEqual(['u2'])
  })
})
