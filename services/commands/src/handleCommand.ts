import { randomUUID } from 'node:crypto'
import { eventDefinition, parseEventData, type DomainEvent } from '@reelmates/contracts/events'
import {
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '@reelmates/infra/eventStore/port'
import { DomainError, type Decider } from './decider'
import { stateCacheOf } from './stateCache'

/** Who asked, why and when: copied into the metadata of every event the command produces. */
export interface CommandMetadata {
  correlationId: string
  causationId: string
  actorId: string
  occurredAt: string
}

export interface HandleCommandInput<Command, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>
  streamId: string
  command: Command
  metadata: CommandMetadata
  /** How many times a concurrency conflict is retried (reload, decide again) before giving up. Default 5. */
  maxRetries?: number
}

export interface HandledCommand<Event extends DomainEvent, State = unknown> {
  /** The events appended (empty when the command changed nothing). */
  events: Event[]
  /**
   * The state the command was decided on: after a conflict, the fresh one, which may hold another
   * writer's change that the caller's own earlier look-up did not see.
   */
  decidedOn: State
  /** Log position of the last appended event, for read-your-writes; `null` when nothing was appended. */
  position: bigint | null
  /** The stream's revision after the command. */
  nextExpectedRevision: number | 'no_stream'
}

const DEFAULT_MAX_RETRIES = 5

/** Refused after every retry lost the race: the gateway answers 409 and the user can simply try again. */
export class ConcurrentChange extends DomainError {
  override readonly name = 'ConcurrentChange'
  constructor() {
    super('conflict', 'Someone else changed this at the same time. Please try again.')
  }
}

/**
 * The write side's one loop: load the stream, fold it, decide, append with the revision that was read.
 * When another writer got there first the store refuses the append; the command is then decided again
 * on the fresh state, because the rules may answer differently now (a bounded number of times, so that
 * a hot stream cannot keep a request waiting forever).
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  { decider, streamId, command, metadata, maxRetries = DEFAULT_MAX_RETRIES }: HandleCommandInput<Command, Event, State>,
): Promise<HandledCommand<Event, State>> {
  for (let attempt = 0; ; attempt++) {
    const { state, revision } = await loadStream(eventStore, decider, streamId)
    const decided = decider.decide(command, state)
    if (decided.length === 0) return { events: [], decidedOn: state, position: null, nextExpectedRevision: revision }

    const events: Event[] = decided.map((event) => ({ ...event, data: validData(event) }))
    try {
      const appended = await eventStore.append(
        streamId,
        events.map((event) => toAppend(event, metadata)),
        {
          expectedRevision: revision,
        },
      )
      return {
        events,
        decidedOn: state,
        position: appended.position,
        nextExpectedRevision: appended.nextExpectedRevision,
      }
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error
      if (attempt >= maxRetries) throw new ConcurrentChange()
      await backOff(attempt)
    }
  }
}

/** The folded state of a stream, for queries that need an aggregate's view (e.g. its current order). */
export async function loadState<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
): Promise<State> {
  return (await loadStream(eventStore, decider, streamId)).state
}

/**
 * The state of a stream and the revision it was folded to. Only the events after the cached revision
 * are read and folded, so a command costs the same on a user's tenth event as on their five-thousandth.
 */
async function loadStream<Command, Event extends DomainEvent, State>(
  eventStore: EventStore,
  decider: Decider<Command, Event, State>,
  streamId: string,
): Promise<{ state: State; revision: number | 'no_stream' }> {
  const cache = stateCacheOf(eventStore)
  const cached = cache.get<State>(decider, streamId)
  const recorded = await eventStore.readStream(
    streamId,
    cached === undefined ? {} : { fromRevision: cached.revision + 1 },
  )
  const state = recorded.reduce(
    (folded, event) => decider.evolve(folded, toDomainEvent(event) as Event),
    cached === undefined ? decider.initialState() : cached.state,
  )
  const revision = recorded.at(-1)?.revision ?? cached?.revision
  if (revision === undefined) return { state, revision: 'no_stream' }
  cache.set(decider, streamId, { state, revision })
  return { state, revision }
}

/** Stored data is read in today's shape: older versions go through their upcasters; an erased user's personal fields read as null. */
export function toDomainEvent(event: RecordedEvent): DomainEvent {
  const erased = event.metadata.personalDataErased === true
  return {
    type: event.type,
    data: parseEventData(event.type, event.data, event.metadata.schemaVersion, { personalDataErased: erased }),
  }
}

/** A decider that emits data its schema refuses is a bug: better refused now than stored for ever. */
function validData(event: DomainEvent): Record<string, unknown> {
  const definition = eventDefinition(event.type)
  if (!definition)
    throw new Error(`Event type ${event.type} has no definition; define it with defineEvent in contracts/`)
  return definition.schema.parse(event.data)
}

function toAppend(event: DomainEvent, metadata: CommandMetadata): EventToAppend {
  return {
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: { ...metadata, schemaVersion: eventDefinition(event.type)?.version ?? 1 },
  }
}

/** A little random wait so that writers who just collided do not collide again in lockstep. */
function backOff(attempt: number): Promise<void> {
  const ms = Math.random() * 5 * (attempt + 1)
  return new Promise((resolve) => setTimeout(resolve, ms))
}
