import { AccountDeleted } from '@reelmates/contracts/account'
import { NotificationsMarkedRead } from '@reelmates/contracts/notifications'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import { defineProjector, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import type { NotificationDraft, NotificationSource } from './notificationSource'
import { notificationsCollection as collection, type NotificationDoc } from './notificationDoc'
import { notificationSources } from './allSources'

const revisions = 'notifications_revisions'
const sourceHandles = notificationSources.flatMap((source) => source.handles)

/**
 * The bell: every source's in-app notifications, per user, newest first. A grouped draft joins the
 * unread notification of its group (its actor moves to the front) and makes it unread again.
 */
export const notifications = defineProjector({
  name: 'notifications',
  version: 1,
  collections: [collection, revisions],
  handles: [...sourceHandles, NotificationsMarkedRead, AccountDeleted],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, read: 1 } })
  },

  project: (event, db) =>
    applyOnce(db, revisions, event as RecordedEvent, async () => {
      const docs = db.collection<NotificationDoc>(collection)
      switch (event.type) {
        case 'NotificationsMarkedRead': {
          const { userId, ids, readAt } = event.data
          const filter = ids === null ? { userId, createdAt: { $lte: readAt } } : { userId, _id: { $in: ids } }
          await docs.updateMany(filter, { $set: { read: true } })
          return
        }
        case 'AccountDeleted':
          await docs.deleteMany({ userId: event.data.userId })
          await docs.updateMany({ actorIds: event.data.userId }, { $pull: { actorIds: event.data.userId } })
          return
        default:
          for (const source of notificationSources) {
            if (!source.handles.some((handled) => handled.type === event.type)) continue
            for (const draft of source.notify(event)) {
              if (draft.channels?.inApp === false) continue
              await addNotification(db, source, draft, event as RecordedEvent)
            }
          }
      }
    }),
})

const occurredAt = (event: RecordedEvent) => String(event.metadata.occurredAt)

async function addNotification(db: ProjectorDb, source: NotificationSource, draft: NotificationDraft, event: RecordedEvent) {
  const docs = db.collection<NotificationDoc>(collection)
  const createdAt = occurredAt(event)
  if (draft.group) {
    const _id = `${draft.userId}:${source.kind}:${draft.group}`
    const known = await docs.findOne({ _id })
    const earlier = known && !known.read ? known.actorIds : []
    const actorIds = draft.actorId
      ? [draft.actorId, ...earlier.filter((id) => id !== draft.actorId)]
      : earlier
    await docs.updateOne(
      { _id },
      {
        $set: {
          userId: draft.userId,
          kind: source.kind,
          actorIds,
          url: draft.url,
          detail: draft.detail,
          group: draft.group,
          ref: draft.ref ?? null,
          createdAt,
          read: false,
        },
      },
      { upsert: true },
    )
    return
  }
  await docs.updateOne(
    { _id: `${event.id}:${draft.userId}` },
    {
      $set: {
        userId: draft.userId,
        kind: source.kind,
        actorIds: draft.actorId ? [draft.actorId] : [],
        url: draft.url,
        detail: draft.detail,
        group: null,
        ref: draft.ref ?? null,
        createdAt,
        read: false,
      },
    },
    { upsert: true },
  )
}
