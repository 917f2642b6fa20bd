import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { idempotencyStoreContract } from './idempotencyStore.contract'
import { createSqliteIdempotencyStore } from './sqliteIdempotencyStore'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-idempotency-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const freshFile = () => join(directory, `${randomUUID()}.sqlite`)

idempotencyStoreContract('SQLite in memory', (timing) =>
  Promise.resolve(createSqliteIdempotencyStore({ path: ':memory:', ...timing })),
)
idempotencyStoreContract('SQLite file', (timing) =>
  Promise.resolve(createSqliteIdempotencyStore({ path: freshFile(), ...timing })),
)

describe('SQLite idempotency store', () => {
  it('keeps recorded answers across a restart', async () => {
    const path = freshFile()
    const first = createSqliteIdempotencyStore({ path })
    await first.claim('ann', 'k1', 'hash-a')
    await first.complete('ann', 'k1', { statusCode: 200, contentType: 'application/json', body: '{}' })
    await first.close()

    const reopened = createSqliteIdempotencyStore({ path })
    expect(await reopened.claim('ann', 'k1', 'hash-a')).toMatchObject({ outcome: 'answered' })
    await reopened.close()
  })
})
