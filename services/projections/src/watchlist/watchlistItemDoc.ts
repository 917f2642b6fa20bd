import type { MediaSnapshot, MediaType } from '@reelmates/contracts/media'

export const watchlistCollection = 'watchlist_items'

/** A title on a user's watchlist as the `watchlist_items` read model stores it. */
export type WatchlistItemDoc = {
  _id: string
  id: string
  userId: string
  tmdbId: number
  mediaType: MediaType
  addedAt: string
  /** 0-based and contiguous within one user's watchlist. */
  order: number
  note: string | null
  streamingOn: number[]
} & MediaSnapshot
