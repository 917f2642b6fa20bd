import type { MediaType } from '@reelmates/contracts/media'
import type { Filter } from '@reelmates/infra/readStore/port'
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

/**
 * The activities `readerId` may open now, as the feed's access decides, as a filter of the `activities`
 * read model (which has no removed or private entry): their own, one addressed to them, or, with no
 * audience, one of a friend's (`friendIds`, the reader's circle). What tells a member of an activity
 * (the bell's lines, the digest's) tells only these, so that nothing leads to a page that says the
 * activity isn't available: the one rule for both, here where the gateway and the scheduler read it.
 */
export const openableBy = (readerId: string, friendIds: Iterable<string>): Filter => ({
  $or: [{ userId: readerId }, { audience: readerId }, { audience: null, userId: { $in: [...friendIds] } }],
})

/** What the feed reads: the latest activities of some people, newest first; and which activities there are. */
export const activityQueries = defineQueries([activities], (db) => ({
  /** Which of these activities `readerId` may open now (`openableBy`). */
  async readableBy(readerId: string, ids: readonly string[], friendIds: Iterable<string>): Promise<Set<string>> {
    if (ids.length === 0) return new Set()
    const found = await db
      .collection<Activity>(activitiesCollection)
      .find({ _id: { $in: [...new Set(ids)] }, ...openableBy(readerId, friendIds) }, { projection: { _id: 1 } })
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
