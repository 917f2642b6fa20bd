import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import type { LeaseStore } from '@reelmates/infra/leases/port'
import { createSqliteLeaseStore } from '@reelmates/infra/leases/sqliteLeaseStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { createLeasedProjectionRunner, type LeasedProjectionRunner } from './leasedRunner'
import { createProjectionRunner } from './runner'
import { capturingLogger, RATINGS, rate, ratingsProjector, type RatingsProjector } from './runner/runnerFixtures'

const TTL_MS = 400
const RENEW_MS = 100

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<number> {
  const started = Date.now()
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return Date.now() - started
}

/** A lease store this process can be cut off from, as a network partition or a stalled process would. */
function severable(store: LeaseStore): LeaseStore & { cut: () => void } {
  let cut = false
  const refuse = <T>(work: () => Promise<T>) => (cut ? Promise.reject(new Error('lease store unreachable')) : work())
  return {
    ...store,
    cut: () => (cut = true),
    acquire: (...args) => refuse(() => store.acquire(...args)),
    renew: (...args) => refuse(() => store.renew(...args)),
    release: (...args) => refuse(() => store.release(...args)),
  }
}

describe('two projection runners sharing one read store under one lease', () => {
  let eventStore: EventStore
  let readStore: ReadStore
  let leases: LeaseStore
  const runners: LeasedProjectionRunner[] = []

  beforeEach(async () => {
    eventStore = createSqliteEventStore({ path: ':memory:', idlePollMs: 20 })
    readStore = await createEmbeddedReadStore({})
    leases = createSqliteLeaseStore({ path: ':memory:' })
  })
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop()
    await readStore.close()
    await eventStore.close()
    await leases.close()
  })

  function runner(owner: string, projector: RatingsProjector, leaseStore: LeaseStore = leases) {
    const created = createLeasedProjectionRunner({
      eventStore,
      readStore,
      projectors: [projector],
      logger: capturingLogger(),
      leases: leaseStore,
      owner,
      ttlMs: TTL_MS,
      renewIntervalMs: RENEW_MS,
      batchSize: 5,
    })
    runners.push(created)
    return created
  }

  async function rateMany(count: number) {
    let position = 0n
    for (let n = 0; n < count; n++) position = (await rate(eventStore, `user-${n % 4}`, `title-${n}`, 3)).position
    return position
  }

  /** What one runner alone, from position 0, makes of the whole log. */
  async function singleRebuild() {
    const fresh = await createEmbeddedReadStore({})
    const alone = createProjectionRunner({ eventStore, readStore: fresh, projectors: [ratingsProjector()] })
    await alone.start()
    expect(await alone.waitForPosition(await eventStore.headPosition(), 10_000)).toBe(true)
    await alone.stop()
    const docs = await fresh.collection(RATINGS).find({}, { sort: { _id: 1 } })
    await fresh.close()
    return docs
  }

  const documents = () => readStore.collection(RATINGS).find({}, { sort: { _id: 1 } })
  const appliedTwice = (docs: Record<string, unknown>[]) => {
    const positions = docs.flatMap((doc) => doc.positions as string[])
    return positions.filter((position, index) => positions.indexOf(position) !== index)
  }

  it('runs the projectors in one runner only; when it stops without letting go, the other takes over', async () => {
    await rateMany(20)
    const [first, second] = [ratingsProjector(), ratingsProjector()]
    const a = runner('process-a', first)
    await a.start()
    await until(() => a.holdsLease())
    const b = runner('process-b', second)
    await b.start()
    expect(b.status()).toEqual([{ name: 'ratings', version: 1, position: 0n, state: 'standby' }])

    const beforeCrash = await rateMany(20)
    expect(await a.waitForPosition(beforeCrash, 10_000)).toBe(true)
    expect(b.holdsLease()).toBe(false)
    expect(second.seen).toEqual([])

    // A crash: A stops applying and never lets its lease go.
    await a.abandon()
    const afterCrash = await rateMany(20)
    const tookOverIn = await until(() => b.holdsLease())
    expect(tookOverIn).toBeLessThan(15_000)
    expect(await b.waitForPosition(afterCrash, 10_000)).toBe(true)

    // B began where A's checkpoint was: between them every event was applied once.
    expect([...first.seen, ...second.seen]).toEqual(Array.from({ length: 60 }, (_, n) => BigInt(n + 1)))
    const docs = await documents()
    expect(appliedTwice(docs)).toEqual([])
    expect(docs).toEqual(await singleRebuild())
  })

  it('refuses the writes of a holder that stalled past its lease, so nothing is applied twice', async () => {
    const reached = await rateMany(8)
    const [first, second] = [ratingsProjector(), ratingsProjector()]
    const cutOff = severable(leases)
    const a = runner('process-a', first, cutOff)
    await a.start()
    await until(() => a.holdsLease())
    expect(await a.waitForPosition(reached, 10_000)).toBe(true)

    // A stalls at the first event of its next batch and cannot reach the lease store to renew.
    const stall = first.holdAt(reached + 1n)
    cutOff.cut()
    const head = await rateMany(8)
    await stall.reached

    const b = runner('process-b', second)
    await b.start()
    await until(() => b.holdsLease())
    expect(await b.waitForPosition(head, 10_000)).toBe(true)

    // A wakes up and finishes its batch: its checkpoint write is refused and the batch rolled back.
    stall.release()
    await until(() => !a.holdsLease())
    expect(first.seen).toContain(reached + 1n)
    const docs = await documents()
    expect(appliedTwice(docs)).toEqual([])
    expect(docs).toEqual(await singleRebuild())
  })
})
