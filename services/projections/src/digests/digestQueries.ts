import type { DigestType } from '@reelmates/contracts/account'
import type { SentDigestType } from '@reelmates/contracts/digests'
import type { Collection, Doc, Filter } from '@reelmates/infra/readStore/port'
import { activities, activitiesCollection } from '../activities/activities'
import { activityQueries, openableBy, type Activity } from '../activities/activityQueries'
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

/**
 * Which activity of mine a comment or reaction is on: its kind (null only for one gone while the digest
 * was being read) and its title (null for a friendship). `addressed` when it is another member's card
 * addressed to me (a recommendation to me, a friendship they own), as the bell tells (`addresseeIds`).
 */
interface OnMyActivity {
  activityType: Activity['activityType'] | null
  mediaTitle: string | null
  addressed?: true
}

/**
 * What one section lists: the newest of its items in the period (at most `shownPerSection`), newest
 * first, and how many the period holds in all, counted with the same filter, so "and N more" is true.
 */
export interface Listed<T> {
  shown: T[]
  total: number
}

/** A comment or a reaction someone left on one of my activities. */
export type OnMyActivityLine = { username: string; createdAt: string } & OnMyActivity &
  ({ kind: 'comment' } | { kind: 'reaction'; emoji: string })

export interface DigestContent {
  friendsActivity: Listed<{
    username: string
    activityType: Activity['activityType']
    mediaTitle: string | null
    targetUsername: string | null
    createdAt: string
  }>
  /** Recommendations that reached me in the period and wait for my answer. */
  recommendationsWaiting: Listed<{ fromUsername: string; mediaTitle: string }>
  /** What the recipients of mine did with them in the period: never a dismissal (see `answersTold`). */
  recommendationsAnswered: Listed<{ toUsername: string; mediaTitle: string; status: ToldAnswer }>
  /**
   * Comments and reactions others left on my activities and on the cards addressed to me, together:
   * who, and on which.
   */
  onMyActivity: Listed<OnMyActivityLine>
}

/**
 * The answers to my recommendations that a digest tells. A dismissal is not told, as the bell does not
 * tell it (docs/notifications.md): being told that a friend passed would make people wary of recommending.
 */
const answersTold = ['accepted', 'watched'] as const satisfies readonly RecommendationDoc['status'][]
type ToldAnswer = (typeof answersTold)[number]
const isToldAnswer = (status: RecommendationDoc['status']): status is ToldAnswer =>
  (answersTold as readonly string[]).includes(status)

/** How many items a section lists at most, so that a busy period still makes a mail of bounded size. */
export const shownPerSection = 20

