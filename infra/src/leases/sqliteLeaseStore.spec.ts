import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { leaseStoreContract } from './lease.contract'
import { LeaseLost } from './port'
import { createSqliteLeaseStore } from './sqliteLeaseStore'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-leases-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const freshFile = () => join(directory, `${randomUUID()}.db`)

leaseStoreContract('SQLite in memory', (now) => Promise.resolve(createSqliteLeaseStore({ path: ':memory:', now })))
leaseStoreContract('SQLite file', (now) => Promise.resolve(createSqliteLeaseStore({ path: freshFile(), now })))

describe('SQLite lease store', () => {
  it('is one lease for every process that opens the same file', async () => {
    const path = freshFile()
    const a = createSqliteLeaseStore({ path })
    const b = createSqliteLeaseStore({ path })
    const held = (await a.acquire('scheduler', 'process-a', 60_000))!
    expect(await b.acquire('scheduler', 'process-b', 60_000)).toBeNull()
    await a.release(held)
    const taken = (await b.acquire('scheduler', 'process-b', 60_000))!
    await expect(a.record(held, '7')).rejects.toBeInstanceOf(LeaseLost)
    await b.record(taken, '7')
    expect(await a.checkpointOf('scheduler')).toBe('7')
    await a.close()
    await b.close()
  })
})
