/**
 * The embedded idempotency store: a SQLite file, so a recorded answer survives a restart. Claims are
 * decided inside one transaction, so two requests with one key cannot both claim it. Answers can hold
 * personal data (a profile save answers the profile), so erasing a scope leaves no bytes of them in
 * the files (`secure_delete` and a truncating checkpoint).
 */
import Database from 'better-sqlite3'
import { DEFAULT_IDEMPOTENCY_TIMING, isStale, type Claim, type IdempotencyStore, type IdempotencyTiming } from './port'

export interface SqliteIdempotencyStoreOptions extends Partial<IdempotencyTiming> {
  /** A file path, or ':memory:' (tests). */
  path: string
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS idempotency_keys (
    scope        TEXT NOT NULL,
    key          TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    claimed_at   INTEGER NOT NULL,
    status_code  INTEGER,
    content_type TEXT,
    body         TEXT,
    PRIMARY KEY (scope, key)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (claimed_at);
`

interface Row {
  request_hash: string
  claimed_at: number
  status_code: number | null
  content_type: string | null
  body: string | null
}

export function createSqliteIdempotencyStore({ path, ...timing }: SqliteIdempotencyStoreOptions): IdempotencyStore {
  const { now = Date.now, ...rest } = { ...DEFAULT_IDEMPOTENCY_TIMING, ...timing }
  const limits = { ...rest, now }
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('secure_delete = ON')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)

  const find = db.prepare<[string, string], Row>(
    'SELECT request_hash, claimed_at, status_code, content_type, body FROM idempotency_keys WHERE scope = ? AND key = ?',
  )
  const put = db.prepare<[string, string, string, number]>(
    `INSERT INTO idempotency_keys (scope, key, request_hash, claimed_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET request_hash = excluded.request_hash, claimed_at = excluded.claimed_at,
       status_code = NULL, content_type = NULL, body = NULL`,
  )
  const answer = db.prepare<[number, string | null, string, string, string]>(
    'UPDATE idempotency_keys SET status_code = ?, content_type = ?, body = ? WHERE scope = ? AND key = ?',
  )
  const release = db.prepare<[string, string]>(
    'DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status_code IS NULL',
  )
  const removeScope = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE scope = ?')
  const sweep = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE claimed_at < ?')

  const claim = db.transaction((scope: string, key: string, requestHash: string): Claim => {
    const time = now()
    const row = find.get(scope, key)
    if (row && !isStale({ answered: row.status_code !== null, claimedAt: row.claimed_at }, limits, time)) {
      if (row.status_code === null) return { outcome: 'in_progress', requestHash: row.request_hash }
      return {
        outcome: 'answered',
        requestHash: row.request_hash,
        answer: { statusCode: row.status_code, contentType: row.content_type, body: row.body ?? '' },
      }
    }
    put.run(scope, key, requestHash, time)
    return { outcome: 'claimed' }
  })

  let claims = 0
  return {
    async claim(scope, key, requestHash) {
      // Now and then, forget answers nobody can ask for any more.
      if (++claims % 1000 === 0) sweep.run(now() - limits.keepAnswersMs)
      return claim(scope, key, requestHash)
    },
    async complete(scope, key, { statusCode, contentType, body }) {
      answer.run(statusCode, contentType, body, scope, key)
    },
    async release(scope, key) {
      release.run(scope, key)
    },
    async eraseScope(scope) {
      removeScope.run(scope)
      // The WAL still holds the old pages; copying the rewritten pages back and truncating it leaves
      // nothing of the scope's answers in the files.
      db.pragma('wal_checkpoint(TRUNCATE)')
    },
    async close() {
      db.close()
    },
  }
}
