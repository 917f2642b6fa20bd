/**
 * The event store port. Two adapters implement it: `sqliteEventStore` (embedded, the default)
 * and `eventStoreDbEventStore` (EventStoreDB / KurrentDB). Both must pass `eventStore.contract.ts`.
 *
 * Positions are global log positions (bigint, strictly increasing along `$all`).
 * Revisions are per-stream, 0-based (the first event of a stream has revision 0).
 */

/** What an event's metadata always carries (see ARCHITECTURE.md, "Write side"). */
export interface EventMetadata {
  correlationId: string
  causationId: string
  /** The member who caused the event, by user id, or one of `systemActors`. */
  actorId: string
  /** ISO-8601 time at which the fact happened, taken from the command, never from a clock in the domain. */
  occurredAt: string
  /** Schema version of `data` for this event type. */
  schemaVersion: number
  [key: string]: unknown
}

/**
 * The causes of events that are no member: the system's own reactions, the scheduler's jobs, the
 * role CLI, and a visitor not signed in (a password reset asked for, say). Active members and the
 * people an event concerns are counted from every other `actorId`.
 */
export const systemActors = {
  system: 'system',
  scheduler: 'scheduler',
  cli: 'cli',
  anonymous: 'anonymous',
} as const

const notMembers = new Set<unknown>(['', ...Object.values(systemActors)])

/** Whether an event's `actorId` names a member (a user id) rather than one of `systemActors`. */
export const isMemberActor = (actorId: unknown): actorId is string =>
  typeof actorId === 'string' && !notMembers.has(actorId)

/** An event to append. `id` is a uuid; appending the same ids again is idempotent. */
export interface EventToAppend {
  id: string
  type: string
  data: Record<string, unknown>
  metadata: EventMetadata
}

export interface RecordedEvent {
  id: string
  type: string
  streamId: string
  revision: number
  position: bigint
  data: Record<string, unknown>
  metadata: EventMetadata
  recordedAt: Date
}

/**
 * - `'any'`: no check.
 * - `'no_stream'`: the stream must not exist yet.
 * - `'stream_exists'`: the stream must have at least one event.
 * - a number: the revision of the last event currently in the stream.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: number
  /** Global position of the last appended event. */
  position: bigint
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards'
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number
  maxCount?: number
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. `0n` (the default) means from the beginning. */
  after?: bigint
  maxCount?: number
}

export interface ReadAllBackwardsOptions {
  /** Exclusive: events strictly before this position. Absent: from the newest event. */
  before?: bigint
  maxCount?: number
}

export interface SubscribeToAllOptions {
  /** Exclusive: the subscription delivers events strictly after this position. `0n` = from the beginning. */
  after?: bigint
}

/**
 * A catch-up subscription to `$all`: delivers every event after the start position in log order,
 * then stays live. No gaps, no duplicates, no system events.
 */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  /** Stops delivery; the async iterator then finishes. */
  stop(): Promise<void>
}

export interface EventStore {
  append(
    streamId: string,
    events: EventToAppend[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>
  /** Reads one stream. A stream that does not exist yields nothing (no error). */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>
  /** Reads a page of `$all` in log order (forwards), without system events. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>
  /** Reads a page of `$all` newest first (the admin's event history), without system events. */
  readAllBackwards(options?: ReadAllBackwardsOptions): Promise<RecordedEvent[]>
  subscribeToAll(options?: SubscribeToAllOptions): AllSubscription
  /**
   * Position of the last event in the log, `0n` when empty. Never behind an append this store
   * instance has answered; the embedded adapter may show another process's appends a moment later.
   */
  headPosition(): Promise<bigint>
  close(): Promise<void>
}

/** Thrown by `append` when the expected revision does not match the stream. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError'
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's current revision, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`Wrong expected revision on stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`)
  }
}
