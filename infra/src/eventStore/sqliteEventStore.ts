/**
 * The embedded event store: one SQLite file (better-sqlite3, WAL). The global position is the row id of
 * the `events` table, so `$all` order is commit order and positions never go backwards or leave holes
 * that fill in later (SQLite has a single writer).
 */
import Database from 'better-sqlite3'
import Emittery from 'emittery'
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
import { recentAppends, type EventRow } from './recentAppends'

export interface SqliteEventStoreOptions {
  /** A file path, or ':memory:' (tests). */
  path: string
  /**
   * Appends made by another process on the same file raise no in-process signal; an idle subscription
   * looks for them this often. Appends in this process are delivered at once.
   */
  idlePollMs?: number
  /**
   * How long a head read from the file is answered again without asking SQLite (a read transaction:
   * two file locks and an fstat, tens of µs, on every health probe). Appends in this process make
   * the next `headPosition()` read the file, so it is never behind this process's own writes; an
   * append by another process shows within this time, as it shows to a subscription within
   * `idlePollMs`.
   */
  headFreshMs?: number
}

/** Exported so the benchmark compares against raw inserts into exactly this table. */
export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY,
    stream_id   TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    event_id    TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_stream_revision ON events (stream_id, revision);
  CREATE UNIQUE INDEX IF NOT EXISTS events_by_stream_event_id ON events (stream_id, event_id);
