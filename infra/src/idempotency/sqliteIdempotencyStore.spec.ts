import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
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

  it("leaves no byte of an erased scope's answers in its files, WAL included", async () => {
    const path = freshFile()
    const store = createSqliteIdempotencyStore({ path })
    const secret = 'answer-that-must-vanish-5821'
    for (const key of ['k1', 'k2']) {
      await store.claim('ann', key, 'hash-a')
      await store.complete('ann', key, {
        statusCode: 200,
        contentType: 'application/json',
        body: `{"bio":"${secret}"}`,
      })
    }
    const filesHolding = () =>
      readdirSync(directory).filter(
        (name) => name.startsWith(basename(path)) && readFileSync(join(directory, name)).includes(secret),
      )
    expect(filesHolding()).not.toEqual([])
    await store.eraseScope('ann')
    expect(filesHolding()).toEqual([])
    await store.close()
    expect(filesHolding()).toEqual([])
  })
})
