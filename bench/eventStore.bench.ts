/**
 * Embedded event store throughput against raw better-sqlite3 inserts of the same rows into the same
 * schema, measured in the same run on temp files. The ratio is the cost of the adapter (expected
 * revision check, idempotency lookup, JSON, promises) over SQLite itself.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import type { EventToAppend } from '@reelmates/infra/eventStore/port'
import { EVENTS_SCHEMA, createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'

const SINGLE_APPENDS = 5_000
const BATCHES = 200
const BATCH_SIZE = 100
const WARM_UP = 500

export async function benchEventStore(): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'reelmates-bench-event-store-'))
  try {
    const file = (name: string) => join(directory, `${name}.sqlite`)
    const embeddedSingle = await embeddedRate(file('embedded-single'), SINGLE_APPENDS, 1)
    const rawSingle = rawRate(file('raw-single'), SINGLE_APPENDS, 1)
    const embeddedBatched = await embeddedRate(file('embedded-batched'), BATCHES, BATCH_SIZE)
    const rawBatched = rawRate(file('raw-batched'), BATCHES, BATCH_SIZE)
    return {
      'embedded appends/s (1 event per append)': Math.round(embeddedSingle),
      'raw better-sqlite3 inserts/s (1 row per transaction)': Math.round(rawSingle),
      'embedded / raw, 1 event per append': ratio(embeddedSingle, rawSingle),
      [`embedded events/s (appends of ${BATCH_SIZE})`]: Math.round(embeddedBatched),
      [`raw better-sqlite3 rows/s (${BATCH_SIZE} rows per transaction)`]: Math.round(rawBatched),
      [`embedded / raw, ${BATCH_SIZE} events per append`]: ratio(embeddedBatched, rawBatched),
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

/** Events per second through `append`, `perAppend` events at a time, each stream growing like an aggregate's. */
async function embeddedRate(path: string, appends: number, perAppend: number): Promise<number> {
  const store = createSqliteEventStore({ path })
  const run = async (count: number, prefix: string) => {
    const revisions = new Map<string, number>()
    for (let index = 0; index < count; index++) {
      const stream = `${prefix}-${index % 100}`
      const expectedRevision = revisions.get(stream) ?? 'no_stream'
      const result = await store.append(stream, batch(perAppend), { expectedRevision })
      revisions.set(stream, result.nextExpectedRevision)
    }
  }
  await run(Math.ceil(WARM_UP / perAppend), 'warm-up')
  const started = performance.now()
  await run(appends, 'watchlist')
  const seconds = (performance.now() - started) / 1000
  await store.close()
  return (appends * perAppend) / seconds
}

/** Rows per second inserted straight into the same table, one transaction per `perTransaction` rows. */
function rawRate(path: string, transactions: number, perTransaction: number): number {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.exec(EVENTS_SCHEMA)
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const revisions = new Map<string, number>()
  const write = db.transaction((stream: string, events: EventToAppend[]) => {
    let revision = revisions.get(stream) ?? -1
    const recordedAt = Date.now()
    for (const event of events) {
      revision += 1
      insert.run(
        stream,
        revision,
        event.id,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
        recordedAt,
      )
    }
    revisions.set(stream, revision)
  })
  const run = (count: number, prefix: string) => {
    for (let index = 0; index < count; index++) write.immediate(`${prefix}-${index % 100}`, batch(perTransaction))
  }
  run(Math.ceil(WARM_UP / perTransaction), 'warm-up')
  const started = performance.now()
  run(transactions, 'watchlist')
  const seconds = (performance.now() - started) / 1000
  db.close()
  return (transactions * perTransaction) / seconds
}

function batch(size: number): EventToAppend[] {
  return Array.from({ length: size }, () => ({
    id: randomUUID(),
    type: 'TitleAddedToWatchlist',
    data: { mediaType: 'movie', tmdbId: 438631, title: 'Dune: Part Two', note: 'with friends' },
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actorId: 'user-42',
      occurredAt: '2026-11-22T08:00:00.000Z',
      schemaVersion: 1,
    },
  }))
}

function ratio(adapter: number, raw: number): string {
  return `${(adapter / raw).toFixed(2)}×`
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchEventStore())
}
