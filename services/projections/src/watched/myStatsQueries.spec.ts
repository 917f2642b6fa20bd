import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import { TitleWatched, WatchedEntryEdited, WatchedEntryRemoved } from '@reelmates/contracts/watched'
import { projectorHarness } from '../testing/projectorHarness'
import { myStatsQueries } from './myStatsQueries'
import { watchedItems } from './watchedItems'

const now = new Date('2026-11-24T10:00:00.000Z')
const drama = 18
const scifi = 878
const crime = 80

let entries = 0
const watch = (
  title: string,
  tmdbId: number,
  {
    rating = null as number | null,
    watchedAt = '2026-06-01T20:00:00.000Z',
    watchedOn = null as string | null,
    streamingService = null as string | null,
    genreIds = [] as number[],
    isPrivate = false,
    userId = 'me',
  } = {},
) =>
  TitleWatched({
    entryId: `e${++entries}`,
    userId,
    tmdbId,
    mediaType: 'movie',
    watchedAt,
    watchedOn,
    rating,
    recommend: null,
    review: null,
    containsSpoilers: false,
    streamingService,
    isPrivate,
    media: { title, posterPath: null, releaseDate: null, voteAverage: null },
    genreIds,
  })

async function statsAfter(...events: Parameters<Awaited<ReturnType<typeof projectorHarness>>['given']>) {
  const h = await projectorHarness(watchedItems)
  await h.given(...events)
  return myStatsQueries(h.db).figures('me', now, 5)
}

