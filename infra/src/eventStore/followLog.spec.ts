import { afterEach, describe, expect, it } from 'vitest'
import { droppingSubscriptions } from './droppingEventStore'
import { followLog, type FollowedLog } from './followLog'
import type { EventStore, RecordedEvent } from './port'
import { createSqliteEventStore } from './sqliteEventStore'
import { testEvent } from './testEvents'

const quickly = { initialMs: 5, maxMs: 40 }

function silentLogger() {
  const warnings: string[] = []
  return { warnings, warn: (_details: object, message: string) => void warnings.push(message) }
}

async function appendNumbered(store: EventStore, from: number, count: number) {
  for (let n = from; n < from + count; n++) {
    await store.append(`counter-${n % 3}`, [testEvent('Counted', { n })])
  }
}

/** Collects what the follower is handed, until it has `count` events. */
async function take(followed: FollowedLog, count: number, handled: RecordedEvent[]) {
  for await (const event of followed) {
    handled.push(event)
    // A follower that is slow now and then, so drops land while it is busy too.
    if (handled.length % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 2))
    if (handled.length >= count) break
  }
}

describe('followLog', () => {
  const opened: EventStore[] = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })
  const open = () => {
    const store = createSqliteEventStore({ path: ':memory:', idlePollMs: 20 })
    opened.push(store)
    return store
  }

  it('survives three dropped subscriptions during catch-up and live, missing and repeating nothing', async () => {
    const store = open()
    await appendNumbered(store, 0, 40)
    // Subscription 0 drops after 15 events (catching up), 1 is refused outright, 2 drops after 30
    // (the rest of catch-up and into the live part), 3 holds.
    const flaky = droppingSubscriptions(store, {
      dropAfter: new Map([
        [0, 15],
        [2, 30],
      ]),
      refuse: new Set([1]),
    })
    const logger = silentLogger()
    const followed = followLog({ eventStore: flaky, after: 0n, follower: 'test', logger, backoff: quickly })
    const handled: RecordedEvent[] = []
    const following = take(followed, 90, handled)
    // Live events, written while the follower is catching up and resubscribing.
    await appendNumbered(store, 40, 50)
    await following
    await followed.stop()

    expect(handled.map((event) => event.data.n)).toEqual(Array.from({ length: 90 }, (_, n) => n))
    expect(followed.resubscriptions()).toBe(3)
    expect(flaky.subscriptions()).toBe(4)
    expect(logger.warnings.filter((message) => message.includes('dropped'))).toHaveLength(3)
  })

  it('starts after the checkpoint it is given', async () => {
    const store = open()
    await appendNumbered(store, 0, 10)
    const [fifth] = await store.readAll({ after: 0n, maxCount: 5 }).then((page) => page.slice(4))
    const followed = followLog({ eventStore: store, after: fifth!.position, follower: 'test', logger: silentLogger() })
    const handled: RecordedEvent[] = []
    await take(followed, 5, handled)
    await followed.stop()
    expect(handled.map((event) => event.data.n)).toEqual([5, 6, 7, 8, 9])
  })

  it('stops while waiting to subscribe again, without waiting out the back-off', async () => {
    const store = open()
    await appendNumbered(store, 0, 3)
    const flaky = droppingSubscriptions(store, { refuse: new Set([0]) })
    const followed = followLog({
      eventStore: flaky,
      after: 0n,
      follower: 'test',
      logger: silentLogger(),
      backoff: { initialMs: 60_000, maxMs: 60_000 },
    })
    const handled: RecordedEvent[] = []
    const following = take(followed, 3, handled)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const started = Date.now()
    await followed.stop()
    await following
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(handled).toEqual([])
  })
})
