import { randomUUID } from 'node:crypto'
import type { DomainEvent } from '@reelmates/contracts/events'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { Doc, Filter } from '@reelmates/infra/readStore/port'
import type { Projector } from '../projector'

/**
 * Events in, documents out: feeds a projector recorded events in log order on a real embedded read
 * store, the way the runner does.
 */
export async function projectorHarness(projector: Projector) {
  const db = await createEmbeddedReadStore({})
  await projector.setup?.(db)
  let position = 0n
  const revisions = new Map<string, number>()
  let occurredAt = '2026-11-20T20:00:00.000Z'
  let actorId = 'test'
  let causationId = 'test'

  const record = (event: DomainEvent, streamId: string): RecordedEvent => {
    const revision = (revisions.get(streamId) ?? -1) + 1
    revisions.set(streamId, revision)
    position += 1n
    return {
      id: randomUUID(),
      type: event.type,
      streamId,
      revision,
      position,
      data: event.data,
      metadata: {
        correlationId: 'test',
        causationId,
        actorId,
        occurredAt,
        schemaVersion: 1,
      },
      recordedAt: new Date(occurredAt),
    }
  }

  return {
    db,
    /** Projects the events in order; answers what was recorded, to replay one if a test wants to. */
    async given(...events: DomainEvent[]): Promise<RecordedEvent[]> {
      const recorded: RecordedEvent[] = []
      for (const event of events) {
        const userId = (event.data as { userId?: unknown }).userId
        const streamId = `stream-${typeof userId === 'string' ? userId : 'any'}`
        const one = record(event, streamId)
        if (projector.handles.includes(one.type)) await projector.project(one, db)
        recorded.push(one)
      }
      return recorded
    },
    /** Feeds already recorded events to the projector again, as a redelivery would. */
    async redeliver(...recorded: RecordedEvent[]): Promise<void> {
      for (const one of recorded) if (projector.handles.includes(one.type)) await projector.project(one, db)
    },
    /** Who caused the events given from now on (their `actorId`). */
    as(actor: string): void {
      actorId = actor
    },
    /** What the events given from now on follow from (their `causationId`, e.g. a recorded event's id). */
    causedBy(id: string): void {
      causationId = id
    },
    /** When the events given from now on happened (their `occurredAt`). */
    at(iso: string): void {
      occurredAt = iso
    },
    docs: (collection: string, filter: Filter = {}): Promise<Doc[]> =>
      db.collection(collection).find(filter, { sort: { _id: 1 } }),
  }
}
