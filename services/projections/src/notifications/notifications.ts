import { AccountDeleted } from '@reelmates/contracts/account'
import { NotificationsMarkedRead } from '@reelmates/contracts/notifications'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { z } from 'zod'
import type { EventDefinition } from '@reelmates/contracts/events'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import type { NotificationDraft, NotificationSource } from './notificationSource'
import { notificationsCollection as collection, type NotificationDoc } from './notificationDoc'
import { notificationSources } from './allSources'

const revisions = 'notifications_revisions'
const sourceHandles = notificationSources.flatMap((source) => [
  ...source.handles,
  ...(source.withdrawnBy?.handles ?? []),
])

/**
 * The bell: every source's in-app notifications, per user, newest first. A grouped draft joins the
 * unread notification of its group (its actor moves to the front) and makes it unread again.
 */
export const notifications = defineProjector({
  name: 'notifications',
  version: 3,
  collections: [collection, revisions],
  handles: [...sourceHandles, NotificationsMarkedRead, AccountDeleted],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, read: 1 } })
  },

  // The sources' events arrive with data of any schema; each source types its own in `notify`.
  project: (event: RecordedEvent, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

const is = <D extends EventDefinition<string, z.ZodType<Record<string, unknown>>>>(
  definition: D,
  event: RecordedEvent,
): event is ProjectedEvent<D> => event.type === definition.type

async function apply(event: RecordedEvent, db: ProjectorDb): Promise<void> {
  const docs = db.collection<NotificationDoc>(collection)
  if (is(NotificationsMarkedRead, event)) {
    const { userId, ids, readAt } = event.data
    const filter = ids === null ? { userId, createdAt: { $lte: readAt } } : { userId, _id: { $in: ids } }
    await docs.updateMany(filter, { $set: { read: true } })
    return
  }
  if (is(AccountDeleted, event)) {
    const { userId } = event.data
    await docs.deleteMany({ userId })
    // What they alone did goes with them ("Someone watched Dune and rated it 9/10" would keep their
    // rating in a friend's bell); a notification they shared with others keeps the others.
    await docs.deleteMany({ actorIds: { $all: [userId], $size: 1 } })
    await docs.updateMany({ actorIds: userId }, { $pull: { actorIds: userId } })
    return
  }
  for (const source of notificationSources) {
    const withdrawal = source.withdrawnBy
    if (withdrawal?.handles.some((handled) => handled.type === event.type)) {
      for (const { userId, ref } of withdrawal.refs(event)) await docs.deleteMany({ userId, kind: source.kind, ref })
    }
    if (!source.handles.some((handled) => handled.type === event.type)) continue
    for (const draft of source.notify(event)) {
      if (draft.channels?.inApp === false) continue
      await addNotification(db, source, draft, event)
    }
  }
}

const occurredAt = (event: RecordedEvent) => event.metadata.occurredAt

async function addNotification(
  db: ProjectorDb,
  source: NotificationSource,
  draft: NotificationDraft,
  event: RecordedEvent,
) {
  const docs = db.collection<NotificationDoc>(collection)
  const createdAt = occurredAt(event)
  if (draft.group) {
    const _id = `${draft.userId}:${source.kind}:${draft.group}`
    const known = await docs.findOne({ _id })
    const earlier = known && !known.read ? known.actorIds : []
    const actorIds = draft.actorId ? [draft.actorId, ...earlier.filter((id) => id !== draft.actorId)] : earlier
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
