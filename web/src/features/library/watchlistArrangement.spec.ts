import { describe, expect, it } from 'vitest'
import { arrangeWatchlist, canReorder, watchlistCount } from './watchlistArrangement'
import { watchlistItem } from './testing'

const items = [
  watchlistItem(1, 0, {
    title: 'Zodiac',
    releaseDate: '2007-03-02',
    voteAverage: 7.5,
    addedAt: '2026-01-03T00:00:00Z',
    streamingOn: [8, 15],
  }),
  watchlistItem(2, 1, {
    title: 'alien',
    releaseDate: null,
    voteAverage: null,
    mediaType: 'tv',
    addedAt: '2026-01-01T00:00:00Z',
  }),
  watchlistItem(3, 2, {
    title: 'Heat',
    releaseDate: '1995-12-15',
    voteAverage: 8.3,
    addedAt: '2026-01-02T00:00:00Z',
    streamingOn: [15],
  }),
]
const ids = (list: { tmdbId: number }[]) => list.map((item) => item.tmdbId)

describe('arranging the watchlist', () => {
  it('keeps my order by default and sorts titles without regard to case', () => {
    expect(ids(arrangeWatchlist(items, { sort: 'order', direction: 'asc' }))).toEqual([1, 2, 3])
    expect(ids(arrangeWatchlist(items, { sort: 'title', direction: 'asc' }))).toEqual([2, 3, 1])
    expect(ids(arrangeWatchlist(items, { sort: 'addedAt', direction: 'desc' }))).toEqual([1, 3, 2])
  })

  it('puts titles without a release date or rating last in either direction', () => {
    expect(ids(arrangeWatchlist(items, { sort: 'releaseDate', direction: 'asc' }))).toEqual([3, 1, 2])
    expect(ids(arrangeWatchlist(items, { sort: 'releaseDate', direction: 'desc' }))).toEqual([1, 3, 2])
    expect(ids(arrangeWatchlist(items, { sort: 'rating', direction: 'desc' }))).toEqual([3, 1, 2])
  })

  it('sorts titles as the API does, punctuation and all, so a page from it reads the same', () => {
    const titled = ['Batman - The Movie', 'batman & robin', 'Batman Begins'].map((title, order) =>
      watchlistItem(order + 1, order, { title }),
    )
    // A collator put the hyphen first; the API (compareTitles) puts "&" first, as its bytes do.
    expect(ids(arrangeWatchlist(titled, { sort: 'title', direction: 'asc' }))).toEqual([2, 1, 3])
    expect(ids(arrangeWatchlist(titled, { sort: 'title', direction: 'desc' }))).toEqual([3, 1, 2])
  })

  it('takes a rating of 0, nobody having voted, for none: last either way, in my order', () => {
    const rated = [0, 6.5, null, 8].map((voteAverage, order) => watchlistItem(order + 1, order, { voteAverage }))
    expect(ids(arrangeWatchlist(rated, { sort: 'rating', direction: 'asc' }))).toEqual([2, 4, 1, 3])
    expect(ids(arrangeWatchlist(rated, { sort: 'rating', direction: 'desc' }))).toEqual([4, 2, 1, 3])
  })

  it('filters by media type and rating', () => {
    expect(ids(arrangeWatchlist(items, { sort: 'order', direction: 'asc', mediaType: 'tv' }))).toEqual([2])
    expect(ids(arrangeWatchlist(items, { sort: 'order', direction: 'asc', minRating: 8 }))).toEqual([3])
  })

  it('filters by the streaming service that had a title when it was added', () => {
    expect(ids(arrangeWatchlist(items, { sort: 'order', direction: 'asc', provider: 15 }))).toEqual([1, 3])
    expect(ids(arrangeWatchlist(items, { sort: 'order', direction: 'asc', provider: 8 }))).toEqual([1])
    expect(ids(arrangeWatchlist(items, { sort: 'order', direction: 'asc', provider: 337 }))).toEqual([])
    expect(ids(arrangeWatchlist(items, { sort: 'title', direction: 'asc', provider: 15, minRating: 8 }))).toEqual([3])
  })

  it('offers dragging only in my order, unfiltered', () => {
    expect(canReorder({ sort: 'order', direction: 'asc' })).toBe(true)
    expect(canReorder({ sort: 'title', direction: 'asc' })).toBe(false)
    expect(canReorder({ sort: 'order', direction: 'asc', mediaType: 'movie' })).toBe(false)
    expect(canReorder({ sort: 'order', direction: 'asc', provider: 8 })).toBe(false)
  })
})

describe('the count beside the watchlist’s heading', () => {
  it('is every title, or, filtered, how many of them are shown', () => {
    expect(watchlistCount(327, 327, false)).toBe('327 titles')
    expect(watchlistCount(1, 1, false)).toBe('1 title')
    expect(watchlistCount(327, 81, true)).toBe('81 of 327 titles')
    expect(watchlistCount(327, 0, true)).toBe('0 of 327 titles')
  })
})
