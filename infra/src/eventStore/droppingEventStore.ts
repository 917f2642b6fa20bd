import type { AllSubscription, EventStore, RecordedEvent } from './port'

/**
 * Tests only: an event store whose `$all` subscriptions fail the way a network does. The n-th
 * subscription (0-based) listed in `dropAfter` throws after handing out that many events; one listed
 * in `refuse` throws before handing out any (the server did not answer). Everything else is `store`.
 */
export function droppingSubscriptions(
  store: EventStore,
  {
    dropAfter = new Map<number, number>(),
    refuse = new Set<number>(),
  }: {
    dropAfter?: ReadonlyMap<number, number>
    refuse?: ReadonlySet<number>
  },
): EventStore & { subscriptions: () => number } {
  let subscriptions = 0
  return {
    ...store,
    subscriptions: () => subscriptions,
    subscribeToAll(options) {
      const index = subscriptions++
      const inner = store.subscribeToAll(options)
      const limit = refuse.has(index) ? 0 : dropAfter.get(index)
      if (limit === undefined) return inner
      async function* failing(): AsyncGenerator<RecordedEvent> {
        let handedOut = 0
        if (limit === 0) {
          await inner.stop()
          throw new Error(`subscription ${index} refused: connection reset`)
        }
        for await (const event of inner) {
          yield event
          if (++handedOut >= (limit ?? Infinity)) throw new Error(`subscription ${index} dropped: connection reset`)
        }
      }
      const iterator = failing()
      const subscription: AllSubscription = {
        [Symbol.asyncIterator]: () => iterator,
        stop: () => inner.stop(),
      }
      return subscription
    },
  }
}
