import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from '@reelmates/contracts/feed'
import type { NotificationItem, NotificationsAnswer } from '@reelmates/contracts/notifications'
import { isolated } from '@reelmates/contracts/text'
import { activities } from '../activities/activities'
import { activityQueries } from '../activities/activityQueries'
import { circleQueries } from '../friends/circleQueries'
import { friendships } from '../friends/friendships'
import { defineQueries, type QueryDb } from '../queries'
import { userQueries } from '../users/userQueries'
import { users } from '../users/users'
import { notificationsCollection, type NotificationDoc } from './notificationDoc'
import { notifications } from './notifications'
import { notificationsSeen, notificationsSeenCollection, type NotificationsSeenDoc } from './notificationsSeen'
import type { NotificationContext } from './notificationSource'
import { sourceOfKind } from './allSources'
import { olderThan } from '../keyset'

/** The context of a notification's text: its actors by their current usernames. */
export async function contextsOf(
  db: QueryDb,
  docs: readonly Pick<NotificationDoc, 'actorIds' | 'detail'>[],
): Promise<NotificationContext[]> {
  const cards = await userQueries(db).cards([...new Set(docs.flatMap((doc) => doc.actorIds))])
  return docs.map((doc) => {
    // Names, titles and an announcement's words sit inside our sentences: each is set apart for the
    // bidirectional algorithm, so one in Arabic or Hebrew keeps its place ("سارة commented on …").
    const actors = doc.actorIds.flatMap((id) => {
      const card = cards.get(id)
      return card ? [isolated(card.username)] : []
    })
    const detail = Object.fromEntries(Object.entries(doc.detail).map(([key, value]) => [key, isolated(value)]))
    return { actors, actorCount: actors.length, detail }
  })
}

/** The bell: my notifications as the API shows them, and who has seen a notification of some `ref`. */
export const notificationQueries = defineQueries(
  [notifications, notificationsSeen, users, activities, friendships],
  (db) => {
    const docs = () => db.collection<NotificationDoc>(notificationsCollection)
    const activityIdsOf = (lines: readonly Pick<NotificationDoc, 'activityId'>[]) =>
      lines.flatMap((line) => (line.activityId ? [line.activityId] : []))
    /** The activities of these lines `userId` may open now. */
    async function openable(userId: string, lines: readonly Pick<NotificationDoc, 'activityId'>[]) {
      const ids = activityIdsOf(lines)
      if (ids.length === 0) return { ids, there: new Set<string>() }
      const friends = new Set(await circleQueries(db).friendIds(userId))
      return { ids, there: await activityQueries(db).readableBy(userId, ids, friends) }
    }

    /**
     * Whether the bell shows a line: of a kind it knows (a kind renamed in a later version is not shown
     * rather than shown wrong), and, about an activity, while its reader may open it (`there`): it
     * exists, and is theirs, a friend's or addressed to them. Its owner may remove a watch and put it
     * back, a reader may unfriend its owner and befriend them again: the line is out of the list and the
     * counts in between, rather than leading to a page that says the activity isn't available.
     */
    const shows = (line: NotificationDoc, there: ReadonlySet<string>) =>
      sourceOfKind(line.kind) !== undefined && (!line.activityId || there.has(line.activityId))

    /** Up to `wanted` lines the bell shows, newest first after the cursor's, past those it leaves out. */
    async function shownAfter(userId: string, after: FeedCursor | null, wanted: number): Promise<NotificationDoc[]> {
      const shown: NotificationDoc[] = []
      let from = after
      for (;;) {
        const batch = await docs().find(
          { userId, ...olderThan('createdAt', from) },
          { sort: { createdAt: -1, _id: -1 }, limit: wanted },
        )
        const { there } = await openable(userId, batch)
        shown.push(...batch.filter((line) => shows(line, there)))
        const last = batch.at(-1)
        if (shown.length >= wanted || batch.length < wanted || !last) return shown.slice(0, wanted)
        from = { createdAt: last.createdAt, id: last._id }
      }
    }

    /**
     * Unread, and unread and newer than the last time the bell was opened (all unread ones, before the
     * first time): the lines about an activity that is gone are not counted while it is.
     */
    async function counts(userId: string): Promise<{ unreadCount: number; unseenCount: number }> {
      const [about, mark] = await Promise.all([
        docs().find({ userId, read: false, activityId: { $ne: null } }, { projection: { activityId: 1 } }),
        db.collection<NotificationsSeenDoc>(notificationsSeenCollection).findOne({ _id: userId }),
      ])
      const { ids, there } = await openable(userId, about)
      const gone = [...new Set(ids)].filter((id) => !there.has(id))
      const unread = { userId, read: false, ...(gone.length > 0 ? { activityId: { $nin: gone } } : {}) }
      const [unreadCount, unseenCount] = await Promise.all([
        docs().countDocuments(unread),
        mark ? docs().countDocuments({ ...unread, createdAt: { $gt: mark.seenUpTo } }) : docs().countDocuments(unread),
      ])
      return { unreadCount, unseenCount }
    }

    return {
      /**
       * One page of my notifications, newest first (ties by id): `limit` of them after the cursor of the
       * page before, and a cursor for the next one while there is more. The counts are of every page.
       */
      async list(userId: string, { cursor, limit }: { cursor?: string; limit: number }): Promise<NotificationsAnswer> {
        const after = cursor === undefined ? null : decodeFeedCursor(cursor)
        const [found, { unreadCount, unseenCount }] = await Promise.all([
          shownAfter(userId, after, limit + 1),
          counts(userId),
        ])
        const page = found.slice(0, limit)
        const last = page.at(-1)
        const nextCursor =
          found.length > limit && last ? encodeFeedCursor({ createdAt: last.createdAt, id: last._id }) : null
        const contexts = await contextsOf(db, page)
        const items = page.flatMap((doc, index): NotificationItem[] => {
          const source = sourceOfKind(doc.kind)
          const context = contexts[index]
          if (!source || !context) return []
          return [
            {
              id: doc._id,
              kind: doc.kind,
              text: source.text(context),
              url: doc.url,
              createdAt: doc.createdAt,
              read: doc.read,
            },
          ]
        })
        return { items, nextCursor, unreadCount, unseenCount }
      },

      /** Whether each recipient of a notification of this `ref` (an announcement) has read it. */
      async readState(ref: string): Promise<Map<string, boolean>> {
        const found = await docs().find({ ref })
        return new Map(found.map((doc) => [doc.userId, doc.read]))
      },
    }
  },
)
