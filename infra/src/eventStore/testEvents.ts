import { randomUUID } from 'node:crypto'
import type { EventToAppend } from './port'

/** Tests only: an event of any type, with the metadata every event carries. */
export function testEvent(type: string, data: Record<string, unknown>): EventToAppend {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      correlationId: 'test',
      causationId: 'test',
      actorId: 'system',
      occurredAt: '2026-11-24T08:00:00.000Z',
      schemaVersion: 1,
    },
  }
}
