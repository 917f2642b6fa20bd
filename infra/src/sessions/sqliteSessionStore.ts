/**
 * The embedded session store: a SQLite file. Expired sessions are never answered, are deleted when
 * met, and are swept periodically by a timer that does not keep the process alive. Erasing a user
 * leaves no bytes of their sessions in the files (`secure_delete` and a truncating checkpoint).
 */
import Database from 'better-sqlite3'
import {
  answer,
  expiryOf,
  storageKeyOf,
  userIdOf,
  type SessionStore,
  type SessionStoreTiming,
  type StoredSession,
} from './port'
import { recentSessions } from './recentSessions'

export interface SqliteSessionStoreOptions extends SessionStoreTiming {
  /** A file path, or ':memory:' (tests). */
  path: string
  /** How often expired sessions are swept. Defaults to ten minutes. */
  sweepIntervalMs?: number
  /**
   * How long a session read or written here is answered from memory before the file is read again
   * (another process's writes are seen after at most this long). Defaults to one second; 0 turns the
   * memory off.
   */
  recentForMs?: number
}

export interface SqliteSessionStore<S extends StoredSession = StoredSession> extends SessionStore<S> {
  /** Deletes every expired session now; answers how many. */
  sweepExpired(): number
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS sessions (
    session_key TEXT PRIMARY KEY,
    user_id     TEXT,
    data        TEXT NOT NULL,
    expires_at  INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);
  CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);
`

export function createSqliteSessionStore<S extends StoredSession = StoredSession>({
  path,
  ttlMs,
  now = Date.now,
  sweepIntervalMs = 10 * 60_000,
  recentForMs = 1000,
}: SqliteSessionStoreOptions): SqliteSessionStore<S> {
  const db = new Database(path)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('secure_delete = ON')
  db.pragma('busy_timeout = 5000')
  db.exec(SCHEMA)

  const upsert = db.prepare<[string, string | null, string, number]>(
    `INSERT INTO sessions (session_key, user_id, data, expires_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (session_key) DO UPDATE SET user_id = excluded.user_id, data = excluded.data, expires_at = excluded.expires_at`,
  )
  const find = db.prepare<[string], { data: string; expires_at: number }>(
    'SELECT data, expires_at FROM sessions WHERE session_key = ?',
  )
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE session_key = ?')
  const removeUser = db.prepare<[string]>('DELETE FROM sessions WHERE user_id = ?')
  // The marker's cookie expiry is the row's own (an ISO date, as a session's JSON has it).
  const markDeleted = db.prepare<[string]>(
    `UPDATE sessions SET user_id = NULL, data = json_object(
       'cookie', json_object('expires', strftime('%Y-%m-%dT%H:%M:%fZ', expires_at / 1000.0, 'unixepoch')),
       'accountDeleted', json('true'))
     WHERE user_id = ?`,
  )
  const removeExpired = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?')

  const recent = recentSessions({ capacity: recentForMs > 0 ? 10_000 : 0, maxAgeMs: recentForMs })

  const sweepExpired = () => {
    const time = now()
    recent.forgetExpired(time)
    return removeExpired.run(time).changes
  }
  const sweeper = setInterval(sweepExpired, sweepIntervalMs)
  sweeper.unref()

  return {
    set(sessionId, session, callback) {
      answer(() => {
        const time = now()
        const stored = {
          json: JSON.stringify(session),
          userId: userIdOf(session),
          expiresAt: expiryOf(session, ttlMs, time),
        }
        recent.forget(sessionId)
        upsert.run(storageKeyOf(sessionId), stored.userId, stored.json, stored.expiresAt)
        recent.remember(sessionId, stored, time)
        return Promise.resolve()
      }, callback)
    },
    get(sessionId, callback) {
      answer(() => {
        const time = now()
        const known = recent.get(sessionId, time)
        if (known !== undefined && known.expiresAt > time) return Promise.resolve(JSON.parse(known.json) as S)
        recent.forget(sessionId)
        const key = storageKeyOf(sessionId)
        const row = find.get(key)
        if (row === undefined) return Promise.resolve(null)
        if (row.expires_at <= time) {
          remove.run(key)
          return Promise.resolve(null)
        }
        const session = JSON.parse(row.data) as S
        recent.remember(sessionId, { json: row.data, userId: userIdOf(session), expiresAt: row.expires_at }, time)
        return Promise.resolve(session)
      }, callback)
    },
    destroy(sessionId, callback) {
      answer(() => {
        recent.forget(sessionId)
        remove.run(storageKeyOf(sessionId))
        return Promise.resolve()
      }, callback)
    },
    eraseUser(userId, because) {
      recent.forgetUser(userId)
      if (because === 'accountDeleted') markDeleted.run(userId)
      else removeUser.run(userId)
      // The WAL still holds the old pages; copying the rewritten pages back and truncating it leaves
      // nothing of the user's sessions in the files.
      db.pragma('wal_checkpoint(TRUNCATE)')
      return Promise.resolve()
    },
    sweepExpired,
    close() {
      clearInterval(sweeper)
      db.close()
      return Promise.resolve()
    },
  }
}
