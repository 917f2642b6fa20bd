import type { DigestType } from '@reelmates/contracts/account'
import type { SentDigestType } from '@reelmates/contracts/digests'
import { activities, activitiesCollection } from '../activities/activities'
import { activityQueries, type Activity } from '../activities/activityQueries'
import {
  activityInteractions,
  commentsCollection,
  reactionsCollection,
  type CommentDoc,
  type ReactionDoc,
} from '../feed/activityInteractions'
import { circleQueries } from '../friends/circleQueries'
import { friendships } from '../friends/friendships'
import { defineQueries } from '../queries'
import { recommendationsCollection, type RecommendationDoc } from '../recommendations/recommendationDoc'
import { recommendationsProjector } from '../recommendations/recommendations'
import { users, usersCollection } from '../users/users'
import { userQueries } from '../users/userQueries'

/** A member who gets digests. */
export interface DigestReader {
  userId: string
  username: string
  digestType: SentDigestType
  /** The end of the period the last digest covered; null before the first. */
  lastDigestSent: string | null
}

/** Which of my activities a comment or reaction is on: its kind and title (null for an activity no longer there). */
interface OnMyActivity {
  activityType: Activity['activityType'] | null
  mediaTitle: string | null
}

export interface DigestContent {
  friendsActivity: {
    username: string
    activityType: Activity['activityType']
    mediaTitle: string | null
    targetUsername: string | null
    createdAt: string
  }[]
  /** Recommendations that reached me in the period and wait for my answer. */
  recommendationsWaiting: { fromUsername: string; mediaTitle: string }[]
  /** What the recipients of mine did with them in the period: never a dismissal (see `answersTold`). */
  recommendationsAnswered: { toUsername: string; mediaTitle: string; status: ToldAnswer }[]
  /** Comments others left on my activities: who, and on which (its kind and title, when known). */
  commentsOnMine: ({ username: string } & OnMyActivity)[]
  reactionsOnMine: ({ username: string; emoji: string } & OnMyActivity)[]
}

/**
 * The answers to my recommendations that a digest tells. A dismissal is not told, as the bell does not
 * tell it (docs/notifications.md): being told that a friend passed would make people wary of recommending.
 */
const answersTold = ['accepted', 'watched'] as const satisfies readonly RecommendationDoc['status'][]
type ToldAnswer = (typeof answersTold)[number]
const isToldAnswer = (status: RecommendationDoc['status']): status is ToldAnswer =>
  (answersTold as readonly string[]).includes(status)

/** How many of each kind a digest lists; the rest is on the feed. */
const shownPerSection = 20

export const isEmptyDigest = (content: DigestContent): boolean =>
  Object.values(content).every((list: readonly unknown[]) => list.length === 0)

/**
 * What a digest is made of (issue 13.4), for one member and a period `(from, until]`: everything is
 * read by the time it happened, so composing the same period again later finds the same things
 * (less whatever was deleted or erased meanwhile, which then is not mailed).
 */
