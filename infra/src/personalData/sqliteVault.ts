/**
 * The embedded personal data vault: one SQLite file beside the event store. Erasure must leave no
 * bytes behind, so deleted content is overwritten (`secure_delete`) and the rollback journal, which
 * briefly holds the old pages, is deleted at the end of each transaction (no WAL that keeps them).
 */
import Database from 'better-sqlite3'
import { createKeyVault, type KeyCacheOptions, type KeyStorage } from './keyVault'
import type { PersonalDataVault } from './port'

export interface SqliteVaultOptions extends KeyCacheOptions {
  /** A file path, or ':memory:' (tests). */
  path: string
  /** At least 32 characters; it wraps the data keys and keys the reservation hashes. */
  secret: string
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS personal_keys (
    subject_id  TEXT PRIMARY KEY,
    wrapped_key BLOB,
    erased_at   TEXT,
    CHECK ((wrapped_key IS NULL) <> (erased_at IS NULL))
  );
  CREATE TABLE IF NOT EXISTS personal_reservations (
    value_hash TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    subject_id TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS personal_reservations_by_subject ON personal_reservations (subject_id);
`

export function createSqliteVault({ path, secret, ...cache }: SqliteVaultOptions): PersonalDataVault {
  const db = new Database(path)
  db.pragma('secure_delete = ON')
  db.pragma('journal_mode = DELETE')
  db.pragma('synchronous = FULL')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)

  const findKey = db.prepare<[string], { wrapped_key: Buffer | null }>(
    'SELECT wrapped_key FROM personal_keys WHERE subject_id = ?',
  )
  const insertKey = db.prepare<[string, Buffer]>(
    'INSERT INTO personal_keys (subject_id, wrapped_key) VALUES (?, ?) ON CONFLICT (subject_id) DO NOTHING',
  )
  const tombstone = db.prepare<[string, string]>(
    `INSERT INTO personal_keys (subject_id, wrapped_key, erased_at) VALUES (?, NULL, ?)
     ON CONFLICT (subject_id) DO UPDATE SET wrapped_key = NULL, erased_at = excluded.erased_at`,
  )
  const deleteReservationsOf = db.prepare<[string]>('DELETE FROM personal_reservations WHERE subject_id = ?')
  const insertReservation = db.prepare<[string, string, string]>(
    'INSERT INTO personal_reservations (value_hash, kind, subject_id) VALUES (?, ?, ?) ON CONFLICT (value_hash) DO NOTHING',
  )
  const holderOf = db.prepare<[string], { subject_id: string }>(
    'SELECT subject_id FROM personal_reservations WHERE value_hash = ?',
  )
  const deleteReservation = db.prepare<[string, string]>(
    'DELETE FROM personal_reservations WHERE value_hash = ? AND subject_id = ?',
  )
  const erase = db.transaction((subjectId: string) => {
    tombstone.run(subjectId, new Date().toISOString())
    deleteReservationsOf.run(subjectId)
  })
  const reserve = db.transaction((hash: string, kind: string, subjectId: string) => {
    insertReservation.run(hash, kind, subjectId)
    return holderOf.get(hash)?.subject_id ?? null
  })

  const storage: KeyStorage = {
    findKey(subjectId) {
      const row = findKey.get(subjectId)
      if (row === undefined) return Promise.resolve(null)
      return Promise.resolve(row.wrapped_key === null ? { erased: true } : { wrappedKey: row.wrapped_key })
    },
    insertKeyIfAbsent(subjectId, wrappedKey) {
      insertKey.run(subjectId, wrappedKey)
      return Promise.resolve()
    },
    erase(subjectId) {
      erase(subjectId)
      return Promise.resolve()
    },
    reserve(hash, kind, subjectId) {
      return Promise.resolve(reserve.immediate(hash, kind, subjectId))
    },
    release(hash, subjectId) {
      deleteReservation.run(hash, subjectId)
      return Promise.resolve()
    },
    holderOf(hash) {
      return Promise.resolve(holderOf.get(hash)?.subject_id ?? null)
    },
    close() {
      db.close()
      return Promise.resolve()
    },
  }
  return createKeyVault(storage, secret, cache)
}
