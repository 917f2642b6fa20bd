import { eventDefinition, parseEventData } from '@reelmates/contracts/events'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { RunnerLogger } from './logger'

/**
 * Gives projectors each event in today's shape (validated, upcast; an erased user's personal fields
 * as null). Answers undefined for a type
 * this process has no definition for: such an event is skipped, and said once per type, rather than
 * stopping every read model. Data that its definition refuses throws, so the projector that needed
 * it stops at that event.
 */
export type EventParser = (event: RecordedEvent) => RecordedEvent | undefined

export function createEventParser(logger: RunnerLogger): EventParser {
  const parsed = new WeakMap<RecordedEvent, RecordedEvent>()
  const reportedUnknown = new Set<string>()
  return (event) => {
    if (!eventDefinition(event.type)) {
      if (!reportedUnknown.has(event.type)) {
        reportedUnknown.add(event.type)
        logger.warn(
          { type: event.type, position: event.position.toString() },
          'projections skip an event type with no definition',
        )
      }
      return undefined
    }
    let current = parsed.get(event)
    if (!current) {
      current = {
        ...event,
        data: parseEventData(event.type, event.data, event.metadata.schemaVersion, {
          personalDataErased: event.metadata.personalDataErased === true,
        }),
      }
      parsed.set(event, current)
    }
    return current
  }
}
