import { AccountDeleted } from '@reelmates/contracts/account'
import { NotificationsMarkedRead } from '@reelmates/contracts/notifications'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { z } from 'zod'
import type { EventDefinition } from '@reelmates/contracts/events'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import type { NotificationDraft, NotificationSource } from './notificationSource'
import { notificationsCollection as collection, type NotificationDoc, type NotificationPart } from './notificationDoc'
import { notificationSources } from './allSources'

const revisions = 'notifications_revisions'
const sourceHandles = notificationSources.flatMap((source) => [
  ...source.handles,
  ...(source.withdrawnBy?.handles ?? []),
  ...(source.takenBackBy?.handles ?? []),
])

/**
 * The bell: every source's in-app notifications, per user, newest first. A grouped draft joins the
 * unread notification of its group (its actor moves to the front, its time is the draft's) and makes
 * it unread again; a read one starts over with the draft's actor alone.
 */
export const notifications = defineProjector({
  name: 'notifications',
  // A new index needs a rebuild: `setup` runs on the fresh collections only (7: comments gathered per
  // activity, and the `group` index a deleted comment finds its thread's lines by). 8: "now friends"
  // lines of friendships since ended are taken out. 9: each line about an activity names it
  // (`activityId`), so the bell leaves it out while the activity is gone. 10: a recommendation's line
  // goes once it is answered or watched. 11: an answer to a recommendation sent to an address names
  // who answered (`aboutUserId`), so their deleted account takes it. 12: a grouped line keeps each part's
  // time, so taking its newest back gives it the time of the newest that remains.
  version: 12,
  collections: [collection, revisions],
  handles: [...sourceHandles, NotificationsMarkedRead, AccountDeleted],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, read: 1 } })
    // An announcement's delivery report reads its lines by `ref`.
    await db.collection(collection).createIndex({ keys: { ref: 1 } })
    // A deleted comment takes its commenter out of its thread's lines in every bell, by `group`.
    await db.collection(collection).createIndex({ keys: { group: 1 } })
    // A deleted account takes the lines about its activities with it, by `aboutUserId`.
    await db.collection(collection).createIndex({ keys: { aboutUserId: 1 } })
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
    // A mark recorded before comments were gathered names one comment's own line: on a rebuild, it
    // marks the line that comment joined.
    const filter =
      ids === null
        ? { userId, createdAt: { $lte: readAt } }
        : { userId, $or: [{ _id: { $in: ids } }, { ungroupedIds: { $in: ids } }] }
    await docs.updateMany(filter, { $set: { read: true } })
    return
  }
  if (is(AccountDeleted, event)) {
    const { userId } = event.data
    await docs.deleteMany({ userId })
    // Others' comments and reactions on its activities went with it: so do the lines telling of them.
    await docs.deleteMany({ aboutUserId: userId })
    // What they alone did goes with them ("Someone commented on your activity" would keep their
    // deed in a friend's bell); a notification they shared with others keeps the others.
    for (const doc of await docs.find({ actorIds: userId })) {
      if (doc.actorIds.length === 1) await docs.deleteOne({ _id: doc._id })
      else
        await docs.updateOne(
          { _id: doc._id },
          {
            $set: regathered(
              doc,
              doc.actorIds.filter((id) => id !== userId),
              doc.parts.filter((part) => !part.id.startsWith(`${userId}|`)),
            ),
          },
        )
    }
    return
  }
  for (const source of notificationSources) {
    const withdrawal = source.withdrawnBy
    if (withdrawal?.handles.some((handled) => handled.type === event.type)) {
      for (const { userId, ...which } of withdrawal.refs(event))
        await docs.deleteMany({ kind: source.kind, ...which, ...(userId === undefined ? {} : { userId }) })
    }
    const takeBack = source.takenBackBy
    if (takeBack?.handles.some((handled) => handled.type === event.type)) {
      for (const part of takeBack.parts(event)) await takeBackPart(db, source, part)
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
    const unread = known && !known.read ? known : null
    const earlier = unread?.actorIds ?? []
    const actorIds = draft.actorId ? [draft.actorId, ...earlier.filter((id) => id !== draft.actorId)] : earlier
    const part = draft.actorId && draft.part !== undefined ? partOf(draft.actorId, draft.part) : null
    const earlierParts = unread?.parts ?? []
    const parts = part
      ? [...earlierParts.filter((held) => held.id !== part), { id: part, at: createdAt, url: draft.url }]
      : earlierParts
    const ownId = `${event.id}:${draft.userId}`
    const earlierIds = unread?.ungroupedIds ?? []
    const ungroupedIds = earlierIds.includes(ownId) ? earlierIds : [...earlierIds, ownId]
    await docs.updateOne(
      { _id },
      {
        $set: {
          userId: draft.userId,
          kind: source.kind,
          actorIds,
          parts,
          ungroupedIds,
          url: draft.url,
          detail: draft.detail,
          group: draft.group,
          ref: draft.ref ?? null,
          aboutUserId: draft.aboutUserId ?? null,
          activityId: draft.activityId ?? null,
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
        parts: [],
        ungroupedIds: [],
        url: draft.url,
        detail: draft.detail,
        group: null,
        ref: draft.ref ?? null,
        aboutUserId: draft.aboutUserId ?? null,
        activityId: draft.activityId ?? null,
        createdAt,
        read: false,
      },
    },
    { upsert: true },
  )
}

const partOf = (actorId: string, part: string) => `${actorId}|${part}`

/**
 * A grouped line after parts left it: the time of its newest remaining part, so that a deleted newest
 * comment neither keeps the line's place at the top nor counts it on the badge again, and its address
 * (the line led to the deleted comment), and its actors latest first by their newest remaining part,
 * as drafts order them. With no part left to date it (a line stored before parts had times), it keeps
 * what it had; a newest part stored before parts had addresses keeps the line's.
 */
function regathered(
  line: Pick<NotificationDoc, 'createdAt' | 'url'>,
  actorIds: readonly string[],
  parts: NotificationPart[],
): Pick<NotificationDoc, 'actorIds' | 'parts' | 'createdAt' | 'url'> {
  if (parts.length === 0) return { actorIds: [...actorIds], parts, createdAt: line.createdAt, url: line.url }
  const newestOf = (actorId: string) =>
    parts.reduce((newest, part) => (part.id.startsWith(`${actorId}|`) && part.at > newest ? part.at : newest), '')
  const newest = parts.reduce((found, part) => (part.at > found.at ? part : found))
  return {
    actorIds: [...actorIds].sort((a, b) => newestOf(b).localeCompare(newestOf(a))),
    parts,
    createdAt: newest.at,
    url: newest.url ?? line.url,
  }
}

/**
 * Takes one actor's part out of a grouped notification, in one bell or (no `userId`) in every bell
 * whose line of the group holds it: the actor leaves a line once they have no part left there, and
 * the line goes with its last actor. A part the line does not hold (it started over after being
 * read, since that reaction or comment) changes nothing.
 */
async function takeBackPart(
  db: ProjectorDb,
  source: NotificationSource,
  { userId, group, actorId, part }: { userId?: string; group: string; actorId: string; part: string },
) {
  const docs = db.collection<NotificationDoc>(collection)
  const taken = partOf(actorId, part)
  const holding =
    userId === undefined
      ? await docs.find({ group, kind: source.kind, 'parts.id': taken })
      : await docs.find({ _id: `${userId}:${source.kind}:${group}`, 'parts.id': taken })
  for (const known of holding) {
    const parts = known.parts.filter((held) => held.id !== taken)
    const stays = parts.some((held) => held.id.startsWith(`${actorId}|`))
    const actorIds = stays ? known.actorIds : known.actorIds.filter((id) => id !== actorId)
    if (actorIds.length === 0) await docs.deleteOne({ _id: known._id })
    else await docs.updateOne({ _id: known._id }, { $set: regathered(known, actorIds, parts) })
  }
}
