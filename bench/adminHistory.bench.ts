/**
 * The admin area over a log of 1,000,000 events (issue 14): how long the event history explorer takes
 * to answer its first page, and how fast every read model of the product is rebuilt from that log.
 *
 * The log is real product events (registrations, watchlist adds and note edits, watches) of 10,000
 * members, written in bulk straight into the embedded store's table (one transaction, one prepared
 * insert), since a million appends through the command path would take the bench longer than the
 * figures it measures. It is the raw store, without the personal-data vault: sealing is measured by
 * the event store bench, not here.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import { EVENTS_SCHEMA, createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { eventIndexQueries, type StreamFilter } from '@reelmates/projections/eventHistory/eventIndexQueries'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { readHistory } from '@reelmates/gateway/eventHistory/historyReader'

const EVENTS_PER_MEMBER = 100
const PAGE_RUNS = 20
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** Writes `total` events of `total / 100` members into a fresh events table; answers one member's id. */
export function writeLog(path: string, total: number): string {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.exec(EVENTS_SCHEMA)
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const start = Date.parse('2026-08-25T00:00:00.000Z')
  const members = Math.max(1, Math.floor(total / EVENTS_PER_MEMBER))
  let written = 0
  const writeAll = db.transaction(() => {
    for (let member = 0; member < members && written < total; member++) {
      const userId = `member-${member}`
      const revisions = new Map<string, number>()
      const at = new Date(start + (member / members) * 90 * 86_400_000)
      const put = (stream: string, type: string, data: Record<string, unknown>) => {
        if (written >= total) return
        const revision = revisions.get(stream) ?? 0
        revisions.set(stream, revision + 1)
        const id = randomUUID()
        const metadata = {
          correlationId: id,
          causationId: id,
          actorId: userId,
          occurredAt: at.toISOString(),
          schemaVersion: type === 'TitleAddedToWatchlist' || type === 'TitleWatched' ? 2 : 1,
        }
        insert.run(stream, revision, id, type, JSON.stringify(data), JSON.stringify(metadata), at.getTime())
        written++
      }
      put(`account-${userId}`, 'UserRegistered', {
        userId,
        username: `member${member}`,
        email: `member${member}@example.com`,
        passwordHash: 'not-a-real-hash',
        location: null,
        bio: null,
        invitationToken: null,
        registeredAt: at.toISOString(),
      })
      const media = (tmdbId: number) => ({
        title: `Title ${tmdbId}`,
        posterPath: null,
        releaseDate: null,
        voteAverage: null,
      })
      const titleOf = (index: number) => 1 + ((member * 7 + index) % 5_000)
      for (let index = 0; index < 50; index++) {
        const tmdbId = titleOf(index)
        put(`watchlist-${userId}`, 'TitleAddedToWatchlist', {
          userId,
          tmdbId,
          mediaType: 'movie',
          note: null,
          addedAt: at.toISOString(),
          media: media(tmdbId),
          streamingOn: [],
        })
      }
      for (let index = 0; index < 20; index++)
        put(`watchlist-${userId}`, 'WatchlistNoteEdited', {
          userId,
          tmdbId: titleOf(index),
          mediaType: 'movie',
          note: `note ${index}`,
        })
      for (let index = 0; index < EVENTS_PER_MEMBER - 71; index++) {
        const tmdbId = titleOf(index)
        put(`watched-${userId}`, 'TitleWatched', {
          entryId: `${userId}-${index}`,
          userId,
          tmdbId,
          mediaType: 'movie',
          watchedAt: at.toISOString(),
          rating: 1 + (index % 10),
          recommend: null,
          review: null,
          streamingService: null,
          isPrivate: false,
          media: media(tmdbId),
          genreIds: [],
        })
      }
    }
  })
  writeAll()
  db.close()
  return `member-${Math.floor(members / 2)}`
}

export async function medianMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let index = 0; index < PAGE_RUNS; index++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(2))
}

export async function benchAdminHistory(total = 1_000_000): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'reelmates-bench-admin-'))
  try {
    const path = join(directory, 'events.db')
    const writeStarted = performance.now()
    const member = writeLog(path, total)
    const writeSeconds = (performance.now() - writeStarted) / 1000

    const eventStore = createSqliteEventStore({ path })
    const head = await eventStore.headPosition()
    const readStore = await createEmbeddedReadStore({})
    const runner = createProjectionRunner({ eventStore, readStore, projectors: allProjectors, logger: silent })

    // Every read model built from position 0, as a first start without a snapshot does.
    const buildStarted = performance.now()
    await runner.start()
    const reached = await runner.waitForPosition(head, 60 * 60_000)
    const buildSeconds = (performance.now() - buildStarted) / 1000
    if (!reached) throw new Error('the read models did not reach the head of the log')

    // Then every one of them again through the admin's blue-green rebuild, all asked for at once (the
    // runner rebuilds them one after another).
    const rebuildStarted = performance.now()
    await Promise.all(allProjectors.map((projector) => runner.rebuild(projector.name)))
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000

    const index = eventIndexQueries(readStore)
    const sources = { eventStore, candidateStreams: (filter: StreamFilter) => index.candidateStreams(filter) }
    const firstPage = await medianMs(() => readHistory(sources, { limit: 50 }))
    const personPage = await medianMs(() => readHistory(sources, { limit: 50, userId: member }))
    const typePage = await medianMs(() => readHistory(sources, { limit: 50, type: 'UserRegistered' }))

    await runner.stop()
    await readStore.close()
    await eventStore.close()
    return {
      'events in the log': Number(head),
      'read models': allProjectors.length,
      'bulk write of the log (s)': Number(writeSeconds.toFixed(1)),
      'explorer first page of 50, newest first (ms, median)': firstPage,
      "explorer first page of one member's timeline (ms, median)": personPage,
      'explorer first page of one event type (ms, median)': typePage,
      'build of every read model from 0 (events/s)': Math.round(total / buildSeconds),
      'rebuild of every read model, blue-green (s)': Number(rebuildSeconds.toFixed(1)),
      'rebuild of every read model (events/s)': Math.round(total / rebuildSeconds),
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const total = Number(process.argv[2] ?? 1_000_000)
  console.table(await benchAdminHistory(total))
}
