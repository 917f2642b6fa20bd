/**
 * What every lease store must do, run against each adapter (SQLite in `npm test`, MongoDB in
 * `npm run test:infra`). `open(now)` gives a store with no leases, reading the time from `now`, so
 * expiry is tested by moving the clock rather than by waiting.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { LeaseLost, type Lease, type LeaseStore } from './port'

const TTL = 10_000

async function granted(asking: Promise<Lease | null>): Promise<Lease> {
  const lease = await asking
  if (lease === null) throw new Error('the lease was not granted')
  return lease
}

export function leaseStoreContract(name: string, open: (now: () => number) => Promise<LeaseStore>): void {
  describe(`lease store contract: ${name}`, () => {
    const opened: LeaseStore[] = []
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()))
    })

    let time = 0
    async function store() {
      time = Date.parse('2026-11-24T08:00:00Z')
      const created = await open(() => time)
      opened.push(created)
      return created
    }
    // Each test its own lease name, so adapters that share a database between tests stay apart.
    const leaseName = () => `projections-${randomUUID().slice(0, 8)}`

    it('grants a free lease, with an expiry and a token', async () => {
      const leases = await store()
      const name = leaseName()
      const lease = await leases.acquire(name, 'process-a', TTL)
      expect(lease).toMatchObject({ name, owner: 'process-a', expiresAt: time + TTL })
      expect(lease?.token).toBeGreaterThan(0)
      expect(await leases.current(name)).toEqual(lease)
    })

    it('refuses a lease that another process holds until it expires, then grants it with a greater token', async () => {
      const leases = await store()
      const name = leaseName()
      const first = await leases.acquire(name, 'process-a', TTL)
      time += TTL - 1
      expect(await leases.acquire(name, 'process-b', TTL)).toBeNull()
      time += 1
      const second = await leases.acquire(name, 'process-b', TTL)
      expect(second).toMatchObject({ owner: 'process-b' })
      expect(second?.token).toBeGreaterThan(first?.token ?? Infinity)
    })

    it('keeps a lease its holder renews, and refuses a renewal once another grant replaced it', async () => {
      const leases = await store()
      const name = leaseName()
      const first = await granted(leases.acquire(name, 'process-a', TTL))
      time += TTL - 1
      const renewed = await leases.renew(first, TTL)
      expect(renewed).toEqual({ ...first, expiresAt: time + TTL })
      time += TTL - 1
      expect(await leases.acquire(name, 'process-b', TTL)).toBeNull()

      time += 1
      expect(await leases.acquire(name, 'process-b', TTL)).not.toBeNull()
      expect(await leases.renew(first, TTL)).toBeNull()
    })

    it('lets a released lease go at once, and a stale holder release nothing', async () => {
      const leases = await store()
      const name = leaseName()
      const first = await granted(leases.acquire(name, 'process-a', TTL))
      await leases.release(first)
      const second = await granted(leases.acquire(name, 'process-b', TTL))
      expect(second.token).toBeGreaterThan(first.token)
      await leases.release(first)
      expect(await leases.acquire(name, 'process-c', TTL)).toBeNull()
      expect(await leases.current(name)).toEqual(second)
    })

    it('gives a process that held the lease before (a restart with the same owner id) a new token at once', async () => {
      const leases = await store()
      const name = leaseName()
      const before = await granted(leases.acquire(name, 'embedded', TTL))
      const after = await granted(leases.acquire(name, 'embedded', TTL))
      expect(after.token).toBeGreaterThan(before.token)
      expect(await leases.renew(before, TTL)).toBeNull()
    })

    it('never gives the token counter back, even after a release', async () => {
      const leases = await store()
      const name = leaseName()
      const tokens: number[] = []
      for (const owner of ['a', 'b', 'c', 'd']) {
        const lease = await granted(leases.acquire(name, owner, TTL))
        tokens.push(lease.token)
        await leases.release(lease)
      }
      expect(tokens).toEqual([...tokens].sort((x, y) => x - y))
      expect(new Set(tokens).size).toBe(tokens.length)
    })

    it('grants a contested lease to exactly one of the processes asking at once', async () => {
      const leases = await store()
      const name = leaseName()
      const owners = Array.from({ length: 8 }, (_, n) => `process-${n}`)
      const answers = await Promise.all(owners.map((owner) => leases.acquire(name, owner, TTL)))
      const winners = answers.filter((answer) => answer !== null)
      expect(winners).toHaveLength(1)
      expect(await leases.current(name)).toEqual(winners[0])
    })

    it("records the holder's progress, and refuses it from a holder whose token is stale", async () => {
      const leases = await store()
      const name = leaseName()
      expect(await leases.checkpointOf(name)).toBeUndefined()
      const first = await granted(leases.acquire(name, 'process-a', TTL))
      await leases.record(first, '41')
      expect(await leases.checkpointOf(name)).toBe('41')

      time += TTL
      const second = await granted(leases.acquire(name, 'process-b', TTL))
      // The successor starts from what its predecessor recorded.
      expect(await leases.checkpointOf(name)).toBe('41')
      await expect(leases.record(first, '42')).rejects.toBeInstanceOf(LeaseLost)
      expect(await leases.checkpointOf(name)).toBe('41')
      await leases.record(second, '50')
      expect(await leases.checkpointOf(name)).toBe('50')
    })

    it('keeps leases of different names apart', async () => {
      const leases = await store()
      const [one, two] = [leaseName(), leaseName()]
      expect(await leases.acquire(one, 'process-a', TTL)).not.toBeNull()
      expect(await leases.acquire(two, 'process-b', TTL)).not.toBeNull()
      expect(await leases.acquire(one, 'process-b', TTL)).toBeNull()
      expect(await leases.current(two)).toMatchObject({ owner: 'process-b' })
    })
  })
}
