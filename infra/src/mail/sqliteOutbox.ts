/**
 * The embedded column's outbox: a SQLite file in the data directory, shared by the processes that
 * open it (a server and its scheduler, two schedulers). Account deletion erases a user's messages
 * without leaving their bytes in the file (`secure_delete`, and a rollback journal that is deleted
 * after each transaction).
 */
import Database from 'better-sqlite3'
import { recipientKey, type OutboxEntry, type OutboxStore } from './port'

export interface SqliteOutboxOptions {
  /** The outbox SQLite file, or ':memory:' (tests). */
  path: string
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS mail_outbox (
    sequence   INTEGER PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('outbox', 'sent', 'failed')),
    category   TEXT NOT NULL,
    to_address TEXT NOT NULL,
    recipient  TEXT NOT NULL,
    user_id    TEXT,
    subject    TEXT NOT NULL,
    text       TEXT NOT NULL,
    html       TEXT,
    error      TEXT
  );
  CREATE INDEX IF NOT EXISTS mail_outbox_by_recipient ON mail_outbox (recipient, sequence);
  CREATE INDEX IF NOT EXISTS mail_outbox_by_user ON mail_outbox (user_id);
`
// Outboxes from before idempotent sends get the column on open.
const KEYED = `
  CREATE UNIQUE INDEX IF NOT EXISTS mail_outbox_by_key ON mail_outbox (idempotency_key)
    WHERE idempotency_key IS NOT NULL;
`

interface OutboxRow {
  sequence?: number
  id: string
  created_at: string
  status: OutboxEntry['status']
  category: string
  to_address: string
  user_id: string | null
  subject: string
  text: string
  html: string | null
  error: string | null
  headers?: string | null
}

export function createSqliteOutbox({ path }: SqliteOutboxOptions): OutboxStore {
  const db = new Database(path)
  db.pragma('secure_delete = ON')
  db.pragma('journal_mode = DELETE')
  db.pragma('busy_timeout = 5000')
  // Under the write lock from the start: two processes opening the same outbox at once (a server and
  // its scheduler, two schedulers) would otherwise both see a column missing and the second fail to add it.
  db.transaction(() => {
    db.exec(SCHEMA)
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(mail_outbox)').all()
    if (!columns.some((column) => column.name === 'idempotency_key')) {
      db.exec('ALTER TABLE mail_outbox ADD COLUMN idempotency_key TEXT')
    }
    db.exec(KEYED)
    // Outboxes from before list mails get the headers column (JSON) on open.
    if (!columns.some((column) => column.name === 'headers')) db.exec('ALTER TABLE mail_outbox ADD COLUMN headers TEXT')
  }).immediate()

  // A key already in the outbox inserts nothing: the mail was sent (or kept) once already.
  const insert = db.prepare<[OutboxRow & { recipient: string; idempotency_key: string | null }]>(
    `INSERT INTO mail_outbox (id, created_at, status, category, to_address, recipient, user_id, subject, text, html, error, idempotency_key, headers)
     VALUES (@id, @created_at, @status, @category, @to_address, @recipient, @user_id, @subject, @text, @html, @error, @idempotency_key, @headers)
     ON CONFLICT DO NOTHING`,
  )
  const byKey = db.prepare<[string], OutboxRow>('SELECT * FROM mail_outbox WHERE idempotency_key = ?')
  const byId = db.prepare<[string], OutboxRow>('SELECT * FROM mail_outbox WHERE id = ?')
  const newest = db.prepare<[number], OutboxRow>('SELECT * FROM mail_outbox ORDER BY sequence DESC LIMIT ?')
  const newestTo = db.prepare<[string, number], OutboxRow>(
    'SELECT * FROM mail_outbox WHERE recipient = ? ORDER BY sequence DESC LIMIT ?',
  )
  const newestToLike = db.prepare<[string, number], OutboxRow>(
    "SELECT * FROM mail_outbox WHERE recipient LIKE ? ESCAPE '\\' ORDER BY sequence DESC LIMIT ?",
  )
  const eraseByUser = db.prepare<[string]>('DELETE FROM mail_outbox WHERE user_id = ?')
  const eraseByRecipient = db.prepare<[string]>('DELETE FROM mail_outbox WHERE recipient = ?')
  const erase = db.transaction((userId: string, email: string | undefined) => {
    eraseByUser.run(userId)
    if (email !== undefined) eraseByRecipient.run(recipientKey(email))
  })

  return {
    keep(entry) {
      const key = entry.idempotencyKey
      insert.run({
        id: entry.id,
        created_at: entry.createdAt,
        status: entry.status,
        category: entry.category,
        to_address: entry.to,
        recipient: recipientKey(entry.to),
        user_id: entry.userId ?? null,
        subject: entry.subject,
        text: entry.text,
        html: entry.html ?? null,
        error: entry.error ?? null,
        idempotency_key: key ?? null,
        headers: entry.headers ? JSON.stringify(entry.headers) : null,
      })
      const kept = key === undefined ? undefined : byKey.get(key)
      return Promise.resolve(kept ? toEntry(kept) : entry)
    },

    byKey(idempotencyKey) {
      const row = byKey.get(idempotencyKey)
      return Promise.resolve(row ? toEntry(row) : null)
    },

    byId(id) {
      const row = byId.get(id)
      return Promise.resolve(row ? toEntry(row) : null)
    },

    list({ limit, to, toContaining }) {
      // LIKE's own wildcards in what was typed are plain characters.
      const pattern = (text: string) => `%${recipientKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const rows =
        to !== undefined
          ? newestTo.all(recipientKey(to), limit)
          : toContaining !== undefined
            ? newestToLike.all(pattern(toContaining), limit)
            : newest.all(limit)
      return Promise.resolve(rows.map(toEntry))
    },

    history({ status, category, limit, before }) {
      const where: string[] = []
      const values: (string | number)[] = []
      const filters: [string, string | number | undefined][] = [
        ['status = ?', status],
        ['category = ?', category],
        ['sequence < ?', before],
      ]
      for (const [condition, value] of filters) {
        if (value === undefined) continue
        where.push(condition)
        values.push(value)
      }
      const rows = db
        .prepare<(string | number)[], OutboxRow & { sequence: number }>(
          `SELECT * FROM mail_outbox ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY sequence DESC LIMIT ?`,
        )
        .all(...values, limit + 1)
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return Promise.resolve({
        items: page.map(toEntry),
        next: rows.length > limit && last ? last.sequence : null,
      })
    },

    eraseUser(userId, email) {
      erase(userId, email)
      return Promise.resolve()
    },

    close() {
      db.close()
      return Promise.resolve()
    },
  }
}

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status,
    category: row.category,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    ...(row.user_id === null ? {} : { userId: row.user_id }),
    ...(row.html === null ? {} : { html: row.html }),
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
  }
}
