import type { WatchlistItem, WatchlistRecommendation } from '@reelmates/contracts/watchlist'

export const watchlistCollection = 'watchlist_items'

/**
 * A title on a user's watchlist as the `watchlist_items` read model stores it: the API's shape, keyed,
 * with the recommendation it came from by sender id (the API names the sender as they are called now).
 *
 * `sortTitle`, `hasRating` and `sortRating` are what the list sorts by (`watchlistQueries`), never
 * shown: the title as `titleSortKey` folds it; whether the title has a catalog rating
 * (`hasCatalogRating`), so titles without one go last both ways; and that rating, null without one,
 * so those titles tie (a vote average of 0 and none at all alike) and keep the user's order among
 * themselves; and whether the title has a release date, so undated titles go last both ways. One projected by version 3 has none of them, and sorts as version 3 did by title, by
 * the user's order by rating, until the rebuild swaps in.
 */
export type WatchlistItemDoc = Omit<WatchlistItem, 'recommendedBy'> & {
  _id: string
  recommendation?: WatchlistRecommendation | null
  sortTitle?: string
  hasRating?: boolean
  sortRating?: number | null
  hasReleaseDate?: boolean
}
