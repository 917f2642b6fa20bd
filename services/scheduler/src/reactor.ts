import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'

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

export interface RunningReactor {
  /** Resolves once every event up to `position` has been reacted to (false after `timeoutMs`). */
  waitForPosition(position: bigint, timeoutMs: number): Promise<boolean>
  stop(): Promise<void>
}

const checkpoints = 'scheduler_checkpoints'

/** Follows `$all` from the reaction's checkpoint and reacts to the events it handles, in log order. */
export async function startReactor(
  reaction: Reaction,
  { eventStore, readStore, logger }: { eventStore: EventStore; readStore: ReadStore; logger: ReactorLogger },
): Promise<RunningReactor> {
  const stored = await readStore.collection(checkpoints).findOne({ _id: reaction.name })
  let position = typeof stored?.position === 'string' ? BigInt(stored.position) : 0n
  const waiters = new Set<{ position: bigint; done: () => void }>()
  const subscription = eventStore.subscribeToAll({ after: position })

  const reached = (event: RecordedEvent) => {
    position = event.position
    for (const waiter of waiters) if (waiter.position <= position) waiter.done()
  }

  const following = (async () => {
    for await (const event of subscription) {
      if (reaction.handles.includes(event.type)) {
        try {
          await reaction.react(event)
        } catch (error) {
          // A failed reaction must not stop the ones after it; it is logged for an admin to act on.
          logger.error({ err: error, reaction: reaction.name, position: String(event.position) }, 'reaction failed')
        }
        await readStore
          .collection(checkpoints)
          .updateOne({ _id: reaction.name }, { $set: { position: String(event.position) } }, { upsert: true })
      }
      reached(event)
    }
  })()

  return {
    waitForPosition(wanted, timeoutMs) {
      if (wanted <= position) return Promise.resolve(true)
      return new Promise((resolve) => {
        const waiter = {
          position: wanted,
          done: () => {
            clearTimeout(timer)
            waiters.delete(waiter)
            resolve(true)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          resolve(false)
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    async stop() {
      await subscription.stop()
      await following
    },
  }
}
