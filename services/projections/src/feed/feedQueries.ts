import {
  decodeFeedCursor,
  feedIdsMax,
  encodeFeedCursor,
  type ActivityAnswer,
  type ActivityType,
  type FeedAnswer,
  type FeedIdsAnswer,
  type MyCommentItem,
  type MyCommentsAnswer,
} from '@reelmates/contracts/feed'
import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { activities, activitiesCollection } from '../activities/activities'
import type { Activity } from '../activities/activityQueries'
import { circleQueries } from '../friends/circleQueries'
import { friendships, friendshipsCollection } from '../friends/friendships'
import { defineQueries, type QueryDb } from '../queries'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'
import { audienceTimeline, ownTimeline, walkTimeline, timelinesCollection } from '../activities/activityTimelines'
import { newestOf } from '../activities/timelineMerge'
import {
  activityInteractions,
  commentsCollection,
  reactionsCollection,
  type CommentDoc,
  type ReactionDoc,
} from './activityInteractions'
import { commentItemOf, feedItemOf, watchedAtOf } from './feedItems'
import { firstWatches } from '../watched/watchedQueries'
import { feedVisits, feedVisitsCollection } from './feedVisits'
import { olderThan } from '../keyset'

/** Who may see an activity: its owner, the owner's friends, or, with an audience, exactly those. */
export interface ActivityAccess {
  id: string
  ownerId: string
  /** What it is, for the notifications of its comments and reactions ("your watch of Dune"). */
  activityType: ActivityType
  mediaTitle: string | null
  /** Who it is addressed to (a recommendation's two members), or null: the owner's friends. */
  audience: readonly string[] | null
  /** Addressed to members who are not friends now (a recommendation after an unfriending): read-only. */
  closed: boolean
}

/** What one of my comments or reactions is on (`MyCommentItem['activity']`). */
export type ActivityPlace = NonNullable<MyCommentItem['activity']>

/** One reaction I gave, and where. */
export interface MyReaction {
  emoji: string
  createdAt: string
  activity: ActivityPlace | null
  comment: { id: string; author: string | null } | null
}