describe('my stats', () => {
  it('tells a new member there is nothing yet, with no average', async () => {
    expect(await statsAfter()).toEqual({
      year: 2026,
      watchedThisYear: 0,
      watchedTotal: 0,
      averageRating: null,
      ratedCount: 0,
      ratingSpread: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      genreCounts: [],
      topServices: [],
      favourites: [],
    })
  })

  it('counts this calendar year apart from all time, private watches and rewatches included', async () => {
    const stats = await statsAfter(
      watch('Heat', 949, { watchedAt: '2025-12-31T23:00:00.000Z' }),
      watch('Heat', 949, { watchedAt: '2026-01-01T00:30:00.000Z' }),
      watch('Alien', 348, { isPrivate: true }),
      watch('Not mine', 1, { userId: 'someone-else' }),
    )
    expect(stats).toMatchObject({ year: 2026, watchedThisYear: 2, watchedTotal: 3 })
  })

  it('counts the year in the time zone asked for, so it agrees with the days the diary shows there', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(
      watch('Bridgerton', 1, { watchedAt: '2025-12-31T23:30:00.000Z' }),
      watch('Heat', 949, { watchedAt: '2026-12-31T20:00:00.000Z' }),
      watch('Alien', 348, { watchedAt: '2026-06-01T12:00:00.000Z' }),
    )
    const inZone = (timeZone: string | undefined, at = now) => myStatsQueries(h.db).figures('me', at, 5, timeZone)
    // 23:30 UTC on New Year's Eve is already 2026 in Auckland; 20:00 UTC on the last day of 2026 is 2027 there.
    expect(await inZone('Pacific/Auckland')).toMatchObject({ year: 2026, watchedThisYear: 2 })
    expect(await inZone(undefined)).toMatchObject({ year: 2026, watchedThisYear: 2 })
    expect(await inZone('America/Los_Angeles')).toMatchObject({ year: 2026, watchedThisYear: 2 })
    const newYearInAuckland = new Date('2026-12-31T12:00:00.000Z')
    expect(await inZone('Pacific/Auckland', newYearInAuckland)).toMatchObject({ year: 2027, watchedThisYear: 1 })
    expect(await inZone('UTC', newYearInAuckland)).toMatchObject({ year: 2026, watchedThisYear: 2 })
  })

  it('counts a watch in the year of the day the diary kept, wherever the year is asked from', async () => {
    const h = await projectorHarness(watchedItems)
    await h.given(
      // Watched on New Year's Eve in Los Angeles: already 2027 in UTC, and in Auckland.
      watch('Heat', 949, { watchedAt: '2027-01-01T07:00:00.000Z', watchedOn: '2026-12-31' }),
      watch('Alien', 348, { watchedAt: '2027-01-02T12:00:00.000Z', watchedOn: '2027-01-02' }),
    )
    const inZone = (timeZone: string) =>
      myStatsQueries(h.db).figures('me', new Date('2027-01-03T00:00:00.000Z'), 5, timeZone)
    expect(await inZone('Pacific/Auckland')).toMatchObject({ year: 2027, watchedThisYear: 1 })
    expect(await inZone('UTC')).toMatchObject({ year: 2027, watchedThisYear: 1 })
  })

  it('averages the ratings given, to one decimal, ignoring unrated watches', async () => {
    const stats = await statsAfter(
      watch('A', 1, { rating: 8 }),
      watch('B', 2, { rating: 7 }),
      watch('C', 3, { rating: 7 }),
      watch('D', 4),
    )
    expect(stats).toMatchObject({ averageRating: 7.33, ratedCount: 3 })
  })

  it('spreads the ratings over the scale, ½★ to 5★, a rewatch counted again and an unrated watch not at all', async () => {
    const stats = await statsAfter(
      watch('A', 1, { rating: 1 }),
      watch('B', 2, { rating: 7 }),
      watch('B', 2, { rating: 7 }),
      watch('C', 3, { rating: 10, isPrivate: true }),
      watch('D', 4),
    )
    expect(stats.ratingSpread).toEqual([1, 0, 0, 0, 0, 0, 2, 0, 0, 1])
    expect(stats.ratingSpread.reduce((sum, count) => sum + count, 0)).toBe(stats.ratedCount)
  })

  it('ranks genres and services by watches (a tie: the latest watched first), a service however it was capitalised', async () => {
    const stats = await statsAfter(
      watch('A', 1, { genreIds: [drama, crime], streamingService: 'netflix', watchedAt: '2026-03-01T20:00:00.000Z' }),
      watch('B', 2, { genreIds: [drama], streamingService: 'Netflix', watchedAt: '2026-04-01T20:00:00.000Z' }),
      watch('C', 3, { genreIds: [scifi, drama], streamingService: 'Hulu', watchedAt: '2026-05-01T20:00:00.000Z' }),
    )
    expect(stats.genreCounts).toEqual([
      { id: drama, watches: 3 },
      { id: scifi, watches: 1 },
      { id: crime, watches: 1 },
    ])
    expect(stats.topServices).toEqual([
      { name: 'Netflix', watches: 2 },
      { name: 'Hulu', watches: 1 },
    ])
  })

  it('lists favourites by my best rating, each title once', async () => {
    const stats = await statsAfter(
      watch('Heat', 949, { rating: 6, watchedAt: '2026-01-01T00:00:00.000Z' }),
      watch('Alien', 348, { rating: 9, watchedAt: '2026-02-01T00:00:00.000Z' }),
      watch('Heat', 949, { rating: 10, watchedAt: '2026-03-01T00:00:00.000Z' }),
      watch('Dune', 438631, { rating: 9, watchedAt: '2026-04-01T00:00:00.000Z' }),
      watch('Unrated', 5),
    )
    expect(stats.favourites.map((title) => [title.title, title.rating])).toEqual([
      ['Heat', 10],
      ['Dune', 9],
      ['Alien', 9],
    ])
  })

  it('lists no title among favourites that I rated under three stars, however few I rated', async () => {
    const stats = await statsAfter(
      watch('Cats', 536869, { rating: 4 }),
      watch('Morbius', 526896, { rating: 2 }),
      watch('Heat', 949, { rating: 6 }),
      // My best rating of a title decides: disliked first, liked on a rewatch.
      watch('Alien', 348, { rating: 5, watchedAt: '2026-01-01T00:00:00.000Z' }),
      watch('Alien', 348, { rating: 8, watchedAt: '2026-02-01T00:00:00.000Z' }),
    )
    expect(stats.favourites.map((title) => [title.title, title.rating])).toEqual([
      ['Alien', 8],
      ['Heat', 6],
    ])
    expect(stats.ratedCount).toBe(5)
    const disliked = await statsAfter(watch('Cats', 536869, { rating: 5 }), watch('Morbius', 526896, { rating: 1 }))
    expect(disliked.favourites).toEqual([])
  })

  it('follows edits, removals and account deletion', async () => {
    const first = watch('Heat', 949, { rating: 4 })
    const stats = await statsAfter(
      first,
      watch('Alien', 348, { rating: 9 }),
      WatchedEntryEdited({ ...first.data, rating: 8 }),
      WatchedEntryRemoved({ entryId: 'e-none', userId: 'me', tmdbId: 1, mediaType: 'movie' }),
    )
    expect(stats).toMatchObject({ averageRating: 8.5, ratedCount: 2, ratingSpread: [0, 0, 0, 0, 0, 0, 0, 1, 1, 0] })
    const erased = await statsAfter(
      watch('Heat', 949, { rating: 4 }),
      AccountDeleted({ userId: 'me', deletedAt: now.toISOString() }),
    )
    expect(erased.watchedTotal).toBe(0)
  })
})
