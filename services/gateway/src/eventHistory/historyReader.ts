import type { EventHistoryQuery } from '@reelmates/contracts/eventHistory'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { CandidateStream, StreamFilter } from '@reelmates/projections/eventHistory/eventIndexQueries'
import { peopleOf } from '@reelmates/projections/eventHistory/eventIndex'

/** How far back one page of a correlation search looks through `$all` before it answers. */
export const CORRELATION_SCAN_WINDOW = 20_000
const SCAN_PAGE = 1_000
const STREAM_CHUNK = 100

export interface HistoryPage {
  events: RecordedEvent[]
  next: bigint | null
  scannedTo: bigint | null
}

export interface HistorySources {
  eventStore: EventStore
  /** The event index read model: which streams can hold events of a person or a type. */
  candidateStreams: (filter: StreamFilter) => Promise<CandidateStream[]>
}

type Filter = Omit<EventHistoryQuery, 'before' | 'limit'>

/**
 * A person's timeline reads whole streams (the index lists the streams any event of which concerns
 * them), but a stream can be shared: an admin's record of views names a different person in each
 * event, a sender's recommendations each name their recipient. So each event is kept only when it
 * concerns the person itself, or sits on a stream of theirs (named by their id: their account, their
 * lists), where even an event caused by the system is part of their story.
 */
const concerns = (event: RecordedEvent, userId: string) =>
  event.streamId.includes(userId) || peopleOf(event).includes(userId)

const matches = (event: RecordedEvent, { type, correlationId, userId }: Filter) =>
  (type === undefined || event.type === type) &&
  (correlationId === undefined || event.metadata.correlationId === correlationId) &&
  (userId === undefined || concerns(event, userId))

/**
 * The event history, newest first by global position, one page at a time. Without filters it is
 * `$all` read backwards. Filters by stream, person or type read only the streams that can match
 * (from the event index), newest first, and stop once no other stream can reach into the page.
 * A correlation id alone scans `$all` backwards through a bounded window per page: the events of
 * one correlation are written together, so they sit close in the log.
 */
export async function readHistory(sources: HistorySources, query: EventHistoryQuery): Promise<HistoryPage> {
  const before = query.before === undefined ? undefined : BigInt(query.before)
  const { limit, ...filter } = query
  if (filter.stream === undefined && filter.userId === undefined && filter.type === undefined) {
    if (filter.correlationId === undefined) {
      const events = await sources.eventStore.readAllBackwards({
        ...(before === undefined ? {} : { before }),
        maxCount: limit,
      })
      return { events, next: events.length === limit ? (events.at(-1)?.position ?? null) : null, scannedTo: null }
    }
    return scanLog(sources.eventStore, before, limit, filter)
  }
  const candidates =
    filter.userId === undefined && filter.type === undefined && filter.stream !== undefined
      ? [{ streamId: filter.stream, newest: Number.MAX_SAFE_INTEGER }]
      : await sources.candidateStreams({
          ...(filter.userId === undefined ? {} : { userId: filter.userId }),
          ...(filter.type === undefined ? {} : { type: filter.type }),
          ...(filter.stream === undefined ? {} : { stream: filter.stream }),
        })
  const events = await mergeStreams(sources.eventStore, candidates, before, limit, filter)
  return { events, next: events.length === limit ? (events.at(-1)?.position ?? null) : null, scannedTo: null }
}

async function scanLog(
  eventStore: EventStore,
  before: bigint | undefined,
  limit: number,
  filter: Filter,
): Promise<HistoryPage> {
  const found: RecordedEvent[] = []
  let cursor = before
  let scanned = 0
  while (scanned < CORRELATION_SCAN_WINDOW) {
    const page = await eventStore.readAllBackwards({
      ...(cursor === undefined ? {} : { before: cursor }),
      maxCount: SCAN_PAGE,
    })
    for (const event of page) {
      scanned++
      cursor = event.position
      if (!matches(event, filter)) continue
      found.push(event)
      if (found.length === limit) return { events: found, next: event.position, scannedTo: event.position }
    }
    if (page.length < SCAN_PAGE) return { events: found, next: null, scannedTo: null }
  }
  return { events: found, next: cursor ?? null, scannedTo: cursor ?? null }
}

async function mergeStreams(
  eventStore: EventStore,
  candidates: readonly CandidateStream[],
  before: bigint | undefined,
  limit: number,
  filter: Filter,
): Promise<RecordedEvent[]> {
  let page: RecordedEvent[] = []
  const bar = () => (page.length < limit ? -1n : (page[limit - 1]?.position ?? -1n))
  for (const candidate of candidates) {
    // Candidates come newest first: once one cannot beat the page, none after it can.
    if (page.length === limit && BigInt(candidate.newest) <= bar()) break
    const fromStream = await newestOfStream(eventStore, candidate.streamId, before, limit, filter, bar)
    page = [...page, ...fromStream].sort((a, b) => (a.position < b.position ? 1 : -1)).slice(0, limit)
  }
  return page
}

/** Up to `limit` matching events of one stream strictly before `before`, newest first. */
async function newestOfStream(
  eventStore: EventStore,
  streamId: string,
  before: bigint | undefined,
  limit: number,
  filter: Filter,
  bar: () => bigint,
): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = []
  let fromRevision: number | undefined
  for (;;) {
    const chunk = await eventStore.readStream(streamId, {
      direction: 'backwards',
      ...(fromRevision === undefined ? {} : { fromRevision }),
      maxCount: STREAM_CHUNK,
    })
    for (const event of chunk) {
      if (event.position <= bar()) return found
      if (before !== undefined && event.position >= before) continue
      if (!matches(event, filter)) continue
      found.push(event)
      if (found.length === limit) return found
    }
    const oldest = chunk.at(-1)
    if (chunk.length < STREAM_CHUNK || oldest === undefined || oldest.revision === 0) return found
    fromRevision = oldest.revision - 1
  }
}

/** The log's positions are 64-bit (SQLite's integers, EventStoreDB's commit positions). */
const LAST_POSITION = 2n ** 63n - 1n

/** One event by its position, and its neighbours in its own stream (oldest first). */
export async function readEventWithNeighbours(
  eventStore: EventStore,
  position: bigint,
  around = 3,
): Promise<{ event: RecordedEvent; neighbours: RecordedEvent[] } | undefined> {
  // The largest position the log can have has no position after it to read back from (the store
  // refuses `before` past 64 bits): the newest event is the only one that can sit there.
  const [event] = await eventStore.readAllBackwards(
    position >= LAST_POSITION ? { maxCount: 1 } : { before: position + 1n, maxCount: 1 },
  )
  if (event?.position !== position) return undefined
  const older =
    event.revision === 0
      ? []
      : await eventStore.readStream(event.streamId, {
          direction: 'backwards',
          fromRevision: event.revision - 1,
          maxCount: around,
        })
  const newer = await eventStore.readStream(event.streamId, { fromRevision: event.revision + 1, maxCount: around })
  return { event, neighbours: [...older.reverse(), ...newer] }
}