const accessOf = (activity: Activity, closed: boolean): ActivityAccess => ({
  id: activity._id,
  ownerId: activity.userId,
  activityType: activity.activityType,
  mediaTitle: activity.mediaTitle,
  audience: activity.audience,
  closed,
})

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
    const circles = circleQueries(db)

    /** Me and my friends: the owners whose friends-visible activities I see. */
    async function circleOf(userId: string): Promise<string[]> {
      return [userId, ...(await circles.friendIds(userId))]
    }

    /** The timelines `userId` may see (my friends', mine, my audience's), each newest first. */
    async function visibleTimelines(userId: string): Promise<string[]> {
      const keys = [...(await circleOf(userId)).map(ownTimeline), audienceTimeline(userId)]
      const docs = await db.collection(timelinesCollection).find({ _id: { $in: keys } })
      return docs.map((doc) => String(doc.entries))
    }

    async function areFriends(userId: string, otherId: string): Promise<boolean> {
      const friendship = await db
        .collection(friendshipsCollection)
        .findOne({ _id: friendshipIdOf(userId, otherId), status: 'accepted' })
      return friendship !== null
    }

    async function mayFriendSee(viewerId: string, activity: Activity): Promise<boolean> {
      if (activity.userId === viewerId) return true
      if (activity.audience !== null) return activity.audience.includes(viewerId)
      return areFriends(viewerId, activity.userId)
    }

    /**
     * A card addressed to two members who were friends until one of them ended it (a recommendation
     * after an unfriending): it stays theirs to read, but ending the friendship ended contact through
     * it. Friends again, it opens. Two who never were friends (a recommendation mailed to a newcomer,
     * whose friend request waits) talk on it as they always could.
     */
    async function isClosed(activity: Activity): Promise<boolean> {
      const [one, other] = activity.audience ?? []
      return one !== undefined && other !== undefined && (await circles.wereFriends(one, other))
    }

    /** The ids of the closed cards among `shown`. */
    async function closedAmong(shown: readonly Activity[]): Promise<Set<string>> {
      const closed = await Promise.all(
        shown.map(async (activity) => ((await isClosed(activity)) ? [activity._id] : [])),
      )
      return new Set(closed.flat())
    }

    /**
     * The watches among `shown` that come after an earlier watch of the same title by the same member
     * which their friends could see: public watches are the ones with an activity, so a private watch,
     * never told, makes none a rewatch. The same order as the diary's (when watched, ties by entry id).
     */
    async function rewatchesAmong(shown: readonly Activity[]): Promise<Set<string>> {
      const titlesByOwner = new Map<string, Set<number>>()
      for (const activity of shown)
        if (activity.activityType === 'watched' && activity.tmdbId !== null)
          titlesByOwner.set(activity.userId, (titlesByOwner.get(activity.userId) ?? new Set()).add(activity.tmdbId))
      const rewatches = new Set<string>()
      await Promise.all(
        [...titlesByOwner].map(async ([userId, tmdbIds]) => {
          // Whole documents: the embedded store hands out the ones it holds, a projection would copy them.
          const watches = await feed().find({ userId, activityType: 'watched', tmdbId: { $in: [...tmdbIds] } })
          const firsts = firstWatches(
            watches.flatMap((watch) => {
              const watchedAt = watchedAtOf(watch)
              return watch.mediaType === null || watch.tmdbId === null || watchedAt === null
                ? []
                : [{ _id: watch._id, tmdbId: watch.tmdbId, mediaType: watch.mediaType, watchedAt }]
            }),
          )
          for (const watch of watches) if (!firsts.has(watch._id)) rewatches.add(watch._id)
        }),
      )
      return rewatches
    }

    /**
     * What each of these activities is, for a list of my own comments or reactions: whose it is only
     * while I may still open it (a comment outlives the friendship it was written in). An activity
     * that has gone is absent.
     */
    async function placesOf(userId: string, activityIds: readonly string[]): Promise<Map<string, ActivityPlace>> {
      const onActivities = await feed().find({ _id: { $in: [...new Set(activityIds)] } })
      const [seen, owners] = await Promise.all([
        Promise.all(onActivities.map((activity) => mayFriendSee(userId, activity))),
        cards.cards(onActivities.map((activity) => activity.userId)),
      ])
      return new Map(
        onActivities.map((activity, index) => {
          const visible = seen[index] === true
          const place: ActivityPlace = {
            id: activity._id,
            activityType: activity.activityType,
            mediaTitle: activity.mediaTitle,
            owner: visible ? (owners.get(activity.userId)?.username ?? null) : null,
            visible,
          }
          return [activity._id, place]
        }),
      )
    }

    async function visible(viewerId: string, activityId: string): Promise<Activity | null> {
      const activity = await feed().findOne({ _id: activityId })
      return activity && (await mayFriendSee(viewerId, activity)) ? activity : null
    }

    return {
      async page(userId: string, { cursor, limit }: { cursor?: string; limit: number }): Promise<FeedAnswer> {
        const after = cursor === undefined ? null : decodeFeedCursor(cursor)
        const page = newestOf(await visibleTimelines(userId), after, limit + 1)
        const found = await feed().find({ _id: { $in: page.slice(0, limit).map((entry) => entry.id) } })
        const byId = new Map(found.map((activity) => [activity._id, activity]))
        const shown = page.slice(0, limit).flatMap((entry) => byId.get(entry.id) ?? [])
        const last = page[limit - 1]
        const nextCursor =
          page.length > limit && last ? encodeFeedCursor({ createdAt: last.createdAt, id: last.id }) : null
        const ids = shown.map((activity) => activity._id)
        const [said, reacted, rewatches, closed] = await Promise.all([
          comments().find({ activityId: { $in: ids } }, { projection: { activityId: 1 } }),
          reactions().find({ activityId: { $in: ids }, commentId: null }),
          rewatchesAmong(shown),
          closedAmong(shown),
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
              rewatches,
              closed,
            ) ?? [],
        )
        return { items, nextCursor }
      },

      /**
       * The ids of my feed from the newest down to `to` (ties in its date included): timeline lines
       * only, no activity read, so a list of hundreds of items is checked for what went from it in one
       * cheap answer. Past `feedIdsMax` lines it stops, and says so.
       */
      async idsDownTo(userId: string, to: string): Promise<FeedIdsAnswer> {
        const bound = decodeFeedCursor(to)
        const ids: string[] = []
        let complete = true
        if (bound)
          for (const timeline of await visibleTimelines(userId))
            walkTimeline(
              timeline,
              () => true,
              (entry) => {
                if (entry.createdAt < bound.createdAt) return false
                if (ids.length === feedIdsMax) return (complete = false)
                ids.push(entry.id)
                return true
              },
            )
        return { ids, complete }
      },

      /** What arrived from others since I last opened the feed (everything, before my first visit). */
      async unread(userId: string): Promise<number> {
        const visit = await db.collection(feedVisitsCollection).findOne({ _id: userId })
        const since = typeof visit?.lastActivityVisit === 'string' ? visit.lastActivityVisit : ''
        let count = 0
        for (const timeline of await visibleTimelines(userId))
          walkTimeline(
            timeline,
            () => true,
            (entry) => {
              if (entry.createdAt <= since) return false
              if (entry.ownerId !== userId) count += 1
              return true
            },
          )
        return count
      },

      /** One activity with its comments, or null when it is not there or not the viewer's to see. */
      async activity(userId: string, activityId: string): Promise<ActivityAnswer | null> {
        const activity = await visible(userId, activityId)
        if (!activity) return null
        const [said, reacted, rewatches, closed] = await Promise.all([
          comments().find({ activityId }, { sort: { createdAt: 1, _id: 1 } }),
          reactions().find({ activityId }),
          rewatchesAmong([activity]),
          closedAmong([activity]),
        ])
        const people = await cards.cards([
          activity.userId,
          ...(activity.targetUserId ? [activity.targetUserId] : []),
          ...said.map((comment) => comment.userId),
          ...reacted.map((reaction) => reaction.userId),
        ])
        const item = feedItemOf(activity, userId, people, reacted, said.length, rewatches, closed)
        if (!item) return null
        const shown = said.flatMap((comment) => commentItemOf(comment, userId, people, reacted) ?? [])
        return { activity: { ...item, commentCount: shown.length }, comments: shown }
      },

      /**
       * My own comments, newest first, wherever they were written: each with what it was on, and
       * whether I may still open that (a comment outlives the friendship it was written in).
       */
      async myComments(
        userId: string,
        { cursor, limit }: { cursor?: string; limit: number },
      ): Promise<MyCommentsAnswer> {
        const after = cursor === undefined ? null : decodeFeedCursor(cursor)
        const found = await comments().find(
          { userId, ...olderThan('createdAt', after) },
          { sort: { createdAt: -1, _id: -1 }, limit: limit + 1 },
        )
        const page = found.slice(0, limit)
        const places = await placesOf(
          userId,
          page.map((comment) => comment.activityId),
        )
        const items = page.flatMap((comment) => {
          if (comment.content === null) return []
          return [
            {
              id: comment.id,
              content: comment.content,
              createdAt: comment.createdAt,
              updatedAt: comment.updatedAt,
              activity: places.get(comment.activityId) ?? null,
            },
          ]
        })
        const last = page.at(-1)
        return {
          items,
          nextCursor:
            found.length > limit && last ? encodeFeedCursor({ createdAt: last.createdAt, id: last._id }) : null,
        }
      },

      /**
       * Every reaction I gave, newest first, each with the activity it is on (as `myComments` shows
       * it) and, for one on a comment, whose comment that was while I may still see it.
       */
      async myReactions(userId: string): Promise<MyReaction[]> {
        const found = await reactions().find({ userId }, { sort: { createdAt: -1, _id: -1 } })
        const places = await placesOf(
          userId,
          found.map((reaction) => reaction.activityId),
        )
        const authors = await cards.cards(found.flatMap((reaction) => reaction.commentAuthorId ?? []))
        return found.map((reaction) => {
          const place = places.get(reaction.activityId) ?? null
          return {
            emoji: reaction.emoji,
            createdAt: reaction.createdAt,
            activity: place,
            comment:
              reaction.commentId === null
                ? null
                : {
                    id: reaction.commentId,
                    author:
                      place?.visible && reaction.commentAuthorId
                        ? (authors.get(reaction.commentAuthorId)?.username ?? null)
                        : null,
                  },
          }
        })
      },

      /** The activity as the write side needs it: who owns it, when the asker may see it. */
      async access(userId: string, activityId: string): Promise<ActivityAccess | null> {
        const activity = await visible(userId, activityId)
        return activity && accessOf(activity, await isClosed(activity))
      },

      /** As `access`, whoever asks: only for what needs no sight of the activity (deleting one's own comment). */
      async accessWithoutSight(activityId: string): Promise<ActivityAccess | null> {
        const activity = await feed().findOne({ _id: activityId })
        return activity && accessOf(activity, await isClosed(activity))
      },

      /** Who may read an activity now (as `access` decides it): its audience, or its owner and the owner's friends. */
      async readers(activityId: string): Promise<string[]> {
        const activity = await feed().findOne({ _id: activityId })
        if (!activity) return []
        return [...new Set([activity.userId, ...(activity.audience ?? (await circles.friendIds(activity.userId)))])]
      },

      /** The activity a comment belongs to and its author, whoever asks (the activity's access is checked after). */
      async commentPlace(commentId: string): Promise<{ activityId: string; authorId: string } | null> {
        const comment = await comments().findOne({ _id: commentId })
        return comment && { activityId: comment.activityId, authorId: comment.userId }
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
