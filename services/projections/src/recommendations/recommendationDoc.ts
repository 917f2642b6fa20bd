import type { RecommendationStatus } from '@reelmates/contracts/recommendations'
import type { MediaType } from '@reelmates/contracts/media'

export const recommendationsCollection = 'recommendations'

/** One recommendation (spec §3 `recommendations`), people by id; the API names them as they are called now. */
export type RecommendationDoc = {
  _id: string
  id: string
  fromUserId: string
  toUserId: string | null
  toEmail: string | null
  tmdbId: number
  mediaType: MediaType
  mediaTitle: string
  mediaPosterPath: string | null
  note: string | null
  status: RecommendationStatus
  /** The recipient's rating of their latest public watch of it, once watched. */
  rating: number | null
  emailSent: boolean
  createdAt: string
  updatedAt: string
  /** Stays null: the feed's activity is linked when the feed is wired in. */
  activityId: string | null
}
