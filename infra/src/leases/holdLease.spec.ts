import { afterEach, describe, expect, it } from 'vitest'
import { holdLease, type HeldLease } from './holdLease'
import type { LeaseStore } from './port'
import { createSqliteLeaseStore } from './sqliteLeaseStore'

const timing = { ttlMs: 200, renewIntervalMs: 40 }
const quiet = { info: () => undefined, warn: () => undefined }

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('holdLease', () => {
  const held: HeldLease[] = []
  const stores: LeaseStore[] = []
  afterEach(async () => {
    for (const lease of held.splice(0)) await lease.stop()
    for (const store of stores.splice(0)) await store.close()
  })

  function contender(leases: LeaseStore, owner: string, timed = timing) {
    const running: number[] = []
    let lose: (() => void) | undefined
    const lease = holdLease({
      leases,
      name: 'work',
      owner,
      ...timed,
      logger: quiet,
      start(granted, lost) {
        running.push(granted.token)
        lose = lost
        return Promise.resolve({
          stop: () => {
            running.splice(running.indexOf(granted.token), 1)
            return Promise.resolve()
          },
        })
      },
    })
    held.push(lease)
    return { lease, running, lose: () => lose?.() }
  }

  const store = () => {
    const created = createSqliteLeaseStore({ path: ':memory:' })
    stores.push(created)
    return created
  }

  it('runs the work in one contender only, and in the other at once when the holder lets go', async () => {
    const leases = store()
    const a = contender(leases, 'a')
    await a.lease.ready()
    const b = contender(leases, 'b')
    await b.lease.ready()
    expect(a.running).toHaveLength(1)
    expect(b.running).toEqual([])

    await a.lease.stop()
    await until(() => b.running.length === 1)
    expect(a.running).toEqual([])
    expect(b.running[0]).toBeGreaterThan(a.lease.current()?.token ?? 0)
  })

  it('stops the work when it reports a refused fenced write, and asks for the lease again', async () => {
    const leases = store()
    // Renewals so rare that only the work's report can stop it within the test.
    const a = contender(leases, 'a', { ttlMs: 60_000, renewIntervalMs: 30_000 })
    await a.lease.ready()
    const granted = a.lease.current()
    if (!granted) throw new Error('no lease')
    // Another process took the lease (this one stalled), and the work found out at a write.
    await leases.release(granted)
    const b = contender(leases, 'b')
    await until(() => b.running.length === 1)
    expect(a.running).toEqual([granted.token])
    a.lose()
    await until(() => a.running.length === 0, 1_000)
    expect(a.lease.current()).toBeUndefined()
    expect(b.running[0]).toBeGreaterThan(granted.token)
  })

  it('stops the work once renewals have failed until the lease expired', async () => {
    const leases = store()
    let reachable = true
    const flaky: LeaseStore = {
      ...leases,
      renew: (...args) => (reachable ? leases.renew(...args) : Promise.reject(new Error('unreachable'))),
    }
    const a = contender(flaky, 'a')
    await a.lease.ready()
    expect(a.running).toHaveLength(1)
    reachable = false
    const cutAt = Date.now()
    await until(() => a.running.length === 0)
    expect(Date.now() - cutAt).toBeLessThan(timing.ttlMs + 3 * timing.renewIntervalMs)
  })
})
