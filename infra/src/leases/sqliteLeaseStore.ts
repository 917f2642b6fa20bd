/**
 * The embedded lease store: one SQLite file that every process of the embedded column on a machine
 * opens (WAL, and each decision in an IMMEDIATE transaction, so two processes never both win).
 */
import Database from 'better-sqlite3'
import { LeaseLost, type Lease, type LeaseStore, type LeaseStoreTiming } from './port'

export interface SqliteLeaseStoreOptions extends LeaseStoreTiming {
  /** A file path, or ':memory:' (tests). */
  path: string
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS leases (
    name       TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,
    token      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    checkpoint TEXT
  ) WITHOUT ROWID;
`

interface LeaseRow {
  name: string
  owner: string
  token: number
  expires_at: number
  checkpoint: string | null
}

const toLease = (row: LeaseRow): Lease => ({
  name: row.name,
  owner: row.owner,
  token: row.token,
  expiresAt: row.expires_at,
})

export function createSqliteLeaseStore({ path, now = Date.now }: SqliteLeaseStoreOptions): LeaseStore {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)

  const find = db.prepare<[string], LeaseRow>('SELECT * FROM leases WHERE name = ?')
  const grant = db.prepare<[string, string, number, number]>(
    `INSERT INTO leases (name, owner, token, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, token = excluded.token, expires_at = excluded.expires_at`,
  )
  const extend = db.prepare<[number, string, number]>('UPDATE leases SET expires_at = ? WHERE name = ? AND token = ?')
  const store = db.prepare<[string, string, number]>('UPDATE leases SET checkpoint = ? WHERE name = ? AND token = ?')

  const acquire = db.transaction((name: string, owner: string, ttlMs: number): Lease | null => {
    const row = find.get(name)
    const time = now()
    if (row && row.expires_at > time && row.owner !== owner) return null
    const lease = { name, owner, token: (row?.token ?? 0) + 1, expiresAt: time + ttlMs }
    grant.run(name, owner, lease.token, lease.expiresAt)
    return lease
  })
  const renew = db.transaction((lease: Lease, ttlMs: number): Lease | null => {
    const expiresAt = now() + ttlMs
    return extend.run(expiresAt, lease.name, lease.token).changes === 1 ? { ...lease, expiresAt } : null
  })

  return {
    acquire: (name, owner, ttlMs) => Promise.resolve(acquire.immediate(name, owner, ttlMs)),
    renew: (lease, ttlMs) => Promise.resolve(renew.immediate(lease, ttlMs)),
    release(lease) {
      extend.run(0, lease.name, lease.token)
      return Promise.resolve()
    },
    current(name) {
      const row = find.get(name)
      return Promise.resolve(row ? toLease(row) : null)
    },
    record(lease, checkpoint) {
      if (store.run(checkpoint, lease.name, lease.token).changes === 1) return Promise.resolve()
      return Promise.reject(new LeaseLost(lease.name, lease.token))
    },
    checkpointOf(name) {
      return Promise.resolve(find.get(name)?.checkpoint ?? undefined)
    },
    close() {
      db.close()
      return Promise.resolve()
    },
  }
}
