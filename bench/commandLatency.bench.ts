/**
 * Command latency as a user's history grows: a watchlist note edit, handled as the gateway handles
 * it (embedded event store on disk, personal fields encrypted through the vault), on a stream of 10
 * events and on one of 5,000. The handler keeps each stream's folded state by revision and reads only
 * what was appended since, so the two should cost about the same: the goal is a p50 ratio of at most
 * 1.5. The first command on a stream after a start still folds it whole; that one is shown apart.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { TitleAddedToWatchlist, WatchlistNoteEdited, type WatchlistEvent } from '@reelmates/contracts/watchlist'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { watchlist, watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { protectPersonalData } from '@reelmates/infra/personalData/protectedEventStore'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'

const SHORT = 10
const LONG = 5_000
const TITLES_IN_LONG = 1_000
const EDITS = 300
const WARM_UP = 50
const GOAL = 1.5

const metadata = () => ({
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actorId: 'bench',
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
})

/** `length` events: the titles added first, then notes edited on them in turn. */
function history(userId: string, length: number, titles: number): WatchlistEvent[] {
  const events: WatchlistEvent[] = []
  for (let n = 0; n < length; n++) {
    const tmdbId = 1 + (n % titles)
    events.push(
      n < titles
        ? TitleAddedToWatchlist({
            userId,
            tmdbId,
            mediaType: 'movie',
            note: null,
            addedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
            media: { title: `Title ${tmdbId}`, posterPath: null, releaseDate: null, voteAverage: null },
            streamingOn: [],
          })
        : WatchlistNoteEdited({ userId, tmdbId, mediaType: 'movie', note: `seen the trailer, take ${n}` }),
    )
  }
  return events
}

async function appendHistory(store: EventStore, userId: string, length: number, titles: number): Promise<void> {
  const events = history(userId, length, titles)
  for (let from = 0; from < events.length; from += 500) {
    await store.append(
      watchlistStreamId(userId),
      events.slice(from, from + 500).map((event) => ({ id: randomUUID(), ...event, metadata: metadata() })),
    )
  }
}

const editNote = (userId: string, n: number) => ({
  decider: watchlist,
  streamId: watchlistStreamId(userId),
  command: { type: 'EditWatchlistNote' as const, userId, tmdbId: 1, mediaType: 'movie' as const, note: `edit ${n}` },
  metadata: {
    correlationId: randomUUID(),
    causationId: randomUUID(),
    actorId: userId,
    occurredAt: new Date().toISOString(),
  },
})

/** Times note edits on both streams in turn, so whatever else the machine does weighs on both alike. */
async function latencies(store: EventStore, users: readonly string[]): Promise<{ first: number; times: number[] }[]> {
  const timed = async (userId: string, n: number) => {
    const started = performance.now()
    const result = await handleCommand(store, editNote(userId, n))
    if (result.events.length !== 1) throw new Error('the bench edit changed nothing')
    return performance.now() - started
  }
  const runs = []
  for (const userId of users) runs.push({ first: await timed(userId, 0), times: [] as number[] })
  for (let n = 1; n <= WARM_UP + EDITS; n++) {
    for (const [index, userId] of users.entries()) {
      const time = await timed(userId, n)
      if (n > WARM_UP) runs[index]!.times.push(time)
    }
  }
  return runs
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const ms = (value: number) => Number(value.toFixed(2))

export async function benchCommandLatency(): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'reelmates-bench-commands-'))
  const vault = createSqliteVault({
    path: join(directory, 'vault.db'),
    secret: 'bench-secret-of-at-least-32-characters!',
  })
  const store = protectPersonalData(createSqliteEventStore({ path: join(directory, 'events.db') }), vault)
  try {
    await appendHistory(store, 'short-history', SHORT, SHORT)
    await appendHistory(store, 'long-history', LONG, TITLES_IN_LONG)
    const [short, long] = await latencies(store, ['short-history', 'long-history'])
    if (!short || !long) throw new Error('both streams are timed')
    const sortedShort = [...short.times].sort((a, b) => a - b)
    const sortedLong = [...long.times].sort((a, b) => a - b)
    const ratio = percentile(sortedLong, 0.5) / percentile(sortedShort, 0.5)
    return {
      [`note edit p50 ms, ${SHORT}-event stream`]: ms(percentile(sortedShort, 0.5)),
      [`note edit p95 ms, ${SHORT}-event stream`]: ms(percentile(sortedShort, 0.95)),
      [`note edit p50 ms, ${LONG}-event stream`]: ms(percentile(sortedLong, 0.5)),
      [`note edit p95 ms, ${LONG}-event stream`]: ms(percentile(sortedLong, 0.95)),
      [`p50 ratio ${LONG} / ${SHORT} events (goal ≤ ${GOAL})`]: Number(ratio.toFixed(2)),
      'goal met': ratio <= GOAL ? 'yes' : 'no',
      [`first edit after start ms (whole fold), ${SHORT} events`]: ms(short.first),
      [`first edit after start ms (whole fold), ${LONG} events`]: ms(long.first),
    }
  } finally {
    await store.close()
    await vault.close()
    rmSync(directory, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.table(await benchCommandLatency())
