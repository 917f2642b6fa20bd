import type { MediaType } from '@reelmates/contracts/media'
import { defineQueries } from '../queries'
import { activities, activitiesCollection } from './activities'

/** One activity as the `activities` read model stores it (never a private entry: those have none). */
export type Activity = {
  _id: string
  id: string
  userId: string
  activityType: 'watchlist_add' | 'watched' | 'friendship' | 'recommendation'
  tmdbId: number | null
  mediaType: MediaType | null
  mediaTitle: string | null
  mediaPosterPath: string | null
  recommend: boolean | null
  review: string | null
  isPrivate: false
  createdAt: string
  targetUserId: string | null
  targetUsername: string | null
  /** Null: the owner and their friends; a list: exactly these members. */
  audience: string[] | null
  metadataJson: string | null
}

/** What the feed reads: the latest activities of some people, newest first; and which activities there are. */
export const activityQueries = defineQueries([activities], (db) => ({
  /** Which of these activities exist now (not removed, made private, or gone with their owner's account). */
  /**
   * Which of these activities `readerId` may open now (as the feed's access decides): their own, one
   * addressed to them, or, with no audience, one of a friend's (`friendIds`, the reader's circle).
   */
  async readableBy(readerId: string, ids: readonly string[], friendIds: ReadonlySet<string>): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const found = await db
      .collection<Activity>(activitiesCollection)
      .find({ _id: { $in: [...new Set(ids)] } }, { projection: { _id: 1, userId: 1, audience: 1 } })
    const readable = ({ userId, audience }: Pick<Activity, 'userId' | 'audience'>) =>
      userId === readerId || (audience == null ? friendIds.has(userId) : audience.includes(readerId))
    return new Set(found.filter(readable).map((activity) => activity._id))
  },

  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const found = await db
      .collection<Activity>(activitiesCollection)
      .find({ _id: { $in: [...new Set(ids)] } }, { projection: { _id: 1 } })
    return new Set(found.map((activity) => activity._id))
  },

  async latestOf(
    userIds: readonly string[],
    { limit, before }: { limit: number; before?: string },
  ): Promise<Activity[]> {
    return db
      .collection<Activity>(activitiesCollection)
      .find(
        { userId: { $in: [...userIds] }, audience: null, ...(before ? { createdAt: { $lt: before } } : {}) },
        { sort: { createdAt: -1, _id: -1 }, limit },
      )
  },
}))
