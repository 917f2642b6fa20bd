/**
 * Projection replay: how fast the runner brings a read model up from position 0 over a log of
 * 200,000 events in a temp SQLite event store, into the embedded read store (what a first start
 * without a snapshot does), then the same log again through a blue-green rebuild. The projector is
 * small but real: it validates each event with its zod schema and upserts one document per user
 * with update operators.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { z } from 'zod'
import { defineEvent } from '@reelmates/contracts/events'
import type { EventToAppend } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { Projector } from '@reelmates/projections/projector'
import { createProjectionRunner } from '@reelmates/projections/runner'

const EVENTS = 200_000
const USERS = 2_000
const EVENTS_PER_APPEND = 100

const BenchTitleWatched = defineEvent(
  'BenchTitleWatched',
  z.object({
    userId: z.string(),
    tmdbId: z.number().int(),
    rating: z.number().int().min(1).max(5),
    watchedAt: z.string(),
  }),
)

/** One document per user: how much they watched, their rating total and their last title. */
const watchCounts: Projector = {
  name: 'bench_watch_counts',
  version: 1,
  collections: ['bench_watch_counts'],
  handles: [BenchTitleWatched.type],
  async setup(db) {
    await db.collection('bench_watch_counts').createIndex({ keys: { watched: -1 } })
  },
  async project(event, db) {
    const { userId, tmdbId, rating, watchedAt } = event.data as {
      userId: string
      tmdbId: number
      rating: number
      watchedAt: string
    }
    await db
      .collection('bench_watch_counts')
      .updateOne(
        { _id: userId },
        { $inc: { watched: 1, ratingTotal: rating }, $set: { lastTmdbId: tmdbId, lastWatchedAt: watchedAt } },
        { upsert: true },
      )
  },
}

export async function benchProjectionReplay(): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'reelmates-bench-projections-'))
  try {
    const eventStore = createSqliteEventStore({ path: join(directory, 'events.db') })
    const appendStarted = performance.now()
    let sequence = 0
    for (let append = 0; append < EVENTS / EVENTS_PER_APPEND; append++) {
      const userId = `user-${append % USERS}`
      const events: EventToAppend[] = Array.from({ length: EVENTS_PER_APPEND }, () => {
        sequence += 1
        return {
          id: randomUUID(),
          type: BenchTitleWatched.type,
          data: {
            userId,
            tmdbId: 1000 + (sequence % 5000),
            rating: 1 + (sequence % 5),
            watchedAt: '2026-11-22T08:00:00.000Z',
          },
          metadata: {
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actorId: userId,
            occurredAt: '2026-11-22T08:00:00.000Z',
            schemaVersion: 1,
          },
        }
      })
      await eventStore.append(`watched-${userId}`, events)
    }
    const appendSeconds = (performance.now() - appendStarted) / 1000
    const head = await eventStore.headPosition()

    const readStore = await createEmbeddedReadStore({})
    const runner = createProjectionRunner({ eventStore, readStore, projectors: [watchCounts] })
    const replayStarted = performance.now()
    await runner.start()
    const reached = await runner.waitForPosition(head, 10 * 60_000)
    const replaySeconds = (performance.now() - replayStarted) / 1000
    // The same log again through a blue-green rebuild, as the admin area starts one.
    const rebuildStarted = performance.now()
    await runner.rebuild(watchCounts.name)
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000
    await runner.stop()
    const documents = await readStore.collection('bench_watch_counts').countDocuments()
    await readStore.close()
    await eventStore.close()
    if (!reached) throw new Error('the replay did not reach the head of the log')

    return {
      'events in the log': EVENTS,
      'read-model documents': documents,
      'append time (s, batches of 100)': Number(appendSeconds.toFixed(2)),
      'replay time (s)': Number(replaySeconds.toFixed(2)),
      'projection replay (events/s)': Math.round(EVENTS / replaySeconds),
      'rebuild and swap (s)': Number(rebuildSeconds.toFixed(2)),
      'rebuild replay (events/s)': Math.round(EVENTS / rebuildSeconds),
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchProjectionReplay())
}
