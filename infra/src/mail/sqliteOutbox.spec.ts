import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { outboxContract } from './outbox.contract'
import { createSqliteOutbox } from './sqliteOutbox'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-outbox-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

// In memory there is one connection to a database, so the "other instance" is that same one.
outboxContract('SQLite in memory', () => {
  const outbox = createSqliteOutbox({ path: ':memory:' })
  return Promise.resolve({ outbox, another: () => Promise.resolve({ ...outbox, close: () => Promise.resolve() }) })
})

// A second connection to the file, as a second process on the data directory opens it.
outboxContract('SQLite file', () => {
  const path = join(directory, `${randomUUID()}.sqlite`)
  return Promise.resolve({
    outbox: createSqliteOutbox({ path }),
    another: () => Promise.resolve(createSqliteOutbox({ path })),
  })
})

describe('SQLite outbox', () => {
  it('opens an outbox from before idempotency keys and list headers as it was, and keys its sends', async () => {
    const path = join(directory, `${randomUUID()}.sqlite`)
    const old = new Database(path)
    old.exec(`
      CREATE TABLE mail_outbox (
        sequence INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('outbox', 'sent', 'failed')), category TEXT NOT NULL,
        to_address TEXT NOT NULL, recipient TEXT NOT NULL, user_id TEXT, subject TEXT NOT NULL,
        text TEXT NOT NULL, html TEXT, error TEXT
      );
      INSERT INTO mail_outbox (id, created_at, status, category, to_address, recipient, user_id, subject, text)
        VALUES ('old-1', '2024-01-01T00:00:00.000Z', 'sent', 'magic-link', 'Ana@Example.com', 'ana@example.com', 'u-1', 'Sign in', 'Follow the link');
    `)
    old.close()

    const outbox = createSqliteOutbox({ path })
    const earlier = {
      id: 'old-1',
      createdAt: '2024-01-01T00:00:00.000Z',
      status: 'sent' as const,
      category: 'magic-link',
      to: 'Ana@Example.com',
      userId: 'u-1',
      subject: 'Sign in',
      text: 'Follow the link',
    }
    expect(await outbox.list({ limit: 10, to: 'ana@example.com' })).toEqual([earlier])
    const keyed = await outbox.keep({
      ...earlier,
      id: 'new-1',
      idempotencyKey: 'k1',
      headers: { 'List-Unsubscribe': '<https://reelmates.test/u>' },
    })
    expect(await outbox.byKey('k1')).toEqual(keyed)
    expect((await outbox.history({ limit: 10 })).items.map((entry) => entry.id)).toEqual(['new-1', 'old-1'])
    await outbox.close()
  })
})
