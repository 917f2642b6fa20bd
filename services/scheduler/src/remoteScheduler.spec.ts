import { describe, expect, it } from 'vitest'
import { createSqliteLeaseStore } from '@reelmates/infra/leases/sqliteLeaseStore'
import { watchRemoteReactions } from './remoteScheduler'

describe('the scheduler as a gateway of the distributed column sees it', () => {
  it('waits until every reaction has recorded the position beside its lease', async () => {
    const leases = createSqliteLeaseStore({ path: ':memory:' })
    const watcher = watchRemoteReactions({ leases, reactions: ['erasure', 'mail'], pollMs: 5 })
    const erasure = await leases.acquire('reactor:erasure', 'scheduler-1', 60_000)
    const mail = await leases.acquire('reactor:mail', 'scheduler-2', 60_000)
    if (!erasure || !mail) throw new Error('no lease')
    await leases.record(erasure, '12')
    expect(await watcher.waitForPosition(12n, 20)).toBe(false)

    const reached = watcher.waitForPosition(12n, 5_000)
    await leases.record(mail, '15')
    expect(await reached).toBe(true)
    await watcher.stop()
    await leases.close()
  })
})
