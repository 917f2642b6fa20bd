import { describe, expect, it } from 'vitest'
import { TitleWatched } from '@reelmates/contracts/watched'
import { TitleAddedToWatchlist } from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { mediaItems } from './mediaItems'

const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: '/dune.jpg', releaseDate: '2021-09-15', voteAverage: 7.8 }

describe('media_items', () => {
  it('keeps one document per title, with what was last recorded of it', async () => {
    const h = await projectorHarness(mediaItems)
    await h.given(
      TitleAddedToWatchlist({
        userId: 'u1',
        ...dune,
        note: null,
        addedAt: '2026-11-01T00:00:00.000Z',
        media,
        streamingOn: [],
      }),
      TitleWatched({
        entryId: 'e1',
        userId: 'u2',
        ...dune,
        watchedAt: '2026-11-02T00:00:00.000Z',
        rating: null,
        recommend: null,
        review: null,
        streamingService: null,
        isPrivate: true,
        media: { ...media, voteAverage: 8.1 },
      }),
    )
    expect(await h.docs('media_items')).toEqual([
      {
        _id: 'movie:438631',
        id: 'movie:438631',
        ...dune,
        ...media,
        voteAverage: 8.1,
        updatedAt: '2026-11-20T20:00:00.000Z',
        position: '00000000000000000002',
      },
    ])
  })

  it('tells a movie and a show with the same id apart', async () => {
    const h = await projectorHarness(mediaItems)
    const added = (mediaType: 'movie' | 'tv') =>
      TitleAddedToWatchlist({
        userId: 'u1',
        tmdbId: 1,
        mediaType,
        note: null,
        addedAt: '2026-11-01T00:00:00.000Z',
        media,
        streamingOn: [],
      })
    await h.given(added('movie'), added('tv'))
    expect((await h.docs('media_items')).map((d) => d._id)).toEqual(['movie:1', 'tv:1'])
  })

  it('keeps the newer snapshot when an older event comes again', async () => {
    const h = await projectorHarness(mediaItems)
    const added = (userId: string, voteAverage: number) =>
      TitleAddedToWatchlist({
        userId,
        ...dune,
        note: null,
        addedAt: '2026-11-01T00:00:00.000Z',
        media: { ...media, voteAverage },
        streamingOn: [],
      })
    const [older, newer] = await h.given(added('u1', 7), added('u2', 9))
    await h.redeliver(older!)
    expect(await h.docs('media_items')).toEqual([expect.objectContaining({ voteAverage: 9 })])
    await h.redeliver(newer!)
    expect(await h.docs('media_items')).toEqual([expect.objectContaining({ voteAverage: 9 })])
  })
})
