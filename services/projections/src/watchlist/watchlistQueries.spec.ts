import { describe, expect, it } from 'vitest'
import { TitleAddedToWatchlist } from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { watchlistItems } from './watchlistItems'
import { watchlistQueries, type WatchlistPageOptions } from './watchlistQueries'

/** The nth title added to the watchlist (its place in the user's order is n - 1). */
const added = (n: number, title: string, voteAverage: number | null, releaseDate: string | null = null) =>
  TitleAddedToWatchlist({
    userId: 'u1',
    tmdbId: n,
    mediaType: 'movie',
    note: null,
    addedAt: `2026-11-${String(n).padStart(2, '0')}T20:00:00.000Z`,
    media: { title, posterPath: null, releaseDate, voteAverage },
    streamingOn: [],
  })

/** Every page of the watchlist, two titles a page, one after the other. */
async function pagedThrough(
  h: Awaited<ReturnType<typeof projectorHarness>>,
  sort: WatchlistPageOptions['sort'],
  direction: WatchlistPageOptions['direction'],
) {
  const read = []
  for (let page = 1; ; page++) {
    const { items, total } = await watchlistQueries(h.db).page('u1', { page, pageSize: 2, sort, direction })
    read.push(...items)
    if (page * 2 >= total) return read
  }
}

describe('the watchlist', () => {
  it('lists the titles without a catalog rating last, whichever way ratings are sorted', async () => {
    const h = await projectorHarness(watchlistItems)
    // Nobody has voted on Up: TMDB answers 0, and the list shows no rating.
    await h.given(added(1, 'Heat', 7.5), added(2, 'Dune', null), added(3, 'Arrival', 6), added(4, 'Up', 0))
    await h.given(added(5, 'Fargo', 8.1))
    const ratings = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'rating', direction)).map((item) => [item.title, item.voteAverage])
    // Those without one keep the user's order among themselves, as any tie.
    expect(await ratings('asc')).toEqual([
      ['Arrival', 6],
      ['Heat', 7.5],
      ['Fargo', 8.1],
      ['Dune', null],
      ['Up', 0],
    ])
    expect(await ratings('desc')).toEqual([
      ['Fargo', 8.1],
      ['Heat', 7.5],
      ['Arrival', 6],
      ['Dune', null],
      ['Up', 0],
    ])
  })

  it('sorts titles whatever their case and accents, page after page', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(
      added(1, 'The Ghost Writer', 7.6),
      added(2, 'Élite', 7.2),
      added(3, 'The Ghost and the Darkness', 6.6),
      added(4, 'Eastbound & Down', 7.8),
      added(5, 'ET: The Extra-Terrestrial', 7.9),
    )
    const titles = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'title', direction)).map((item) => item.title)
    const alphabetical = [
      'Eastbound & Down',
      'Élite',
      'ET: The Extra-Terrestrial',
      'The Ghost and the Darkness',
      'The Ghost Writer',
    ]
    expect(await titles('asc')).toEqual(alphabetical)
    expect(await titles('desc')).toEqual([...alphabetical].reverse())
  })

  it('lists the titles without a release date last, whichever way release dates are sorted', async () => {
    const h = await projectorHarness(watchlistItems)
    await h.given(
      added(1, 'Heat', null, '1995-12-15'),
      added(2, 'Unknown', null, null),
      added(3, 'Arrival', null, '2016-11-11'),
      added(4, 'Blank', null, null),
      added(5, 'Casablanca', null, '1942-11-26'),
    )
    const titles = async (direction: 'asc' | 'desc') =>
      (await pagedThrough(h, 'releaseDate', direction)).map((item) => item.title)
    // Undated among themselves: the user's own order, as any tie.
    expect(await titles('asc')).toEqual(['Casablanca', 'Heat', 'Arrival', 'Unknown', 'Blank'])
    expect(await titles('desc')).toEqual(['Arrival', 'Heat', 'Casablanca', 'Unknown', 'Blank'])
  })
})
