/**
 * The distributed event store: EventStoreDB / KurrentDB through `@eventstore/db-client` (gRPC).
 *
 * Positions: since EventStoreDB 20, every event is its own implicitly committed record, so its commit
 * and prepare positions are equal and strictly increase along `$all`. Our position is the commit
 * position; going back, `{ commit: p, prepare: p }` names the same point in the log.
 * System events (types starting with `$`) never leave this adapter.
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client'
import {
  WrongExpectedRevisionError,
  type AllSubscription,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllBackwardsOptions,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './port'
import { assertAppendable, assertMaxCount } from './argumentChecks'

export interface EventStoreDbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string
}

/** How many `$all` records one read asks for; system events are filtered out here, so pages may shrink. */
const ALL_PAGE_SIZE = 1000

type StoredEvent = NonNullable<ResolvedEvent['event'] | AllStreamResolvedEvent['event']>

/** Connects and checks that the server answers, so a wrong URL fails at start-up rather than on first use. */
export async function createEventStoreDbEventStore({
  connectionString,
}: EventStoreDbEventStoreOptions): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(connectionString)
  try {
    for await (const _record of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) break
  } catch (error) {
    await client.dispose()
    throw new Error(
      `EventStoreDB at ${connectionString} does not answer: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    )
  }
  const openSubscriptions = new Set<AllSubscription>()

  async function append(streamId: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    assertAppendable(events, expected)
    try {
      const result = await client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({ id: event.id, type: event.type, data: event.data, metadata: event.metadata }),
        ),
        { expectedRevision: toTheirExpectedRevision(expected) },
      )
      if (!result.success) {
        // Only with `throwOnAppendFailure=false` in the connection string: the refusal comes back as a value.
        const actual = result.nextExpectedRevision < 0n ? 'no_stream' : Number(result.nextExpectedRevision)
        throw new WrongExpectedRevisionError(streamId, expected, actual)
      }
      const nextExpectedRevision = Number(result.nextExpectedRevision)
      // The server reports no position when it recognised a retry (idempotent append): read it back.
      const position = result.position?.commit ?? (await positionOf(streamId, nextExpectedRevision))
      return { nextExpectedRevision, position }
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion)
        throw new WrongExpectedRevisionError(streamId, expected, actual)
      }
      throw error
    }
  }

  async function positionOf(streamId: string, revision: number): Promise<bigint> {
    const [event] = await readStream(streamId, { direction: 'backwards', fromRevision: revision, maxCount: 1 })
    if (event?.revision !== revision) throw new Error(`Event ${revision} of stream ${streamId} cannot be read back`)
    return event.position
  }

  async function readStream(
    streamId: string,
    { direction = 'forwards', fromRevision, maxCount }: ReadStreamOptions = {},
  ): Promise<RecordedEvent[]> {
    assertMaxCount(maxCount)
    if (maxCount === 0) return []
    const read = client.readStream(streamId, {
      direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
      fromRevision: fromRevision === undefined ? (direction === 'forwards' ? START : END) : BigInt(fromRevision),
      ...(maxCount === undefined ? {} : { maxCount }),
    })
    const events: RecordedEvent[] = []
    try {
      for await (const resolved of read as AsyncIterable<ResolvedEvent>) {
        if (resolved.event && !isSystemEvent(resolved.event)) events.push(toRecordedEvent(resolved.event))
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return []
      throw error
    }
    return events
  }

  /** One page of raw `$all` records starting at `from` (inclusive), with the position of the last one. */
  async function readAllPage(
    from: ReadPosition,
    direction: typeof FORWARDS | typeof BACKWARDS,
  ): Promise<{ events: StoredEvent[]; last: bigint | undefined; full: boolean }> {
    const read = client.readAll({ fromPosition: from, direction, maxCount: ALL_PAGE_SIZE })
    const events: StoredEvent[] = []
    let last: bigint | undefined
    let count = 0
    for await (const resolved of read as AsyncIterable<AllStreamResolvedEvent>) {
      count++
      const position = resolved.event?.position.commit ?? resolved.commitPosition
      if (position !== undefined) last = position
      if (resolved.event) events.push(resolved.event)
    }
    return { events, last, full: count === ALL_PAGE_SIZE }
  }

  async function readAll({ after = 0n, maxCount }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    assertMaxCount(maxCount)
    const wanted = maxCount ?? Number.POSITIVE_INFINITY
    const events: RecordedEvent[] = []
    let cursor = after
    while (events.length < wanted) {
      // Reads from a position include the record at it; `after` is exclusive, so it is skipped below.
      const page = await readAllPage(cursor === 0n ? START : theirPosition(cursor), FORWARDS)
      for (const event of page.events) {
        const position = positionOfStored(event)
        if (position <= cursor || isSystemEvent(event)) continue
        events.push(toRecordedEvent(event))
        if (events.length === wanted) break
      }
      if (!page.full || page.last === undefined || page.last <= cursor) break
      cursor = page.last
    }
    return events
  }

  async function readAllBackwards({ before, maxCount }: ReadAllBackwardsOptions = {}): Promise<RecordedEvent[]> {
    assertMaxCount(maxCount)
    const wanted = maxCount ?? Number.POSITIVE_INFINITY
    const events: RecordedEvent[] = []
    let from: ReadPosition = before === undefined ? END : theirPosition(before)
    let cursor = before
    while (events.length < wanted) {
      const page = await readAllPage(from, BACKWARDS)
      // Whether a backwards read includes its start record or not, the cursor skips what is not before it.
      for (const event of page.events) {
        const position = positionOfStored(event)
        if ((cursor !== undefined && position >= cursor) || isSystemEvent(event)) continue
        events.push(toRecordedEvent(event))
        if (events.length === wanted) break
      }
      if (!page.full || page.last === undefined || page.last === cursor) break
      cursor = page.last
      from = theirPosition(page.last)
    }
    return events
  }

  async function headPosition(): Promise<bigint> {
    let from: ReadPosition = END
    let before: bigint | undefined
    for (;;) {
      const page = await readAllPage(from, BACKWARDS)
      // Whether a backwards read includes its start record or not, `before` skips what was already seen.
      const newest = page.events.find(
        (event) => !isSystemEvent(event) && (before === undefined || positionOfStored(event) < before),
      )
      if (newest) return positionOfStored(newest)
      if (!page.full || page.last === undefined || page.last === before) return 0n
      before = page.last
      from = theirPosition(page.last)
    }
  }

  function subscribeToAll({ after = 0n }: SubscribeToAllOptions = {}): AllSubscription {
    const subscription = client.subscribeToAll({
      fromPosition: after === 0n ? START : theirPosition(after),
      filter: excludeSystemEvents(),
    })
    let stopped = false
    const isStopped = () => stopped

    async function* deliver(): AsyncGenerator<RecordedEvent> {
      let cursor = after
      try {
        for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
          if (isStopped()) return
          const event = resolved.event
          if (!event || isSystemEvent(event)) continue
          const recorded = toRecordedEvent(event)
          // The server starts strictly after `fromPosition`; the guard keeps that true across reconnections.
          if (recorded.position <= cursor) continue
          cursor = recorded.position
          yield recorded
        }
      } catch (error) {
        // Cancelling the gRPC call may end the stream with a premature-close error: that is our stop.
        if (!isStopped()) throw error
      } finally {
        await stop()
      }
    }

    async function stop(): Promise<void> {
      if (stopped) return
      stopped = true
      openSubscriptions.delete(handle)
      try {
        await subscription.unsubscribe()
      } finally {
        // A cancelled call does not always end the readable; destroying it releases a pending iteration.
        subscription.destroy()
      }
    }

    const iterator = deliver()
    const handle: AllSubscription = { [Symbol.asyncIterator]: () => iterator, stop }
    openSubscriptions.add(handle)
    return handle
  }

  return {
    append: (streamId, events, { expectedRevision = 'any' } = {}) => append(streamId, events, expectedRevision),
    readStream,
    readAll,
    readAllBackwards,
    subscribeToAll,
    headPosition,
    async close() {
      // A server out of reach may refuse the unsubscribe: the client is let go all the same.
      await Promise.allSettled([...openSubscriptions].map((subscription) => subscription.stop()))
      await client.dispose()
    },
  }
}

function toTheirExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY
    case 'no_stream':
      return NO_STREAM
    case 'stream_exists':
      return STREAM_EXISTS
    default:
      return BigInt(expected)
  }
}

function theirPosition(position: bigint): Position {
  return { commit: position, prepare: position }
}

/** What servers before 22.6 send, in place of an event's log position, on a stream read. */
const NO_POSITION = 2n ** 64n - 1n

function positionOfStored(event: StoredEvent): bigint {
  if (!event.position || event.position.commit === NO_POSITION) {
    throw new Error('EventStoreDB returned an event without its log position (the server must be 22.6 or later)')
  }
  return event.position.commit
}

function isSystemEvent(event: StoredEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$')
}

function toRecordedEvent(event: StoredEvent): RecordedEvent {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: positionOfStored(event),
    data: (event.isJson ? event.data : JSON.parse(new TextDecoder().decode(event.data))) as Record<string, unknown>,
    metadata: event.metadata as EventMetadata,
    recordedAt: event.created,
  }
}
