/**
 * One way to follow the log, for the projection runner and every reactor: catch up from a
 * checkpoint, then follow live, and when the subscription drops (a lost connection, a server
 * restart) subscribe again from the last event handed out, after a back-off that doubles up to a
 * ceiling. The follower never sees the drop: it gets each event once, in log order.
 */
import type { AllSubscription, EventStore, RecordedEvent } from './port'

export interface FollowLogLogger {
  warn: (details: object, message: string) => void
}

export interface FollowLogOptions {
  eventStore: EventStore
  /** The checkpoint: events strictly after this position are delivered. */
  after: bigint
  /** Names the follower in the logs. */
  follower: string
  logger: FollowLogLogger
  /** The first wait before subscribing again, doubled after each drop in a row up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number }
}

export interface FollowedLog extends AsyncIterable<RecordedEvent> {
  /** Ends the iteration (after the event being handled, if any). */
  stop(): Promise<void>
  /** How many times the subscription was taken up again after a drop. */
  resubscriptions(): number
}

export const DEFAULT_BACKOFF = { initialMs: 250, maxMs: 10_000 }

export function followLog({
  eventStore,
  after,
  follower,
  logger,
  backoff = DEFAULT_BACKOFF,
}: FollowLogOptions): FollowedLog {
  let stopped = false
  // Read through a function: it changes while the generator is suspended.
  const isStopped = () => stopped
  let subscription: AllSubscription | undefined
  let wakeFromBackoff: (() => void) | undefined
  let resubscriptions = 0

  async function* deliver(): AsyncGenerator<RecordedEvent> {
    let cursor = after
    let delay = backoff.initialMs
    while (!isStopped()) {
      try {
        subscription = eventStore.subscribeToAll({ after: cursor })
        for await (const event of subscription) {
          // A store that hands out again what it already gave before the drop repeats nothing here.
          if (event.position <= cursor) continue
          cursor = event.position
          delay = backoff.initialMs
          yield event
          if (isStopped()) return
        }
        if (isStopped()) return
        logger.warn({ follower, after: cursor.toString() }, 'the log subscription ended by itself; subscribing again')
      } catch (error) {
        if (isStopped()) return
        logger.warn(
          { err: error, follower, after: cursor.toString(), retryInMs: delay },
          'the log subscription dropped; subscribing again',
        )
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay)
        wakeFromBackoff = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wakeFromBackoff = undefined
      delay = Math.min(delay * 2, backoff.maxMs)
      if (!isStopped()) resubscriptions++
    }
  }

  const iterator = deliver()
  return {
    [Symbol.asyncIterator]: () => iterator,
    async stop() {
      stopped = true
      wakeFromBackoff?.()
      await subscription?.stop()
    },
    resubscriptions: () => resubscriptions,
  }
}
