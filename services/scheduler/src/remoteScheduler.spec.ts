import { describe, expect, it } from 'vitest'
import { createSqliteLeaseStore } from '@reelmates/infra/leases/sqliteLeaseStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { watchRemoteReactions } from './remoteScheduler'

describe('the scheduler as a gateway of the distributed column sees it', () => {
  it('waits until every reaction has recorded the position beside its lease', async () => {
    const leases = createSqliteLeaseStore({ path: ':memory:' })
    const readStore = await createEmbeddedReadStore({})
    const watcher = watchRemoteReactions({ leases, readStore, reactions: ['erasure', 'mail'], pollMs: 5 })
    const erasure = await leases.acquire('reactor:erasure', 'scheduler-1', 60_000)
    const mail = await leases.acquire('reactor:mail', 'scheduler-2', 60_000)
    if (!erasure || !mail) throw new Error('no lease')
    await leases.record(erasure, '12')
    expect(await watcher.waitForPosition(12n, 20)).toBe(false)

    const reached = watcher.waitForPosition(12n, 5_000)
    await leases.record(mail, '15')
    expect(await reached).toBe(true)
    expect((await watcher.status()).map(({ name, checkpoint }) => [name, checkpoint])).toEqual([
      ['erasure', 12n],
      ['mail', 15n],
    ])
    expect(await watcher.retryFailures('mail')).toBeUndefined()
    await watcher.stop()
    await leases.close()
  })
})
