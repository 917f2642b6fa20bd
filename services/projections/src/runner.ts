// The runner reads every event type there is, wherever it runs (a server, a script, a spec).
import '@reelmates/contracts/allEvents'
import { eventDefinition } from '@reelmates/contracts/events'
import { DEFAULT_BACKOFF, followLog, type FollowedLog } from '@reelmates/infra/eventStore/followLog'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { LeaseLost } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from './projector'
import { createPositionWaiters, DEFAULT_READ_YOUR_WRITES_TIMEOUT_MS } from './readYourWrites'
import { applyBatch, type ProjectorFailure } from './runner/applyBatch'
import { claimCheckpoints, readCheckpoints, writeCheckpoint, type Fence } from './runner/checkpoints'
import { createEventParser } from './runner/eventParser'
import { consoleLogger, type RunnerLogger } from './runner/logger'
import { finishSwap, pendingSwapOf, rebuildProjector } from './runner/rebuild'
import { clearRebuildRequest, readRebuildRequests, recordRebuildRequest } from './runner/rebuildRequests'
import { isRebuildNameOf } from './runner/renamedView'
import { serially } from './runner/serially'
import { sharedPageReader } from './runner/sharedPages'

export type { RunnerLogger } from './runner/logger'

/**
 * - `catching_up`: applying events written before the runner started.
 * - `live`: up to date with the log as it grows.
 * - `rebuilding`: its collections were built by another version (or it failed); a rebuild is replaying
 *   the log into fresh copies while the old ones keep answering queries.
 * - `failed`: stopped at an event it could not apply (see `failure`); the others carry on.
 * - `stopped`: the runner stopped.
 * - `standby`: another process applies the events (it holds the projections lease; or this is a
 *   gateway of the distributed column, which only reads the checkpoints).
 */
export type ProjectorState = 'catching_up' | 'live' | 'rebuilding' | 'failed' | 'stopped' | 'standby'

export interface ProjectorStatus {
  name: string
  /** The version of the code that built the collections now answering queries. */
  version: number
  /** The last log position applied to those collections. */
  position: bigint
  state: ProjectorState
  failure?: { position: bigint; message: string }
  /**
   * A rebuild in progress: the version it builds and how far its replay has come, or `waiting` while
   * another rebuild runs (one runs at a time).
   */
  rebuild?: { version: number; position: bigint; waiting: boolean }
}

export interface ProjectionRunner {
  start(): Promise<void>
  stop(): Promise<void>
  /**
   * Read-your-writes: true once every projector named in `readModels` (all of them when absent) that
   * is keeping up (not failed, not paused for a rebuild) has applied the log up to `position`; false
   * after `timeoutMs` (default 5 s). A query names only what it reads, so a slow read model it does
   * not read never holds it back.
   */
  waitForPosition(position: bigint, timeoutMs?: number, readModels?: readonly string[]): Promise<boolean>
  /**
   * Which of `readModels` (all when absent) cannot answer as of `position`: behind it, or failed, or
   * rebuilding (their collections answer as of where they stopped, not as of the log).
   */
  readModelsBehind(position: bigint, readModels?: readonly string[]): string[]
  status(): ProjectorStatus[]
  /**
   * Rebuilds one read model from position 0 and swaps it in; resolves once it answers queries.
   * `onStarted` is called when the rebuild leaves the queue behind other rebuilds and starts replaying
   * (at once when it already runs), so how long it took can leave out the wait.
   */
  rebuild(name: string, onStarted?: () => void): Promise<void>
}

export interface ProjectionRunnerOptions {
  eventStore: EventStore
  readStore: ReadStore
  projectors: readonly Projector[]
  /** Events applied per atomic step of the read store. */
  batchSize?: number
  logger?: RunnerLogger
  /** Waits before subscribing again after the log subscription drops (tests shorten them). */
  resubscribeBackoff?: { initialMs: number; maxMs: number }
  /** Waits before applying a batch again after the read store failed (tests shorten them). */
  storeRetryBackoff?: { initialMs: number; maxMs: number }
  /**
   * The lease this runner holds, when several runners share one read store: every checkpoint it
   * writes is fenced by the token, and `onLost` is called (once) when a write is refused because a
   * newer holder claimed the read models. The runner then writes nothing more; stop it.
   */
  fence?: Fence & { onLost: (lost: LeaseLost) => void }
}

