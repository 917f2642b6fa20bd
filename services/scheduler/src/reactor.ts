import { followLog, type FollowedLog } from '@reelmates/infra/eventStore/followLog'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { LeaseLost } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { createPositionWaiters } from '@reelmates/projections/readYourWrites'
import { readStoreCheckpoint, type ReactorCheckpoint } from './reactorCheckpoint'

/**
 * A reaction to events: the scheduler's side of the log. Unlike a projector it may touch the outside
 * world (mail, keys, sessions), so it keeps its own checkpoint and is never fed by a read-model
 * rebuild. A reaction must be safe to run twice for one event: the checkpoint is written after it,
 * so a crash in between repeats it once.
 */
export interface Reaction {
  name: string
  handles: readonly string[]
  react(event: RecordedEvent): Promise<void>
}

export interface ReactorLogger {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ReactorOptions {
  /** The log the reactor follows; types and positions are all it needs, so no decryption. */
  eventStore: EventStore
  /** Where reactions that keep failing are set aside (and, without `checkpoint`, the checkpoints). */
  readStore: ReadStore
  logger: ReactorLogger
  /** Where the reactor records how far it has come; fenced by a lease where several processes run it. */
  checkpoint?: ReactorCheckpoint
  /** Called once when a fenced checkpoint write was refused: another process runs this reaction now. */
  onLeaseLost?: () => void
  /** Waits between the tries of one event before it is set aside as a failure. */
  retryDelaysMs?: readonly number[]
  /** How often set-aside failures are tried again. */
  failureRetryIntervalMs?: number
  /** Waits before subscribing again after the log subscription drops (tests shorten them). */
  resubscribeBackoff?: { initialMs: number; maxMs: number }
  /** How long the log stays quiet before the events passed over since the last write are recorded. */
  idleSaveMs?: number
}

export interface RunningReactor {
  /** Resolves once every event up to `position` has been handled (false after `timeoutMs`). */
  waitForPosition(position: bigint, timeoutMs: number): Promise<boolean>
  /** Tries every set-aside failure once more; resolves with how many are still failing. */
  retryFailures(): Promise<number>
  stop(): Promise<void>
}

/** Where reactions that kept failing are set aside, one document per (reaction, event). */
export const SCHEDULER_FAILURES = 'scheduler_failures'
const failures = SCHEDULER_FAILURES
/** Events the reaction does not handle still move the checkpoint, every so many, so a restart skips them. */
const checkpointEvery = 500
/**
 * Events handled between two turns of the event loop while catching up. On the embedded stores every
 * call settles at once: without these turns, a backlog would hold every request, timer and socket of
 * the process until it was read through.
 */
const eventsPerTurn = 200

/**
 * Follows `$all` from the reaction's checkpoint (through `followLog`, so a dropped subscription is
 * taken up again) and reacts to the events it handles, in log order. A reaction that keeps failing
 * does not hold up the ones after it, nor is it forgotten: after its tries it is set aside in
 * `scheduler_failures` and tried again until it succeeds. When the checkpoint refuses a write (the
 * lease moved to another process), the reactor stops reacting at once.
 */
export async function startReactor(reaction: Reaction, options: ReactorOptions): Promise<RunningReactor> {
  const { eventStore, readStore, logger, retryDelaysMs = [1_000, 5_000, 15_000] } = options
  const checkpoint = options.checkpoint ?? readStoreCheckpoint(readStore, reaction.name)
  let position = await checkpoint.read()
  // A checkpoint past the head: an older log was put back under it (a restored events.db). Followed
  // from there, every event written next would sit at a position already "done", and no mail would
  // go out until the log passed it; the reaction follows from the head instead (what came before the
  // restore was reacted to then).
  const head = await eventStore.headPosition()
  if (position > head) {
    logger.warn(
      { reaction: reaction.name, checkpoint: position.toString(), head: head.toString() },
      'reaction checkpoint is past the head of the log (an older log restored?): following from the head',
    )
    position = head
  }
  let unsaved = 0
  let stopping = false
  const isStopping = () => stopping
  const waiters = createPositionWaiters((wanted) => wanted <= position)
  const followed: FollowedLog = followLog({
    eventStore,
    after: position,
    follower: `reactor ${reaction.name}`,
    logger,
    ...(options.resubscribeBackoff ? { backoff: options.resubscribeBackoff } : {}),
  })

  // Writes one after another, so a write of the quiet log's position never lands after a later one.
  let writes: Promise<void> = Promise.resolve()
  const saveCheckpoint = () => {
    unsaved = 0
    const at = position
    writes = writes.catch(() => undefined).then(() => checkpoint.write(at))
    return writes
  }

  /** A refused write ends the reactor here (another process has the lease); any other failure is logged. */
  const recordingFailed = (error: unknown, at: bigint) => {
    if (error instanceof LeaseLost) {
      logger.warn({ reaction: reaction.name, token: error.token }, 'reactor lost its lease; another process reacts now')
      stopping = true
      options.onLeaseLost?.()
      return
    }
    // The checkpoint store did not answer: the event was handled, and the next write carries it.
    logger.error({ err: error, reaction: reaction.name, position: String(at) }, 'reactor could not record its progress')
  }

  // Events the reaction passes over are recorded every `checkpointEvery`, and once the log goes quiet:
  // otherwise the admin's projections screen would show a reaction that has seen everything as
  // behind by every event since the last one it handled, and growing. One timer at a time, which
  // looks again while events keep coming: a catch-up through a long log sets no timer per event.
  const idleSaveMs = options.idleSaveMs ?? 1_000
  let idleSave: ReturnType<typeof setTimeout> | undefined
  let lastEventAt = 0
  const waitForQuiet = (ms: number) => {
    idleSave = setTimeout(() => {
      const quietFor = Date.now() - lastEventAt
      if (quietFor < idleSaveMs) return waitForQuiet(idleSaveMs - quietFor)
      idleSave = undefined
      if (unsaved > 0 && !isStopping()) saveCheckpoint().catch((error: unknown) => recordingFailed(error, position))
    }, ms)
    idleSave.unref()
  }
  const saveWhenIdle = () => {
    lastEventAt = Date.now()
    if (idleSave === undefined && unsaved > 0 && !isStopping()) waitForQuiet(idleSaveMs)
  }

  const tryReacting = async (event: RecordedEvent, delays: readonly number[]): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await reaction.react(event)
        return undefined
      } catch (error) {
        const delay = delays[attempt]
        if (delay === undefined || isStopping()) return error
        await new Promise((resolve) => setTimeout(resolve, delay))
      }
    }
  }

  const setAside = async (event: RecordedEvent, error: unknown) => {
    logger.error({ err: error, reaction: reaction.name, position: String(event.position) }, 'reaction failed')
    await readStore.collection(failures).updateOne(
      { _id: `${reaction.name}:${event.id}` },
      {
        $set: {
          reaction: reaction.name,
          streamId: event.streamId,
          revision: event.revision,
          position: String(event.position),
          error: messageOf(error),
        },
      },
      { upsert: true },
    )
  }

  const handle = async (event: RecordedEvent) => {
    if (reaction.handles.includes(event.type)) {
      const error = await tryReacting(event, retryDelaysMs)
      if (error !== undefined) await setAside(event, error)
      position = event.position
      await saveCheckpoint()
    } else {
      position = event.position
      if (++unsaved >= checkpointEvery) await saveCheckpoint()
    }
  }

  const following = (async () => {
    let sinceTurn = 0
    for await (const event of followed) {
      if (++sinceTurn >= eventsPerTurn) {
        sinceTurn = 0
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
      try {
        await handle(event)
      } catch (error) {
        recordingFailed(error, event.position)
        if (isStopping()) break
      }
      waiters.check()
      if (isStopping()) break
      saveWhenIdle()
    }
  })()

  async function retryFailures(): Promise<number> {
    const waiting = await readStore.collection(failures).find({ reaction: reaction.name })
    let failing = 0
    for (const failure of waiting) {
      if (isStopping()) break
      const [event] = await eventStore.readStream(String(failure.streamId), {
        fromRevision: Number(failure.revision),
        maxCount: 1,
      })
      // One try each: the interval is the back-off here, and start-up must not wait on a failing service.
      const error = event ? await tryReacting(event, []) : new Error('the event is no longer in the log')
      if (error === undefined) await readStore.collection(failures).deleteOne({ _id: failure._id })
      else {
        failing++
        // The admin screen shows why it fails now, not why it failed first.
        await readStore.collection(failures).updateOne({ _id: failure._id }, { $set: { error: messageOf(error) } })
      }
    }
    return failing
  }

  const retrying = setInterval(
    () => void retryFailures().catch(() => undefined),
    options.failureRetryIntervalMs ?? 60_000,
  )
  retrying.unref()
  void retryFailures().catch(() => undefined)

  return {
    waitForPosition: (wanted, timeoutMs) => waiters.wait(wanted, timeoutMs),
    retryFailures,
    async stop() {
      const lost = isStopping()
      stopping = true
      clearInterval(retrying)
      clearTimeout(idleSave)
      await followed.stop()
      await following
      waiters.close()
      if (unsaved > 0 && !lost) {
        await saveCheckpoint().catch((error: unknown) => {
          if (!(error instanceof LeaseLost)) throw error
        })
      }
    },
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
