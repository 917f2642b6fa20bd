import { toDomainEvent } from '@reelmates/commands/handleCommand'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'

/**
 * The reactor follows the log as stored (personal fields sealed); a reaction that shows an event's
 * content reads that one event again through the decrypting store, parsed into today's shape.
 */
export async function decryptedEvent(eventStore: EventStore, stored: RecordedEvent): Promise<RecordedEvent> {
  const [event] = await eventStore.readStream(stored.streamId, { fromRevision: stored.revision, maxCount: 1 })
  if (!event || event.id !== stored.id)
    throw new Error(`event ${stored.id} is not at ${stored.streamId}@${stored.revision}`)
  return { ...event, data: toDomainEvent(event).data }
}