`

/** How many rows a subscription reads at a time while catching up. */
const SUBSCRIPTION_PAGE_SIZE = 512
/** SQLite's "no limit". */
const NO_LIMIT = -1

export function createSqliteEventStore({
  path,
  idlePollMs = 1000,
  headFreshMs = 100,
}: SqliteEventStoreOptions): EventStore {
  const db = new Database(path)
  // WAL + NORMAL: a crashed or killed process loses nothing that was acknowledged; only an OS crash
  // or power loss may drop the last transactions. Readers never block the writer.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  // Another process (a CLI, a second service) may hold the write lock for a moment.
  db.pragma('busy_timeout = 5000')
  db.exec(EVENTS_SCHEMA)

  const currentRevisionOf = db.prepare<[string], { revision: number | null }>(
    'SELECT max(revision) AS revision FROM events WHERE stream_id = ?',
  )
  const storedEventById = db.prepare<[string, string], { revision: number; position: number }>(
    'SELECT revision, position FROM events WHERE stream_id = ? AND event_id = ?',
  )
  const eventIdAt = db.prepare<[string, number], { event_id: string; position: number }>(
    'SELECT event_id, position FROM events WHERE stream_id = ? AND revision = ?',
  )
  const insertEvent = db.prepare<[string, number, string, string, string, string, number]>(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const readForwards = db.prepare<[string, number, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision ASC LIMIT ?',
  )
  const readBackwards = db.prepare<[string, number, number], EventRow>(
    'SELECT * FROM events WHERE stream_id = ? AND revision <= ? ORDER BY revision DESC LIMIT ?',
  )
  const readAllAfter = db.prepare<[bigint, number], EventRow>(
    'SELECT * FROM events WHERE position > ? ORDER BY position ASC LIMIT ?',
  )
  const readAllBefore = db.prepare<[bigint, number], EventRow>(
    'SELECT * FROM events WHERE position < ? ORDER BY position DESC LIMIT ?',
  )
  const lastPosition = db.prepare<[], { position: number | null }>('SELECT max(position) AS position FROM events')
  let head = { position: 0n, readAt: Number.NEGATIVE_INFINITY }

  function headNow(): bigint {
    const now = performance.now()
    if (now - head.readAt >= headFreshMs) {
      head = { position: BigInt(lastPosition.get()?.position ?? 0), readAt: now }
    }
    return head.position
  }

  /** Tells live subscriptions that the log has grown. Carries no events: subscribers read them back. */
  const appended = new Emittery<{ appended: undefined }>()
  const openSubscriptions = new Set<AllSubscription>()

  /**
   * Follows EventStoreDB: if the batch's first id is already in the stream, the append is a retry. It is
   * idempotent when the whole batch sits there, in order, where the expected revision says it should
   * start; the original result comes back and nothing is written. Anything else (a partial match, or the
   * ids found elsewhere in the stream) is a concurrency conflict.
   */
  function findPreviousAppend(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    current: number | 'no_stream',
  ): AppendResult | undefined {
    const first = events[0]
    if (first === undefined) return undefined
    const stored = storedEventById.get(streamId, first.id)
    // Later ids of the batch found in the stream surface as a unique-index violation on insert.
    if (stored === undefined) return undefined
    const start = stored.revision
    const startsWhereExpected =
      expected === 'no_stream' ? start === 0 : typeof expected === 'number' ? start === expected + 1 : true
    if (!startsWhereExpected) throw new WrongExpectedRevisionError(streamId, expected, current)
    let position = stored.position
    for (let offset = 1; offset < events.length; offset++) {
      const atRevision = eventIdAt.get(streamId, start + offset)
      if (atRevision === undefined || atRevision.event_id !== events[offset]?.id)
        throw new WrongExpectedRevisionError(streamId, expected, current)
      position = atRevision.position
    }
    return { nextExpectedRevision: start + events.length - 1, position: BigInt(position) }
  }

  const recent = recentAppends()

  const appendInTransaction = db.transaction(
    (
      streamId: string,
      events: EventToAppend[],
      expected: ExpectedRevision,
    ): AppendResult & { written: EventRow[] | undefined } => {
      const revision = currentRevisionOf.get(streamId)?.revision ?? null
      const current = revision ?? 'no_stream'

      const previous = findPreviousAppend(streamId, events, expected, current)
      if (previous) return { ...previous, written: undefined }

      const matches =
        expected === 'any' ||
        (expected === 'no_stream' && revision === null) ||
        (expected === 'stream_exists' && revision !== null) ||
        expected === revision
      if (!matches) throw new WrongExpectedRevisionError(streamId, expected, current)

      const recordedAt = Date.now()
      let next = revision ?? -1
      let position = 0
      const written: EventRow[] = []
      try {
        for (const event of events) {
          next += 1
          const data = JSON.stringify(event.data)
          const metadata = JSON.stringify(event.metadata)
          const info = insertEvent.run(streamId, next, event.id, event.type, data, metadata, recordedAt)
          position = Number(info.lastInsertRowid)
          written.push({
            position,
            stream_id: streamId,
            revision: next,
            event_id: event.id,
            type: event.type,
            data,
            metadata,
            recorded_at: recordedAt,
          })
        }
      } catch (error) {
        // The write lock is held, so revisions cannot collide: a unique violation is an event id the
        // stream already has, somewhere other than a retry would put it.
        if (error instanceof Database.SqliteError && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new WrongExpectedRevisionError(streamId, expected, current)
        }
        throw error
      }
      return { nextExpectedRevision: next, position: BigInt(position), written }
    },
  )

  function readPageAfter(after: bigint, maxCount: number): RecordedEvent[] {
    return (recent.after(after, maxCount) ?? readAllAfter.all(after, maxCount)).map(toRecordedEvent)
  }

  function subscribeToAll({ after = 0n }: SubscribeToAllOptions = {}): AllSubscription {
    let stopped = false
    let logGrew = false
    // Read through functions: both flags change while the generator is suspended at a yield or an await.
    const isStopped = () => stopped
    const hasLogGrown = () => logGrew
    let wake: (() => void) | undefined
    const unsubscribe = appended.on('appended', () => {
      logGrew = true
      wake?.()
    })

    async function* deliver(): AsyncGenerator<RecordedEvent> {
      let cursor = after
      try {
        while (!isStopped()) {
          // Reset before reading: an append that lands after this read raises the flag again, so it
          // cannot slip between "read nothing new" and "wait".
          logGrew = false
          const page = readPageAfter(cursor, SUBSCRIPTION_PAGE_SIZE)
          for (const event of page) {
            if (isStopped()) return
            cursor = event.position
            yield event
          }
          if (page.length < SUBSCRIPTION_PAGE_SIZE && !hasLogGrown() && !isStopped()) {
            await new Promise<void>((resolve) => {
              const poll = setTimeout(resolve, idlePollMs)
              wake = () => {
                clearTimeout(poll)
                resolve()
              }
            })
            wake = undefined
          }
        }
      } finally {
        stop()
      }
    }

    function stop(): void {
      stopped = true
      unsubscribe()
      openSubscriptions.delete(subscription)
      wake?.()
    }

    const iterator = deliver()
    const subscription: AllSubscription = {
      [Symbol.asyncIterator]: () => iterator,
      stop: () => {
        stop()
        return Promise.resolve()
      },
    }
    openSubscriptions.add(subscription)
    return subscription
  }

  return {
    append: (streamId, events, { expectedRevision = 'any' } = {}) =>
      settle(() => {
        assertAppendable(events, expectedRevision)
        const { written, ...result } = appendInTransaction.immediate(streamId, events, expectedRevision)
        if (written === undefined) return result
        // Committed: these rows are now the file's, and the followers about to read them get them from memory.
        recent.add(written)
        head = { position: 0n, readAt: Number.NEGATIVE_INFINITY }
        if (openSubscriptions.size > 0) void appended.emit('appended')
        return result
      }),

    readStream: (streamId, { direction = 'forwards', fromRevision, maxCount }: ReadStreamOptions = {}) =>
      settle(() => {
        const limit = limitOf(maxCount)
        const rows =
          direction === 'forwards'
            ? readForwards.all(streamId, fromRevision ?? 0, limit)
            : readBackwards.all(streamId, fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
        return rows.map(toRecordedEvent)
      }),

    readAll: ({ after = 0n, maxCount }: ReadAllOptions = {}) => settle(() => readPageAfter(after, limitOf(maxCount))),

    readAllBackwards: ({ before, maxCount }: ReadAllBackwardsOptions = {}) =>
      settle(() =>
        readAllBefore.all(before ?? BigInt(Number.MAX_SAFE_INTEGER), limitOf(maxCount)).map(toRecordedEvent),
      ),

    subscribeToAll,

    headPosition: () => settle(headNow),

    async close() {
      await Promise.all([...openSubscriptions].map((subscription) => subscription.stop()))
      appended.clearListeners()
      if (db.open) db.close()
    },
  }
}

/** Runs synchronous database work behind the port's promises, turning a throw into a rejection. */
function settle<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()))
}

function limitOf(maxCount: number | undefined): number {
  assertMaxCount(maxCount)
  return maxCount ?? NO_LIMIT
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    streamId: row.stream_id,
    revision: row.revision,
    position: BigInt(row.position),
    data: JSON.parse(row.data) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: new Date(row.recorded_at),
  }
}

/** One stream's events for `createSqliteBulkAppender`. */
export interface BulkAppend {
  streamId: string
  events: EventToAppend[]
  /** When the events were recorded (now by default): a bench's history spreads over months. */
  recordedAt?: Date
}

export interface SqliteBulkAppender {
  /** Appends every batch after its stream's last revision, all of them in one transaction. */
  append(appends: readonly BulkAppend[]): void
  close(): void
}

/**
 * Builds a large log fast (benches, imports): many appends per transaction into the same table as
 * `createSqliteEventStore`, with the same serialization, instead of one transaction per append. It
 * checks no expected revision and signals no subscriber, so nothing else may write or follow the
 * file while it runs; personal fields must be sealed beforehand (`personalDataSealer`).
 */
export function createSqliteBulkAppender(path: string): SqliteBulkAppender {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.exec(EVENTS_SCHEMA)
  const currentRevisionOf = db.prepare<[string], { revision: number | null }>(
    'SELECT max(revision) AS revision FROM events WHERE stream_id = ?',
  )
  const insertEvent = db.prepare<[string, number, string, string, string, string, number]>(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  // Revisions handed out so far: a stream is looked up in the file once per appender.
  const revisions = new Map<string, number>()
  const appendAll = db.transaction((appends: readonly BulkAppend[]) => {
    for (const { streamId, events, recordedAt } of appends) {
      let revision = revisions.get(streamId) ?? currentRevisionOf.get(streamId)?.revision ?? -1
      const at = (recordedAt ?? new Date()).getTime()
      for (const event of events) {
        revision += 1
        insertEvent.run(
          streamId,
          revision,
          event.id,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          at,
        )
      }
      revisions.set(streamId, revision)
    }
  })
  return {
    append: (appends) => appendAll(appends),
    close: () => db.close(),
  }
}