export const isEmptyDigest = (content: DigestContent): boolean =>
  Object.values(content).every((section: Listed<unknown>) => section.total === 0)

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
    const circles = circleQueries(db)

    /** Of these members, those whose account is still there. */
    const present = async (ids: readonly unknown[]): Promise<string[]> => {
      const named = ids.filter((id): id is string => typeof id === 'string')
      return [...(await cards.cards([...new Set(named)])).keys()]
    }

    /**
     * `filter` narrowed, before any limit, to what a digest may tell: the member `memberField` names
     * still has an account (someone whose account is gone is left out, as everywhere else), and, with
     * `reader`, the activity commented or reacted on is one they may open now (`openableBy`, the bell's
     * rule, with `friendIds` their circle): one removed or made private (the `activities` read model
     * has neither) is not told, as the bell leaves its lines out (`notificationQueries`), since the line
     * would lead to a page that says it isn't available. What is put in comes from the documents
     * `filter` matched, so it only narrows it.
     */
    async function onlyTellable(
      docs: Collection,
      filter: Filter,
      memberField: string,
      reader?: { userId: string; friendIds: readonly string[] },
    ): Promise<Filter> {
      const found = await docs.find(filter, { projection: { [memberField]: 1, activityId: 1 } })
      const members = { [memberField]: { $in: await present(found.map((doc) => doc[memberField])) } }
      if (!reader) return { ...filter, ...members }
      const ids = found.map((doc) => String(doc.activityId))
      const openable = await activitiesThere.readableBy(reader.userId, ids, reader.friendIds)
      return { ...filter, ...members, activityId: { $in: [...openable] } }
    }

    /** The newest documents `filter` matches (by `at`), a section's worth at most, and how many match in all. */
    async function newest<T extends Doc>(
      docs: Collection<T>,
      filter: Filter,
      at: 'createdAt' | 'updatedAt',
    ): Promise<Listed<T>> {
      const [shown, total] = await Promise.all([
        docs.find(filter, { sort: { [at]: -1, _id: -1 }, limit: shownPerSection }),
        docs.countDocuments(filter),
      ])
      return { shown, total }
    }

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
        const circle = await circles.friendIds(userId)
        const friends = await present(circle)
        const reader = { userId, friendIds: circle }
        const byOthers = { userId: { $ne: userId }, createdAt: period }
        const onMine = { activityOwnerId: userId, ...byOthers }
        // A recommendation's or a friendship's card is its addressee's as much as its owner's, as in the
        // bell. Read apart from `onMine` (never both: the owner is no addressee), so each uses its index.
        const toMe = { addresseeIds: userId, ...byOthers }
        const recommendations = db.collection<RecommendationDoc>(recommendationsCollection)
        const comments = db.collection<CommentDoc>(commentsCollection)
        const reactions = db.collection<ReactionDoc>(reactionsCollection)
        const saidOn = (on: Filter) =>
          onlyTellable(comments, on, 'userId', reader).then((filter) => newest(comments, filter, 'createdAt'))
        const reactedOn = (on: Filter) =>
          onlyTellable(reactions, { ...on, commentId: null }, 'userId', reader).then((filter) =>
            newest(reactions, filter, 'createdAt'),
          )
        const [done, received, mine, said, saidToMe, reacted, reactedToMe] = await Promise.all([
          newest(
            db.collection<Activity>(activitiesCollection),
            {
              userId: { $in: friends },
              createdAt: period,
              ...openableBy(userId, circle),
              // A recommendation to me is in its own section, not again as a friend's activity.
              $nor: [{ activityType: 'recommendation', targetUserId: userId }],
            },
            'createdAt',
          ),
          onlyTellable(recommendations, { toUserId: userId, status: 'pending', createdAt: period }, 'fromUserId').then(
            (filter) => newest(recommendations, filter, 'createdAt'),
          ),
          onlyTellable(
            recommendations,
            { fromUserId: userId, status: { $in: [...answersTold] }, updatedAt: period },
            'toUserId',
          ).then((filter) => newest(recommendations, filter, 'updatedAt')),
          saidOn(onMine),
          saidOn(toMe),
          reactedOn(onMine),
          reactedOn(toMe),
        ])
        const onCards = [...said.shown, ...saidToMe.shown, ...reacted.shown, ...reactedToMe.shown]
        const activitiesOn = await db
          .collection<Activity>(activitiesCollection)
          .find({ _id: { $in: [...new Set(onCards.map((doc) => doc.activityId))] } })
        const activityOf = new Map(activitiesOn.map((a) => [a._id, a]))
        const onMyActivity = (doc: CommentDoc | ReactionDoc): OnMyActivity => ({
          activityType: activityOf.get(doc.activityId)?.activityType ?? null,
          mediaTitle: activityOf.get(doc.activityId)?.mediaTitle ?? null,
          ...(doc.activityOwnerId === userId ? {} : { addressed: true }),
        })
        const people = await cards.cards([
          ...done.shown.flatMap((a) => [a.userId, ...(a.targetUserId ? [a.targetUserId] : [])]),
          ...received.shown.map((r) => r.fromUserId),
          ...mine.shown.flatMap((r) => (r.toUserId ? [r.toUserId] : [])),
          ...onCards.map((doc) => doc.userId),
        ])
        // Everyone named was there when the filters were made; an account gone since is left out too.
        const name = (id: string | null) => (id ? (people.get(id)?.username ?? null) : null)
        const commentLines = [...said.shown, ...saidToMe.shown].flatMap((c): OnMyActivityLine[] => {
          const username = name(c.userId)
          return username ? [{ kind: 'comment', username, createdAt: c.createdAt, ...onMyActivity(c) }] : []
        })
        const reactionLines = [...reacted.shown, ...reactedToMe.shown].flatMap((r): OnMyActivityLine[] => {
          const username = name(r.userId)
          return username
            ? [{ kind: 'reaction', emoji: r.emoji, username, createdAt: r.createdAt, ...onMyActivity(r) }]
            : []
        })
        return {
          friendsActivity: {
            total: done.total,
            shown: done.shown.flatMap((a) => {
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
          },
          recommendationsWaiting: {
            total: received.total,
            shown: received.shown.flatMap((r) => {
              const fromUsername = name(r.fromUserId)
              return fromUsername ? [{ fromUsername, mediaTitle: r.mediaTitle }] : []
            }),
          },
          recommendationsAnswered: {
            total: mine.total,
            shown: mine.shown.flatMap((r) => {
              // One sent to an address is named by it, as the Sent tab does: never the account behind it.
              const toUsername = r.toEmail ?? name(r.toUserId)
              return toUsername && isToldAnswer(r.status)
                ? [{ toUsername, mediaTitle: r.mediaTitle, status: r.status }]
                : []
            }),
          },
          // Comments and reactions read as one list, newest first: the newest of both kinds are among
          // the newest of each, and a comment goes before a reaction of the same instant.
          onMyActivity: {
            total: said.total + saidToMe.total + reacted.total + reactedToMe.total,
            shown: [...commentLines, ...reactionLines]
              .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
              .slice(0, shownPerSection),
          },
        }
      },
    }
  },
)
