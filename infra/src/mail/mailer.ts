/**
 * Mail through nodemailer. Every message is kept in a durable outbox (`OutboxStore`: a SQLite file in
 * the embedded column, MongoDB in the distributed one): with no SMTP server configured the outbox is
 * where mail ends up (admins read it in the app, tests follow its links), and with one it records
 * what was sent and what failed.
 *
 * A message with an idempotency key is sent once per outbox: a send whose key the outbox holds sends
 * nothing and answers the first entry, in this process or any other on the same outbox (the next
 * lease holder of a reaction). Two sends with one key at the same moment in this process share one
 * delivery. Across processes the outbox's unique index keeps one entry, but delivery comes before
 * the entry is kept, so with SMTP a send racing another process's (a lease holder that stalled past
 * its expiry and its successor), or a crash between the server's acceptance and the entry, can mail
 * once more: at least once by SMTP, exactly once into the outbox.
 */
import { randomUUID } from 'node:crypto'
import { createTransport } from 'nodemailer'
import type { Mailer, MailMessage, OutboxEntry, OutboxStore } from './port'
import { createSqliteOutbox } from './sqliteOutbox'

export type MailerOptions = {
  /** e.g. `smtp://user:pass@mail.example.com:587`. Without it, mail stays in the outbox. */
  smtpUrl?: string
  /** The From header, e.g. `Reelmates <no-reply@reelmates.app>`. */
  from: string
} & (
  | {
      /** The outbox SQLite file, or ':memory:' (tests). */
      outboxPath: string
    }
  | {
      /** An outbox already open (the mailer closes it with itself). */
      outbox: OutboxStore
    }
)

const DEFAULT_LIST_LIMIT = 50
const MAX_LIST_LIMIT = 500

const bounded = (limit: number) => Math.max(1, Math.min(MAX_LIST_LIMIT, Math.trunc(limit)))

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from } = options
  const outbox = 'outbox' in options ? options.outbox : createSqliteOutbox({ path: options.outboxPath })
  const transport = smtpUrl === undefined ? undefined : createTransport(smtpUrl)
  /** Sends under way in this process, by idempotency key: a second one waits for the first. */
  const sending = new Map<string, Promise<OutboxEntry>>()

  async function deliver(message: MailMessage): Promise<Pick<OutboxEntry, 'status' | 'error'>> {
    if (transport === undefined) return { status: 'outbox' }
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      })
      return { status: 'sent' }
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? error.message : String(error) }
    }
  }

  async function sendOnce(message: MailMessage): Promise<OutboxEntry> {
    const key = message.idempotencyKey
    const earlier = key === undefined ? null : await outbox.byKey(key)
    if (earlier) return earlier
    const outcome = await deliver(message)
    return outbox.keep({ ...message, id: randomUUID(), createdAt: new Date().toISOString(), ...outcome })
  }

  return {
    send(message) {
      const key = message.idempotencyKey
      if (key === undefined) return sendOnce(message)
      const under = sending.get(key)
      if (under) return under
      const sent = sendOnce(message).finally(() => sending.delete(key))
      sending.set(key, sent)
      return sent
    },

    sentWithKey(idempotencyKey) {
      return outbox.byKey(idempotencyKey)
    },

    byId(id) {
      return outbox.byId(id)
    },

    list({ limit = DEFAULT_LIST_LIMIT, to, toContaining } = {}) {
      return outbox.list({
        limit: bounded(limit),
        ...(to === undefined ? {} : { to }),
        ...(toContaining === undefined ? {} : { toContaining }),
      })
    },

    history(options) {
      return outbox.history({ ...options, limit: bounded(options.limit) })
    },

    eraseUser(userId, email) {
      return outbox.eraseUser(userId, email)
    },

    async close() {
      transport?.close()
      await outbox.close()
    },
  }
}