export const digestQueries = defineQueries(
  [users, activities, friendships, activityInteractions, recommendationsProjector],
  (db) => {
    const cards = userQueries(db)
    const within = (from: string, until: string) => ({ $gt: from, $lte: until })

    const activitiesThere = activityQueries(db)
    /**
     * Of the activities these comments and reactions are on, those still there, as a filter: one removed
     * or made private (the `activities` read model has neither) is not told, as the bell leaves its
     * lines out while it is gone (`notificationQueries`), and the line would lead to a page that says
     * the activity isn't available.
     */
    const shownActivities = async (on: readonly { activityId: string }[]) => ({
      $in: [...(await activitiesThere.existing(on.map((doc) => doc.activityId)))],
    })

    const circles = circleQueries(db)
    const friendsOf = (userId: string) => circles.friendIds(userId)

    return {
      /** Members whose digest is daily or weekly (a suspended account gets none). */
      async readers(): Promise<DigestReader[]> {
        const docs = await db
          .collection(usersCollection)
          .find({ digestType: { $in: ['daily', 'weekly'] }, suspended: { $ne: true } }, { sort: { _id: 1 } })
        return docs.map((doc) => ({
          userId: doc._id,
          username: String(doc.username),
          digestType: doc.digestType as SentDigestType,
          lastDigestSent: typeof doc.lastDigestSent === 'string' ? doc.lastDigestSent : null,
        }))
      },

      /** A member, whatever their setting (`none` reads as the weekly digest they would get). */
      async reader(userId: string): Promise<(DigestReader & { setting: DigestType }) | null> {
        const doc = await db.collection(usersCollection).findOne({ _id: userId })
        if (!doc) return null
        return {
          setting: doc.digestType as DigestType,
          userId: doc._id,
          username: String(doc.username),
          digestType: doc.digestType === 'daily' ? 'daily' : 'weekly',
          lastDigestSent: typeof doc.lastDigestSent === 'string' ? doc.lastDigestSent : null,
        }
      },

      async content(userId: string, from: string, until: string): Promise<DigestContent> {
        const period = within(from, until)
        const friends = await friendsOf(userId)
        const saidOnMine = { activityOwnerId: userId, userId: { $ne: userId }, createdAt: period }
        const reactedOnMine = { ...saidOnMine, commentId: null }
        const onMine = await shownActivities([
          ...(await db.collection<CommentDoc>(commentsCollection).find(saidOnMine, { projection: { activityId: 1 } })),
          ...(await db
            .collection<ReactionDoc>(reactionsCollection)
            .find(reactedOnMine, { projection: { activityId: 1 } })),
        ])
        const [done, received, mine, said, reacted] = await Promise.all([
          db.collection<Activity>(activitiesCollection).find(
            {
              userId: { $in: friends },
              createdAt: period,
              $or: [{ audience: null }, { audience: userId }],
            },
            { sort: { createdAt: 1, _id: 1 }, limit: shownPerSection },
          ),
          db
            .collection<RecommendationDoc>(recommendationsCollection)
            .find(
              { toUserId: userId, status: 'pending', createdAt: period },
              { sort: { createdAt: 1 }, limit: shownPerSection },
            ),
          db
            .collection<RecommendationDoc>(recommendationsCollection)
            .find(
              { fromUserId: userId, status: { $in: [...answersTold] }, toUserId: { $ne: null }, updatedAt: period },
              { sort: { updatedAt: 1 }, limit: shownPerSection },
            ),
          db
            .collection<CommentDoc>(commentsCollection)
            .find({ ...saidOnMine, activityId: onMine }, { sort: { createdAt: 1 }, limit: shownPerSection }),
          db
            .collection<ReactionDoc>(reactionsCollection)
            .find({ ...reactedOnMine, activityId: onMine }, { sort: { createdAt: 1 }, limit: shownPerSection }),
        ])
        // A recommendation to me is in its own section, not again as a friend's activity.
        const friendsActivity = done.filter((a) => !(a.activityType === 'recommendation' && a.targetUserId === userId))
        const myActivities = await db
          .collection<Activity>(activitiesCollection)
          .find({ _id: { $in: [...new Set([...said, ...reacted].map((doc) => doc.activityId))] } })
        const myActivity = new Map(myActivities.map((a) => [a._id, a]))
        const onMyActivity = (activityId: string): OnMyActivity => ({
          activityType: myActivity.get(activityId)?.activityType ?? null,
          mediaTitle: myActivity.get(activityId)?.mediaTitle ?? null,
        })
        const people = await cards.cards([
          ...friendsActivity.flatMap((a) => [a.userId, ...(a.targetUserId ? [a.targetUserId] : [])]),
          ...received.map((r) => r.fromUserId),
          ...mine.flatMap((r) => (r.toUserId ? [r.toUserId] : [])),
          ...said.map((c) => c.userId),
          ...reacted.map((r) => r.userId),
        ])
        // Someone whose account is gone is left out, as everywhere else.
        const name = (id: string | null) => (id ? (people.get(id)?.username ?? null) : null)
        return {
          friendsActivity: friendsActivity.flatMap((a) => {
            const username = name(a.userId)
            return username
              ? [
                  {
                    username,
                    activityType: a.activityType,
                    mediaTitle: a.mediaTitle,
                    targetUsername: name(a.targetUserId) ?? a.targetUsername,
                    createdAt: a.createdAt,
                  },
                ]
              : []
          }),
          recommendationsWaiting: received.flatMap((r) => {
            const fromUsername = name(r.fromUserId)
            return fromUsername ? [{ fromUsername, mediaTitle: r.mediaTitle }] : []
          }),
          recommendationsAnswered: mine.flatMap((r) => {
            // One sent to an address is named by it, as the Sent tab does: never the account behind it.
            const toUsername = r.toEmail ?? name(r.toUserId)
            return toUsername && isToldAnswer(r.status)
              ? [{ toUsername, mediaTitle: r.mediaTitle, status: r.status }]
              : []
          }),
          commentsOnMine: said.flatMap((c) => {
            const username = name(c.userId)
            return username ? [{ username, ...onMyActivity(c.activityId) }] : []
          }),
          reactionsOnMine: reacted.flatMap((r) => {
            const username = name(r.userId)
            return username ? [{ username, emoji: r.emoji, ...onMyActivity(r.activityId) }] : []
          }),
        }
      },
    }
  },
)
