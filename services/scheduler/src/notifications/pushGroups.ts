import type { ReadStore } from '@reelmates/infra/readStore/port'

const collection = 'push_groups'
/** Actors of one group pushed within this long are gathered ("Ann and 2 others"); after it, a new batch. */
const batchWindowMs = 6 * 3600_000

type PushGroupDoc = { _id: string; actorIds: string[]; updatedAt: string }

/**
 * The batches of grouped pushes (reactions): the push for a new actor names the ones before it and,
 * with the same topic and tag, replaces the earlier push on the device instead of adding one.
 */
export async function joinPushGroup(
  db: Pick<ReadStore, 'collection'>,
  key: string,
  actorId: string | null,
  now: Date,
): Promise<string[]> {
  const groups = db.collection<PushGroupDoc>(collection)
  const known = await groups.findOne({ _id: key })
  const current = known && now.getTime() - Date.parse(known.updatedAt) < batchWindowMs ? known.actorIds : []
  // Redelivered, the same actor stays where it is: the batch is the same as the first time.
  const actorIds = actorId && !current.includes(actorId) ? [actorId, ...current] : current
  await groups.updateOne({ _id: key }, { $set: { actorIds, updatedAt: now.toISOString() } }, { upsert: true })
  return actorIds
}
