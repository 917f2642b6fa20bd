import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { ProjectorDb } from './runner/renamedView'

/**
 * Applies `work` for an event unless this read model has already applied that event or a later one of
 * the same stream: the last revision applied per stream is kept in `collection` (one of the projector's
 * own collections, so it is rebuilt and stored atomically with the documents). The runner's checkpoint
 * already keeps events from coming twice; this guard is what keeps a redelivery harmless where it
 * does not (a crash between a write and its checkpoint on a store without transactions), including a
 * redelivered add after its removal, which would otherwise bring the title back.
 */
export async function applyOnce(
  db: ProjectorDb,
  collection: string,
  event: RecordedEvent,
  work: () => Promise<void>,
): Promise<void> {
  const revisions = db.collection(collection)
  const seen = await revisions.findOne({ _id: event.streamId })
  if (seen && typeof seen.revision === 'number' && seen.revision >= event.revision) return
  await work()
  await revisions.updateOne({ _id: event.streamId }, { $set: { revision: event.revision } }, { upsert: true })
}
