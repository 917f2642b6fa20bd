import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { createPositionWaiters } from '@reelmates/projections/readYourWrites'

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
  error(details: object, message: string): void
}

export interface ReactorOptions {
  /** The log the reactor follows; types and positions are all it needs, so no decryption. */
  eventStore: EventStore
  readStore: ReadStore
  logger: ReactorLogger
  /** Waits between the tries of one event before it is set aside as a failure. */
  retryDelaysMs?: readonly number[]
  /** How often set-aside failures are tried again. */
  failureRetryIntervalMs?: number
}

export interface RunningReactor {
  /** Resolves once every event up to `position` has been handled (false after `timeoutMs`). */
  waitForPosition(position: bigint, timeoutMs: number): Promise<boolean>
  /** Tries every set-aside failure once more; resolves with how many are still failing. */
  retryFailures(): Promise<number>
  stop(): Promise<void>
}

const checkpoints = 'scheduler_checkpoints'
const failures = 'scheduler_failures'
/** Events the reaction does not handle still move the checkpoint, every so many, so a restart skips them. */
const checkpointEvery = 500

/**
 * Follows `$all` from the reaction's checkpoint and reacts to the events it handles, in log order.
 * A reaction that keeps failing does not hold up the ones after it, nor is it forgotten: after its
 * tries it is set aside in `scheduler_failures` and tried again until it succeeds.
 */
export async function startReactor(reaction: Reaction, options: ReactorOptions): Promise<RunningReactor> {
  const { eventStore, readStore, logger, retryDelaysMs = [1_000, 5_000, 15_000] } = options
  const stored = await readStore.collection(checkpoints).findOne({ _id: reaction.name })
  let position = typeof stored?.position === 'string' ? BigInt(stored.position) : 0n
  let unsaved = 0
  let stopping = false
  const waiters = createPositionWaiters((wanted) => wanted <= position)
  const subscription = eventStore.subscribeToAll({ after: position })

  const saveCheckpoint = async () => {
    unsaved = 0
    await readStore
      .collection(checkpoints)
      .updateOne({ _id: reaction.name }, { $set: { position: String(position) } }, { upsert: true })
  }

  const tryReacting = async (event: RecordedEvent, delays: readonly number[]): Promise<unknown> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await reaction.react(event)
        return undefined
      } catch (error) {
        const delay = delays[attempt]
        if (delay === undefined || stopping) return error
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
          error: error instanceof Error ? error.message : String(error),
        },
      },
      { upsert: true },
    )
  }

  const following = (async () => {
    for await (const event of subscription) {
      if (reaction.handles.includes(event.type)) {
        const error = await tryReacting(event, retryDelaysMs)
        if (error !== undefined) await setAside(event, error)
        position = event.position
        await saveCheckpoint()
      } else {
        position = event.position
        if (++unsaved >= checkpointEvery) await saveCheckpoint()
      }
      waiters.check()
    }
  })()

  async function retryFailures(): Promise<number> {
    const waiting = await readStore.collection(failures).find({ reaction: reaction.name })
    let failing = 0
    for (const failure of waiting) {
      const [event] = await eventStore.readStream(String(failure.streamId), {
        fromRevision: Number(failure.revision),
        maxCount: 1,
      })
      // One try each: the interval is the back-off here, and start-up must not wait on a failing service.
      const error = event ? await tryReacting(event, []) : new Error('the event is no longer in the log')
      if (error === undefined) await readStore.collection(failures).deleteOne({ _id: failure._id })
      else failing++
    }
    return failing
  }

  const retrying = setInterval(() => void retryFailures(), options.failureRetryIntervalMs ?? 60_000)
  retrying.unref()
  void retryFailures()

  return {
    waitForPosition: (wanted, timeoutMs) => waiters.wait(wanted, timeoutMs),
    retryFailures,
    async stop() {
      stopping = true
      clearInterval(retrying)
      await subscription.stop()
      await following
      waiters.close()
      if (unsaved > 0) await saveCheckpoint()
    },
  }
}
