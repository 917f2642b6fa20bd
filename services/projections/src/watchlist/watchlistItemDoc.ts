import type { WatchlistItem, WatchlistRecommendation } from '@reelmates/contracts/watchlist'

export const watchlistCollection = 'watchlist_items'

/**
 * A title on a user's watchlist as the `watchlist_items` read model stores it: the API's shape, keyed,
 * with the recommendation it came from by sender id (the API names the sender as they are called now).
 */
export type WatchlistItemDoc = Omit<WatchlistItem, 'recommendedBy'> & {
  _id: string
  recommendation?: WatchlistRecommendation | null
}
