import { compareTitles, hasCatalogRating, type MediaType } from '@reelmates/contracts/media'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'

export type WatchlistSort = 'order' | 'addedAt' | 'title' | 'releaseDate' | 'rating'

export interface WatchlistArrangement {
  sort: WatchlistSort
  direction: 'asc' | 'desc'
  mediaType?: MediaType
  /** Lowest catalog rating (0–10) to show: TMDB's vote average, or IMDb's offline. */
  minRating?: number
  /** Only titles this streaming service (a TMDB provider id) streamed when they were added. */
  provider?: number
}

export const watchlistSortLabels: Record<WatchlistSort, string> = {
  order: 'My order',
  addedAt: 'Date added',
  title: 'Title',
  releaseDate: 'Release date',
  rating: 'Rating',
}

const catalogRating = (item: WatchlistItem) => (hasCatalogRating(item.voteAverage) ? item.voteAverage : null)

/** Titles without a date or rating go last, whichever way the list is sorted. */
function compareMaybe<T>(a: T | null, b: T | null, compare: (a: T, b: T) => number, sign: number): number {
  if (a === null && b === null) return 0
  if (a === null) return 1
  if (b === null) return -1
  return sign * compare(a, b)
}

/**
 * The whole watchlist is loaded, so sorting and filtering happen here and a pending change shows
 * in every arrangement at once, in the API's order (`GET /api/watchlist?sort=…`,
 * services/projections/src/watchlist/watchlistQueries.ts): titles by `compareTitles`, a rating of 0
 * (nobody voted) as none, titles without a rating or a release date last, ties in my order.
 */
export function arrangeWatchlist(items: readonly WatchlistItem[], arrangement: WatchlistArrangement): WatchlistItem[] {
  const { sort, direction, mediaType, minRating, provider } = arrangement
  const sign = direction === 'asc' ? 1 : -1
  const shown = items.filter(
    (item) =>
      (!mediaType || item.mediaType === mediaType) &&
      (minRating === undefined || (item.voteAverage ?? 0) >= minRating) &&
      (provider === undefined || item.streamingOn.includes(provider)),
  )
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const byNumber = (a: number, b: number) => a - b
  const compare = (a: WatchlistItem, b: WatchlistItem): number => {
    switch (sort) {
      case 'order':
        return sign * (a.order - b.order)
      case 'addedAt':
        return sign * byText(a.addedAt, b.addedAt)
      case 'title':
        return sign * compareTitles(a.title, b.title)
      case 'releaseDate':
        return compareMaybe(a.releaseDate || null, b.releaseDate || null, byText, sign)
      case 'rating':
        return compareMaybe(catalogRating(a), catalogRating(b), byNumber, sign)
    }
  }
  return shown.sort((a, b) => compare(a, b) || a.order - b.order)
}

/** Dragging changes "my order", so it is offered only when that order is what is shown, whole. */
export const canReorder = (arrangement: WatchlistArrangement) =>
  arrangement.sort === 'order' &&
  arrangement.direction === 'asc' &&
  !arrangement.mediaType &&
  arrangement.minRating === undefined &&
  arrangement.provider === undefined

/**
 * The count beside the heading: every title, or, filtered, how many of them are shown ("81 of 327
 * titles"), as the watched log says "46 entries match"; the whole list's count beside 81 cards read
 * as if the filter had found them all.
 */
export function watchlistCount(total: number, shown: number, filtered: boolean): string {
  const titles = total === 1 ? 'title' : 'titles'
  return filtered ? `${shown} of ${total} ${titles}` : `${total} ${titles}`
}
