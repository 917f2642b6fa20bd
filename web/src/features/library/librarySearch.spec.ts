import { describe, expect, it } from 'vitest'
import { watchedFiltersOf, watchedSearch, watchlistArrangementOf, watchlistSearch } from './librarySearch'

describe('how the library lists are shown, from the URL', () => {
  it('falls back to the defaults for missing or bad values', () => {
    expect(watchlistSearch.parse({})).toEqual({ view: 'grid', sort: 'order' })
    expect(
      watchlistSearch.parse({ view: 'wall', sort: 'mood', type: 'book', minRating: '42', provider: '1899' }),
    ).toEqual({
      view: 'grid',
      sort: 'order',
    })
    expect(watchedSearch.parse({})).toEqual({ view: 'list', sort: 'watchedAt' })
  })

  it('sorts newest and best first unless told otherwise', () => {
    expect(watchlistArrangementOf(watchlistSearch.parse({ sort: 'rating' })).direction).toBe('desc')
    expect(watchlistArrangementOf(watchlistSearch.parse({ sort: 'title' })).direction).toBe('asc')
    expect(watchedFiltersOf(watchedSearch.parse({ sort: 'watchedAt', dir: 'asc' })).direction).toBe('asc')
  })

  it('filters the watchlist by one of the streaming services', () => {
    expect(watchlistArrangementOf(watchlistSearch.parse({ provider: '8', type: 'movie' }))).toEqual({
      sort: 'order',
      direction: 'asc',
      mediaType: 'movie',
      provider: 8,
    })
    expect(watchlistSearch.parse({ provider: 'netflix' }).provider).toBeUndefined()
  })

  it('passes the filters on to the watched log query', () => {
    expect(watchedFiltersOf(watchedSearch.parse({ type: 'tv', minRating: '8', service: 'Netflix' }))).toEqual({
      sort: 'watchedAt',
      direction: 'desc',
      mediaType: 'tv',
      minRating: 8,
      streamingService: 'Netflix',
    })
  })

  it('asks for the watches not rated yet, which no lowest rating can narrow', () => {
    expect(watchedFiltersOf(watchedSearch.parse({ unrated: true }))).toEqual({
      sort: 'watchedAt',
      direction: 'desc',
      unrated: true,
    })
    // An address with both (typed by hand) asks for the unrated ones, as the rating menu shows.
    expect(watchedFiltersOf(watchedSearch.parse({ unrated: true, minRating: 8 }))).not.toHaveProperty('minRating')
    expect(watchedSearch.parse({ unrated: 'yes' }).unrated).toBeUndefined()
  })
})