interface Track {
  projector: Projector
  version: number
  position: bigint
  state: ProjectorState
  failure?: { position: bigint; message: string }
  rebuild?: { version: number; position: bigint; waiting: boolean; done: Promise<void>; onStarted: (() => void)[] }
}

const DEFAULT_BATCH_SIZE = 500

/**
 * Keeps every read model up to date from one subscription to `$all`. Each projector has its own
 * checkpoint, stored in the same atomic step as the updates it made, so a restart resumes exactly
 * where the stored documents are, and an event at or below a checkpoint is never applied again.
 */
export function createProjectionRunner({
  eventStore,
  readStore,
  projectors,
  batchSize = DEFAULT_BATCH_SIZE,
  logger = consoleLogger,
  resubscribeBackoff,
  storeRetryBackoff = DEFAULT_BACKOFF,
  fence,
}: ProjectionRunnerOptions): ProjectionRunner {
  const tracks = projectors.map((projector): Track => ({
    projector,
    version: projector.version,
    position: 0n,
    state: 'stopped',
  }))
  const byName = new Map(tracks.map((track) => [track.projector.name, track]))
  if (byName.size !== tracks.length) throw new Error('Two projectors share a name; each needs its own checkpoint')

  const fencing = fence ? { fence: { lease: fence.lease, token: fence.token } } : {}
  const parse = createEventParser(logger)
  const readPage = sharedPageReader(eventStore)
  const turn = serially()
  // A rebuild holds a second copy of its read model until the swap: one at a time keeps the memory
  // it needs to the largest read model's, not every read model's (an admin asking for all of them at
  // once on a large history would otherwise exhaust the heap; docs/replay.md).
  const oneRebuildAtATime = serially()
  const keepingUp = (track: Track) => track.state === 'live' || track.state === 'catching_up'

  let phase: 'new' | 'running' | 'stopped' = 'new'
  let stopping = false
  // Read through a function: it changes while the loops below are suspended.
  const isStopping = () => stopping
  let headAtStart = 0n
  /** The last position the live loop has dealt with, whether or not anyone handled it. */
  let processed = 0n

  const named = (readModels: readonly string[] | undefined) =>
    readModels === undefined ? tracks : tracks.filter((track) => readModels.includes(track.projector.name))
  const waiters = createPositionWaiters(
    (position, readModels) =>
      (readModels !== undefined || processed >= position) &&
      named(readModels).every((track) => !keepingUp(track) || track.position >= position),
  )

  // The subscription fills `queue`; the live loop empties it a batch at a time.
  const queue: RecordedEvent[] = []
  const highWater = batchSize * 4
  let followed: FollowedLog | undefined
  let wakeLiveLoop: (() => void) | undefined
  const pauses = new Set<() => void>()
  let roomInQueue: (() => void) | undefined
  let loops: Promise<unknown> = Promise.resolve()

  async function follow(after: bigint): Promise<void> {
    followed = followLog({ eventStore, after, follower: 'projections', logger, backoff: resubscribeBackoff })
    for await (const event of followed) {
      queue.push(event)
      wakeLiveLoop?.()
      if (queue.length >= highWater) await new Promise<void>((resolve) => (roomInQueue = resolve))
      if (isStopping()) break
    }
  }

  async function applyLive(): Promise<void> {
    for (;;) {
      if (isStopping()) return
      if (queue.length === 0) {
        await new Promise<void>((resolve) => (wakeLiveLoop = resolve))
        continue
      }
      const batch = queue.splice(0, batchSize)
      roomInQueue?.()
      if (!(await untilApplied(batch))) return
      // Catching up with a backlog (a first start on a long log), one full batch after another: the
      // embedded stores settle every call at once, so without a turn of the event loop between
      // batches no request, timer or socket of the process would be served until the backlog ends.
      // Live events, fewer than a batch at a time, are applied at once as before.
      if (queue.length >= batchSize) await new Promise<void>((resolve) => setImmediate(resolve))
    }
  }

  /**
   * Applies one batch, again and again while it fails (the read store out of reach, a failover): the
   * next batch starts after this one, so a batch given up would be missing from the read models for
   * good. Each try starts from the checkpoints as stored, which were written in the same atomic step
   * as the documents: a step that did land before its failure is not applied twice. A projector's
   * own failure is not retried: applyBatch records it and moves on. False when the runner is to stop.
   */
  async function untilApplied(batch: RecordedEvent[]): Promise<boolean> {
    let delay = storeRetryBackoff.initialMs
    for (let retry = false; ; retry = true) {
      try {
        if (retry) await turn(resumeFromStoredCheckpoints)
        await turn(() => applyToAll(batch))
        return true
      } catch (error) {
        if (error instanceof LeaseLost) {
          leaseLost(error)
          return false
        }
        if (readStore.isTransient(error))
          logger.warn({ err: error, retryInMs: delay }, 'the read store failed; the same events are applied again')
        else logger.error({ err: error, retryInMs: delay }, 'projection batch failed unexpectedly; applying it again')
        if (isStopping()) return false
        await pause(delay)
        if (isStopping()) return false
        delay = Math.min(delay * 2, storeRetryBackoff.maxMs)
      }
    }
  }

  /** Moves each live read model up to its stored checkpoint, where a failed try had in fact committed. */
  async function resumeFromStoredCheckpoints(): Promise<void> {
    const stored = await readCheckpoints(readStore)
    for (const track of tracks) {
      const checkpoint = stored.get(track.projector.name)
      if (!keepingUp(track) || checkpoint?.version !== track.version) continue
      const position = BigInt(checkpoint.position)
      if (position > track.position) track.position = position
    }
  }

  /** A pause that stopping ends at once. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer)
        pauses.delete(end)
        resolve()
      }
      const timer = setTimeout(end, ms)
      pauses.add(end)
    })
  }
  const endPauses = () => [...pauses].forEach((end) => end())

  async function applyToAll(batch: RecordedEvent[]): Promise<void> {
    for (const track of tracks) {
      if (!keepingUp(track)) continue
      const { name } = track.projector
      const { version } = track
      const outcome = await applyBatch({
        store: readStore,
        projector: track.projector,
        db: readStore,
        parse,
        events: batch,
        from: track.position,
        saveProgress: (position) => writeCheckpoint(readStore, name, { version, position, ...fencing }),
      })
      track.position = outcome.position
      if (outcome.failure) fail(track, outcome.failure)
      else if (track.state === 'catching_up' && track.position >= headAtStart) track.state = 'live'
      // A query waiting only for this read model need not wait for the others of the batch.
      waiters.check()
    }
    const last = batch.at(-1)
    if (last && last.position > processed) processed = last.position
    waiters.check()
  }

  /** Another runner took the read models over: this one stops writing at once, and says so. */
  function leaseLost(error: LeaseLost): void {
    if (stopping) return
    stopping = true
    logger.warn({ lease: error.lease, token: error.token }, 'projections lost their lease; another runner carries on')
    void followed?.stop()
    wakeLiveLoop?.()
    endPauses()
    roomInQueue?.()
    fence?.onLost(error)
  }

  function fail(track: Track, { position, error }: ProjectorFailure): void {
    track.state = 'failed'
    track.failure = { position, message: error instanceof Error ? error.message : String(error) }
    logger.error(
      { err: error, projector: track.projector.name, position: position.toString() },
      'projector stopped at an event it could not apply; the other read models carry on',
    )
    // It no longer holds anyone back.
    waiters.check()
  }

  function launchRebuild(track: Track, onStarted?: () => void): Promise<void> {
    if (track.rebuild) {
      if (!onStarted) return track.rebuild.done
      if (track.rebuild.waiting) track.rebuild.onStarted.push(onStarted)
      else onStarted()
      return track.rebuild.done
    }
    const { projector } = track
    // Collections built by another version, or left behind by a failure, cannot take live events.
    if (track.version !== projector.version || track.state === 'failed') track.state = 'rebuilding'
    const rebuild = {
      version: projector.version,
      position: 0n,
      waiting: true,
      done: Promise.resolve(),
      onStarted: onStarted ? [onStarted] : [],
    }
    track.rebuild = rebuild
    logger.info({ projector: projector.name, version: projector.version }, 'rebuilding read model')
    rebuild.done = (async () => {
      try {
        await rememberRequest(projector)
        const position = await oneRebuildAtATime(async () => {
          rebuild.waiting = false
          for (const started of rebuild.onStarted) started()
          return isStopping()
            ? undefined
            : rebuildProjector({
                eventStore,
                readPage,
                store: readStore,
                projector,
                parse,
                batchSize,
                turn,
                isStopping,
                retryBackoff: storeRetryBackoff,
                pause,
                onProgress: (reached) => (rebuild.position = reached),
                current: () => ({ version: track.version, position: track.position }),
                ...fencing,
              })
        })
        if (position === undefined) {
          logger.warn(
            { projector: projector.name, version: projector.version },
            'rebuild stopped with the runner; the next start rebuilds the read model again from position 0',
          )
          return
        }
        Object.assign(track, { version: projector.version, position, state: 'live', failure: undefined })
        await forgetRequest(projector)
        logger.info(
          { projector: projector.name, version: projector.version, position: position.toString() },
          'rebuilt read model swapped in',
        )
        waiters.check()
      } catch (error) {
        if (error instanceof LeaseLost) {
          leaseLost(error)
          throw error
        }
        logger.error({ err: error, projector: projector.name }, 'rebuild failed; the previous collections still answer')
        // Said on the admin's screen; asked for again from there once its cause is fixed, not at each start.
        await forgetRequest(projector)
        if (track.state === 'rebuilding') {
          track.state = 'failed'
          track.failure = {
            position: rebuild.position,
            message: error instanceof Error ? error.message : String(error),
          }
        }
        throw error
      } finally {
        track.rebuild = undefined
      }
    })()
    return rebuild.done
  }

  /**
   * Kept until the rebuild is swapped in or fails, so that one a restart stopped runs again at the next
   * start. Not recording it only loses that: the rebuild itself goes ahead.
   */
  async function rememberRequest(projector: Projector): Promise<void> {
    try {
      await recordRebuildRequest(readStore, projector.name, projector.version)
    } catch (error) {
      logger.warn(
        { err: error, projector: projector.name },
        'rebuild request not recorded: a restart before it is swapped in does not resume it',
      )
    }
  }
  async function forgetRequest(projector: Projector): Promise<void> {
    try {
      await clearRebuildRequest(readStore, projector.name)
    } catch (error) {
      logger.warn(
        { err: error, projector: projector.name },
        'finished rebuild request not cleared: the next start rebuilds the read model once more',
      )
    }
  }

  /** Brings every checkpoint to a state the live loop can start from; answers who needs a rebuild. */
  async function prepare(): Promise<Track[]> {
    // Claimed first: a runner that held the lease before cannot move a checkpoint after it is read.
    if (fence)
      await claimCheckpoints(
        readStore,
        projectors.map((projector) => projector.name),
        fence,
      )
    const checkpoints = await readCheckpoints(readStore)
    const requested = await readRebuildRequests(readStore)
    const collections = await readStore.listCollections()
    const toRebuild: Track[] = []
    for (const track of tracks) {
      const { projector } = track
      for (const type of projector.handles) {
        if (!eventDefinition(type)) {
          logger.warn(
            { projector: projector.name, type },
            'projector handles an event type with no definition loaded; import its contract',
          )
        }
      }
      let stored: { version: number; position: bigint } | undefined
      const checkpoint = checkpoints.get(projector.name)
      const pending = pendingSwapOf(checkpoint)
      if (pending) {
        await finishSwap(readStore, projector, pending, fencing.fence)
        stored = pending
      } else if (checkpoint) {
        stored = { version: checkpoint.version, position: BigInt(checkpoint.position) }
      }
      // Half-built copies of a rebuild the last run did not finish.
      for (const name of collections) {
        if (projector.collections.some((owned) => isRebuildNameOf(owned, name))) await readStore.dropCollection(name)
      }
      if (!stored) {
        await projector.setup?.(readStore)
        await writeCheckpoint(readStore, projector.name, { version: projector.version, position: 0n, ...fencing })
        Object.assign(track, { version: projector.version, position: 0n, state: 'catching_up' })
      } else if (stored.version === projector.version) {
        await projector.setup?.(readStore)
        Object.assign(track, { version: stored.version, position: stored.position, state: 'catching_up' })
      } else {
        Object.assign(track, { version: stored.version, position: stored.position, state: 'rebuilding' })
        toRebuild.push(track)
      }
      // Asked for before a restart stopped it: the old collections answer meanwhile, as they did then.
      if (requested.has(projector.name) && !toRebuild.includes(track)) {
        logger.info({ projector: projector.name }, 'resuming a rebuild that a restart interrupted')
        toRebuild.push(track)
      }
    }
    return toRebuild
  }

  return {
    async start() {
      if (phase !== 'new') throw new Error('A projection runner starts once; create a new one to start again')
      phase = 'running'
      const toRebuild = await prepare()
      headAtStart = await eventStore.headPosition()
      const keeping = tracks.filter(keepingUp)
      for (const track of keeping) if (track.position >= headAtStart) track.state = 'live'
      processed =
        keeping.length === 0
          ? headAtStart
          : keeping.reduce((low, t) => (t.position < low ? t.position : low), headAtStart)
      loops = Promise.all([follow(processed), applyLive()])
      for (const track of toRebuild) launchRebuild(track).catch(() => undefined)
      logger.info({ from: processed.toString(), head: headAtStart.toString() }, 'projections started')
    },

    async stop() {
      if (phase !== 'running') {
        phase = 'stopped'
        return
      }
      stopping = true
      await followed?.stop()
      wakeLiveLoop?.()
      endPauses()
      roomInQueue?.()
      await loops
      await Promise.allSettled(tracks.flatMap((track) => (track.rebuild ? [track.rebuild.done] : [])))
      await turn(() => Promise.resolve())
      for (const track of tracks) if (track.state !== 'failed') track.state = 'stopped'
      waiters.close()
      phase = 'stopped'
    },

    waitForPosition: (position, timeoutMs = DEFAULT_READ_YOUR_WRITES_TIMEOUT_MS, readModels) =>
      phase === 'running' ? waiters.wait(position, timeoutMs, readModels) : Promise.resolve(false),

    readModelsBehind: (position, readModels) =>
      named(readModels)
        .filter((track) => track.state === 'failed' || track.state === 'rebuilding' || track.position < position)
        .map((track) => track.projector.name),

    status: () =>
      tracks.map(({ projector, version, position, state, failure, rebuild }) => ({
        name: projector.name,
        version,
        position,
        state,
        ...(failure ? { failure } : {}),
        ...(rebuild
          ? { rebuild: { version: rebuild.version, position: rebuild.position, waiting: rebuild.waiting } }
          : {}),
      })),

    rebuild(name, onStarted) {
      const track = byName.get(name)
      if (!track) return Promise.reject(new Error(`No projector is named ${name}`))
      if (phase !== 'running') return Promise.reject(new Error('Start the projection runner before rebuilding'))
      return launchRebuild(track, onStarted)
    },
  }
}
