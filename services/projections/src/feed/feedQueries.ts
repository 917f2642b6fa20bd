import { decodeFeedCursor, encodeFeedCursor, type ActivityAnswer, type FeedAnswer } from '@reelmates/contracts/feed'
import { friendshipIdOf } from '@reelmates/contracts/friendships'
import type { Filter } from '@reelmates/infra/readStore/port'
import { activities, activitiesCollection } from '../activities/activities'
import type { Activity } from '../activities/activityQueries'
import { friendships, friendshipsCollection } from '../friends/friendships'
import { defineQueries, type QueryDb } from '../queries'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'
import {
  activityInteractions,
  commentsCollection,
  reactionsCollection,
  type CommentDoc,
  type ReactionDoc,
} from './activityInteractions'
import { commentItemOf, feedItemOf } from './feedItems'
import { feedVisits, feedVisitsCollection } from './feedVisits'

/**
 * Owners per query: an `$in` this small is answered from the `userId` index (a longer one would scan
 * every member's activities), so a member with hundreds of friends costs a few indexed look-ups.
 */
const ownersPerQuery = 50
const newestFirst = { createdAt: -1, _id: -1 } as const

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

const newerFirst = (a: Activity, b: Activity) =>
  a.createdAt === b.createdAt ? (a._id < b._id ? 1 : a._id > b._id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1

/** Who may see an activity: its owner, the owner's friends, or, with an audience, exactly those. */
export interface ActivityAccess {
  id: string
  ownerId: string
}

/**
 * The feed (issue 11): my friends' activities and my own, newest first. Who my friends are is read
 * at query time, so unfriending removes their items at once and a new friend's past activity appears.
 */
export const feedQueries = defineQueries(
  [activities, friendships, users, activityInteractions, feedVisits],
  (db: QueryDb) => {
    const feed = () => db.collection<Activity>(activitiesCollection)
    const comments = () => db.collection<CommentDoc>(commentsCollection)
    const reactions = () => db.collection<ReactionDoc>(reactionsCollection)
    const cards = userQueries(db)

    /** Me and my friends: the owners whose friends-visible activities I see. */
    async function circleOf(userId: string): Promise<string[]> {
      const docs = await db.collection(friendshipsCollection).find({ users: userId, status: 'accepted' })
      const friends = docs.flatMap((doc) => (doc.users as string[]).filter((id) => id !== userId))
      return [userId, ...friends]
    }

    /** Every filter that together selects what `userId` may see, each answered from an index. */
    async function visibleFilters(userId: string): Promise<Filter[]> {
      const circle = await circleOf(userId)
      return [
        ...chunks(circle, ownersPerQuery).map((owners) => ({ userId: { $in: owners }, audience: null })),
        { audience: userId },
      ]
    }

    async function mayFriendSee(viewerId: string, activity: Activity): Promise<boolean> {
      if (activity.userId === viewerId) return true
      if (activity.audience !== null) return activity.audience.includes(viewerId)
      const friendship = await db
        .collection(friendshipsCollection)
        .findOne({ _id: friendshipIdOf(viewerId, activity.userId), status: 'accepted' })
      return friendship !== null
    }

    async function visible(viewerId: string, activityId: string): Promise<Activity | null> {
      const activity = await feed().findOne({ _id: activityId })
      return activity && (await mayFriendSee(viewerId, activity)) ? activity : null
    }

    return {
      async page(userId: string, { cursor, limit }: { cursor?: string; limit: number }): Promise<FeedAnswer> {
        const after = cursor === undefined ? null : decodeFeedCursor(cursor)
        const before: Filter = after
          ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }] }
          : {}
        const pages = await Promise.all(
          (await visibleFilters(userId)).map((filter) =>
            feed().find(after ? { $and: [filter, before] } : filter, { sort: newestFirst, limit: limit + 1 }),
          ),
        )
        const merged = pages
          .flat()
          .sort(newerFirst)
          .slice(0, limit + 1)
        const shown = merged.slice(0, limit)
        const last = shown.at(-1)
        const nextCursor =
          merged.length > limit && last ? encodeFeedCursor({ createdAt: last.createdAt, id: last._id }) : null
        const ids = shown.map((activity) => activity._id)
        const [said, reacted] = await Promise.all([
          comments().find({ activityId: { $in: ids } }, { projection: { activityId: 1 } }),
          reactions().find({ activityId: { $in: ids }, commentId: null }),
        ])
        const people = await cards.cards([
          ...shown.flatMap((activity) => [activity.userId, ...(activity.targetUserId ? [activity.targetUserId] : [])]),
          ...reacted.map((reaction) => reaction.userId),
        ])
        const items = shown.flatMap(
          (activity) =>
            feedItemOf(
              activity,
              userId,
              people,
              reacted.filter((reaction) => reaction.activityId === activity._id),
              said.filter((comment) => comment.activityId === activity._id).length,
            ) ?? [],
        )
        return { items, nextCursor }
      },

      /** What arrived from others since I last opened the feed (everything, before my first visit). */
      async unread(userId: string): Promise<number> {
        const visit = await db.collection(feedVisitsCollection).findOne({ _id: userId })
        const since = typeof visit?.lastActivityVisit === 'string' ? visit.lastActivityVisit : ''
        const counts = await Promise.all(
          (await visibleFilters(userId)).map((filter) =>
            feed().countDocuments({ $and: [filter, { userId: { $ne: userId } }, { createdAt: { $gt: since } }] }),
          ),
        )
        return counts.reduce((sum, count) => sum + count, 0)
      },

      /** One activity with its comments, or null when it is not there or not the viewer's to see. */
      async activity(userId: string, activityId: string): Promise<ActivityAnswer | null> {
        const activity = await visible(userId, activityId)
        if (!activity) return null
        const [said, reacted] = await Promise.all([
          comments().find({ activityId }, { sort: { createdAt: 1, _id: 1 } }),
          reactions().find({ activityId }),
        ])
        const people = await cards.cards([
          activity.userId,
          ...(activity.targetUserId ? [activity.targetUserId] : []),
          ...said.map((comment) => comment.userId),
          ...reacted.map((reaction) => reaction.userId),
        ])
        const item = feedItemOf(activity, userId, people, reacted, said.length)
        if (!item) return null
        const shown = said.flatMap((comment) => commentItemOf(comment, userId, people, reacted) ?? [])
        return { activity: { ...item, commentCount: shown.length }, comments: shown }
      },

      /** The activity as the write side needs it: who owns it, when the asker may see it. */
      async access(userId: string, activityId: string): Promise<ActivityAccess | null> {
        const activity = await visible(userId, activityId)
        return activity && { id: activity._id, ownerId: activity.userId }
      },

      /** The activity a comment belongs to, whoever asks (the activity's access is checked after). */
      async activityOfComment(commentId: string): Promise<string | null> {
        return (await comments().findOne({ _id: commentId }))?.activityId ?? null
      },

      /** One comment as the API shows it, for the answer to an add or an edit. */
      async comment(userId: string, commentId: string) {
        const comment = await comments().findOne({ _id: commentId })
        if (!comment) return null
        const reacted = await reactions().find({ activityId: comment.activityId, commentId })
        const people = await cards.cards([comment.userId, ...reacted.map((reaction) => reaction.userId)])
        return commentItemOf(comment, userId, people, reacted)
      },
    }
  },
)
