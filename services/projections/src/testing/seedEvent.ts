import type { DomainEvent } from '@reelmates/contracts/events'
import type { Projector, ProjectorDb } from '../projector'

/**
 * Projects one event straight into a read model that a spec's projector reads beside its own (the
 * users for names, the activities, the friends' circles), recorded at `at` as the seed's.
 */
export async function seedEvent(
  projector: Projector,
  db: ProjectorDb,
  { type, data }: DomainEvent,
  {
    id,
    streamId,
    revision = 0,
    position,
    at,
  }: { id: string; streamId: string; revision?: number; position: number; at: string },
): Promise<void> {
  await projector.project(
    {
      id,
      type,
      data,
      streamId,
      revision,
      position: BigInt(position),
      metadata: { correlationId: 'seed', causationId: 'seed', actorId: 'seed', occurredAt: at, schemaVersion: 1 },
      recordedAt: new Date(at),
    },
    db,
  )
}
