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
  /** The recipient's rating of their latest watch of it, when that entry is public (`shownRating`). */
  rating: number | null
  /** The recipient's watches of the title since it was recommended, in the order they were logged. */
  watches: WatchBehind[]
  emailSent: boolean
  createdAt: string
  updatedAt: string
  /** Stays null: the feed's activity is linked when the feed is wired in. */
  activityId: string | null
}

/** A watch of the recommended title by its recipient: its rating if the entry is public (else null), and whether it is removed. */
export interface WatchBehind {
  entryId: string
  rating: number | null
  removed: boolean
  /** A private entry is never told: it is kept only so that making it public later can count. */
  private: boolean
}

/** What the sender sees: the rating of the latest public watch still there, or null when it is unrated or there is none. */
export function shownRating(watches: readonly WatchBehind[]): number | null {
  // A private watch is passed over, not shown as "no rating": that would tell that one was logged.
  return watches.findLast((watch) => !watch.removed && !watch.private)?.rating ?? null
}
