import type { MediaSnapshot, MediaType } from '@reelmates/contracts/media'

export const watchedCollection = 'watched_items'

/** One diary entry as the `watched_items` read model stores it. */
export type WatchedItemDoc = {
  _id: string
  id: string
  userId: string
  tmdbId: number
  mediaType: MediaType
  watchedAt: string
  rating: number | null
  recommend: boolean | null
  review: string | null
  streamingService: string | null
  isPrivate: boolean
} & MediaSnapshot
