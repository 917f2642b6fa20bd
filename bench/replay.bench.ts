/**
 * Replay over a realistic log of 1,000,000 events (issue 16 item 4, issue 14): every read model of the
 * product (`allProjectors`, not a synthetic projector) built from position 0 through the runner as a
 * first start without a snapshot does, reading the log through the personal-data vault (so every
 * review, note and comment is decrypted); the admin explorer's first page over that log; a full
 * blue-green rebuild of every read model; and the cold start of a real server process with the
 * read-model snapshot that the replay wrote.
 *
 * The log comes from `replayLog` (built in bulk once, then cached under the temp directory). Figures
 * only: a figure with a goal says whether it is met; nothing fails on timing.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createSqliteLeaseStore } from '@reelmates/infra/leases/sqliteLeaseStore'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { eventIndexQueries, type StreamFilter } from '@reelmates/projections/eventHistory/eventIndexQueries'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { readHistory } from '@reelmates/gateway/eventHistory/historyReader'
import { schedulerReactions } from '@reelmates/scheduler'
import { freePort } from '../services/gateway/test/serverProcess'
import { ensureServerBuild } from '../scripts/ensureServerBuild'
import { medianMs } from './adminHistory.bench'
import { BENCH_PERSONAL_DATA_SECRET, openReplayCopy, replayLog } from './replayLog'

const REPLAY_GOAL_EVENTS_PER_SECOND = 30_000
const COLD_START_GOAL_SECONDS = 5
/** A cold start still catching up after this long is reported as such. */
const COLD_START_LIMIT_SECONDS = 30 * 60
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }
const repositoryRoot = join(import.meta.dirname, '..')

const goal = (met: boolean) => (met ? 'met' : 'NOT met')

