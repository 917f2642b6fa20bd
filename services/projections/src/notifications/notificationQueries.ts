import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from '@reelmates/contracts/feed'
import type { NotificationItem, NotificationsAnswer } from '@reelmates/contracts/notifications'
import { defineQueries, type QueryDb } from '../queries'
import { userQueries } from '../users/userQueries'
import { users } from '../users/users'
import { notificationsCollection, type NotificationDoc } from './notificationDoc'
import { notifications } from './notifications'
import { notificationsSeen, notificationsSeenCollection, type NotificationsSeenDoc } from './notificationsSeen'
import type { NotificationContext } from './notificationSource'
import { sourceOfKind } from './allSources'

/** The context of a notification's text: its actors by their current usernames. */
export async function contextsOf(
  db: QueryDb,
  docs: readonly Pick<NotificationDoc, 'actorIds' | 'detail'>[],
): Promise<NotificationContext[]> {
  const cards = await userQueries(db).cards([...new Set(docs.flatMap((doc) => doc.actorIds))])
  return docs.map((doc) => {
    const actors = doc.actorIds.flatMap((id) => {
      const card = cards.get(id)
      return card ? [card.username] : []
    })
    return { actors, actorCount: actors.length, detail: doc.detail }
  })
}

/** Strictly after the cursor's line in the bell's order (newest first, ties by id): the next page starts there. */
const olderThan = (after: FeedCursor | null) =>
  after
    ? { $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }] }
    : {}

/** The bell: my notifications as the API shows them, and who has seen a notification of some `ref`. */
export const notificationQueries = defineQueries([notifications, notificationsSeen, users], (db) => {
  const docs = () => db.collection<NotificationDoc>(notificationsCollection)
  /** Unread and newer than the last time the bell was opened (all unread ones, before the first time). */
  const unseen = async (userId: string): Promise<number> => {
    const mark = await db.collection<NotificationsSeenDoc>(notificationsSeenCollection).findOne({ _id: userId })
    return docs().countDocuments(
      mark ? { userId, read: false, createdAt: { $gt: mark.seenUpTo } } : { userId, read: false },
    )
  }
  return {
    /**
     * One page of my notifications, newest first (ties by id): `limit` of them after the cursor of the
     * page before, and a cursor for the next one while there is more. The counts are of every page.
     */
    async list(userId: string, { cursor, limit }: { cursor?: string; limit: number }): Promise<NotificationsAnswer> {
      const after = cursor === undefined ? null : decodeFeedCursor(cursor)
      const [found, unreadCount, unseenCount] = await Promise.all([
        docs().find({ userId, ...olderThan(after) }, { sort: { createdAt: -1, _id: -1 }, limit: limit + 1 }),
        docs().countDocuments({ userId, read: false }),
        unseen(userId),
      ])
      const page = found.slice(0, limit)
      const last = page.at(-1)
      const nextCursor =
        found.length > limit && last ? encodeFeedCursor({ createdAt: last.createdAt, id: last._id }) : null
      const contexts = await contextsOf(db, page)
      const items = page.flatMap((doc, index): NotificationItem[] => {
        const source = sourceOfKind(doc.kind)
        const context = contexts[index]
        // A kind whose source is gone (renamed in a later version) is not shown rather than shown wrong.
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
})
