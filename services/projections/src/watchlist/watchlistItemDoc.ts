import type { WatchlistItem } from '@reelmates/contracts/watchlist'

export const watchlistCollection = 'watchlist_items'

/** A title on a user's watchlist as the `watchlist_items` read model stores it: the API's shape, keyed. */
export type WatchlistItemDoc = WatchlistItem & { _id: string }