export async function benchReplay(total = 1_000_000): Promise<Record<string, number | string>> {
  const figures: Record<string, number | string> = {}
  // Each figure is printed as soon as it is measured: a run over a large log takes long, and what
  // was measured before an interruption is still worth having.
  const report = (name: string, value: number | string) => {
    figures[name] = value
    console.log(`  ${name}: ${value}`)
  }
  const log = await replayLog(total)
  report('events in the log', log.events)
  report('members', log.members)
  report('bulk write of the log (s)', log.builtInSeconds === undefined ? 'cached' : round(log.builtInSeconds, 1))
  // The server's data directory: the cached log and vault, then the snapshot this replay writes.
  const copy = await openReplayCopy(log, 'reelmates-bench-replay-')
  const { dataDir, eventStore, readStore } = copy
  try {
    const head = await eventStore.headPosition()
    const runner = createProjectionRunner({ eventStore, readStore, projectors: allProjectors, logger: silent })
    report('read models', allProjectors.length)

    const replayStarted = performance.now()
    const cpuBefore = process.cpuUsage()
    await runner.start()
    const reached = await runner.waitForPosition(head, 4 * 60 * 60_000)
    const replaySeconds = (performance.now() - replayStarted) / 1000
    const replayCpu = process.cpuUsage(cpuBefore)
    const replayCpuSeconds = (replayCpu.user + replayCpu.system) / 1e6
    if (!reached) throw new Error('the read models did not reach the head of the log')
    const failed = runner.status().filter((status) => status.state === 'failed')
    const replayRate = Math.round(total / replaySeconds)
    report('read models failed', failed.length === 0 ? 'none' : failed.map((status) => status.name).join(', '))
    report('replay through every read model (s)', round(replaySeconds, 1))
    report('replay (events/s)', replayRate)
    report(
      `replay goal ≥ ${REPLAY_GOAL_EVENTS_PER_SECOND.toLocaleString('en-US')}/s`,
      goal(replayRate >= REPLAY_GOAL_EVENTS_PER_SECOND),
    )
    // The machine is shared: CPU time says what the replay costs whatever else runs beside it.
    report('replay (events per CPU-second of this process)', Math.round(total / replayCpuSeconds))

    const flushStarted = performance.now()
    await readStore.flush()
    report('snapshot write (s)', round((performance.now() - flushStarted) / 1000, 1))

    const index = eventIndexQueries(readStore)
    const sources = { eventStore, candidateStreams: (filter: StreamFilter) => index.candidateStreams(filter) }
    report(
      'explorer first page of 50, newest first (ms, median)',
      await medianMs(() => readHistory(sources, { limit: 50 })),
    )
    report(
      'explorer first page of one event type (ms, median)',
      await medianMs(() => readHistory(sources, { limit: 50, type: 'CommentAdded' })),
    )

    // The snapshot written, a server started on it (this process's runner idles meanwhile: nothing
    // is appended, and it never flushes again).
    await markReactionsDone(dataDir, head)
    const coldStart = await measureColdStart(dataDir, head)
    report('cold start: first 200 on /api/health (s)', coldStart.healthy)
    report('cold start: read models caught up (s)', coldStart.caughtUp)
    report(
      `cold start goal < ${COLD_START_GOAL_SECONDS} s`,
      goal(typeof coldStart.caughtUp === 'number' && coldStart.caughtUp < COLD_START_GOAL_SECONDS),
    )
    // The server answers before its snapshot is all in memory: how long that takes, and what it
    // costs the answers meanwhile.
    report('cold start: every read-model document in memory (s)', coldStart.allRead)
    report('cold start: slowest /api/health meanwhile (ms)', coldStart.slowestMeanwhileMs)
    const emptyDir = join(dataDir, 'empty')
    mkdirSync(emptyDir)
    report('for comparison: start with an empty data directory (s)', (await measureColdStart(emptyDir, 0n)).caughtUp)

    // Every read model again through the admin's blue-green rebuild, all asked for at once (the runner
    // rebuilds them one after another).
    const rebuildStarted = performance.now()
    await Promise.all(allProjectors.map((projector) => runner.rebuild(projector.name)))
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000
    report('rebuild of every read model, blue-green (s)', round(rebuildSeconds, 1))
    report('rebuild of every read model (events/s)', Math.round(total / rebuildSeconds))
    await runner.stop()
    await copy.close()
    return figures
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const round = (value: number, digits: number) => Number(value.toFixed(digits))

/**
 * The server this snapshot belongs to had also run its scheduler over the history: its reactions'
 * checkpoints stand at the head, as they would after a graceful stop (mails are not sent twice).
 */
async function markReactionsDone(dataDir: string, head: bigint): Promise<void> {
  const leases = createSqliteLeaseStore({ path: join(dataDir, 'leases.db') })
  for (const name of schedulerReactions) {
    const lease = await leases.acquire(`reactor:${name}`, 'bench-replay', 60_000)
    if (!lease) throw new Error(`could not take the lease of the ${name} reaction`)
    await leases.record(lease, head.toString())
    await leases.release(lease)
  }
  await leases.close()
}

interface Health {
  projections: { position: string; state: string }[]
}

/**
 * Starts the server as `npm start` does (its own process, its bundle, logging on) on the data directory, and
 * times the first 200 on /api/health and the moment every read model reports the head of the log.
 */
async function measureColdStart(
  dataDir: string,
  head: bigint,
): Promise<{
  healthy: number | string
  caughtUp: number | string
  allRead: number | string
  slowestMeanwhileMs: number
}> {
  const port = await freePort()
  const webDist = join(dataDir, 'web')
  writeWebStub(webDist)
  const bundle = await ensureServerBuild()
  const started = performance.now()
  const server = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PERSONAL_DATA_SECRET: BENCH_PERSONAL_DATA_SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  // The server's log says when the last of its snapshot is in memory.
  let allRead: number | undefined
  createInterface({ input: server.stdout }).on('line', (line) => {
    if (line.includes('"read-model snapshot read whole"')) allRead ??= (performance.now() - started) / 1000
  })
  let healthy: number | undefined
  let caughtUp: number | undefined
  let slowestMeanwhileMs = 0
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before it caught up`)
      const elapsed = (performance.now() - started) / 1000
      if (elapsed > COLD_START_LIMIT_SECONDS) {
        const after = `not done after ${Math.round(elapsed)} s`
        const done = (at: number | undefined) => (at === undefined ? after : round(at, 2))
        return { healthy: done(healthy), caughtUp: done(caughtUp), allRead: done(allRead), slowestMeanwhileMs }
      }
      const asked = performance.now()
      const health = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((response) => (response.ok ? (response.json() as Promise<Health>) : undefined))
        .catch(() => undefined)
      if (health) {
        healthy ??= (performance.now() - started) / 1000
        if (caughtUp !== undefined && allRead === undefined) {
          slowestMeanwhileMs = Math.max(slowestMeanwhileMs, Math.round(performance.now() - asked))
        }
        const live = health.projections.every(
          (projection) => projection.state === 'live' && BigInt(projection.position) >= head,
        )
        if (live) caughtUp ??= (performance.now() - started) / 1000
        if (caughtUp !== undefined && allRead !== undefined) {
          return {
            healthy: round(healthy, 2),
            caughtUp: round(caughtUp, 2),
            allRead: round(allRead, 2),
            slowestMeanwhileMs,
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    server.kill('SIGTERM')
    await exited
  }
}

/** The server serves the built web app; the cold start needs only a page to exist. */
function writeWebStub(directory: string): void {
  mkdirSync(directory, { recursive: true })
  writeFileSync(join(directory, 'index.html'), '<!doctype html><title>Reelmates</title><div id="root"></div>')
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const total = Number(process.argv[2] ?? 1_000_000)
  console.table(await benchReplay(total))
}
