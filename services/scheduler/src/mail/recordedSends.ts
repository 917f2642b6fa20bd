import { randomUUID } from 'node:crypto'
import { MailFailed, MailSent } from '@reelmates/contracts/mailSends'
import { systemActors, type EventStore } from '@reelmates/infra/eventStore/port'
import type { Mailer } from '@reelmates/infra/mail/port'

/**
 * The mailer, with each new send recorded in the log as `MailSent` or `MailFailed` (stream
 * `mail-send-<outbox id>`), so mails sent and failed are a projection like every other analytic.
 * A send answered from the outbox (same idempotency key) was recorded the first time. A crash
 * between the send and its record loses the record, never the mail: the outbox stays the full
 * history, and what admins list as the send history.
 */
export function recordedSends(mailer: Mailer, eventStore: EventStore, now: () => Date): Mailer {
  return {
    ...mailer,
    async send({ cause, ...message }) {
      const earlier = message.idempotencyKey === undefined ? null : await mailer.sentWithKey(message.idempotencyKey)
      const entry = await mailer.send(message)
      if (earlier) return entry
      const at = now().toISOString()
      const outcome = { mailId: entry.id, category: entry.category, ...(entry.userId ? { userId: entry.userId } : {}) }
      const event =
        entry.status === 'failed' ? MailFailed({ ...outcome, failedAt: at }) : MailSent({ ...outcome, sentAt: at })
      const id = randomUUID()
      await eventStore.append(
        `mail-send-${entry.id}`,
        [
          {
            id,
            type: event.type,
            data: event.data,
            metadata: {
              correlationId: cause?.correlationId ?? id,
              causationId: cause?.causationId ?? id,
              actorId: systemActors.system,
              occurredAt: at,
              schemaVersion: 1,
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      )
      return entry
    },
  }
}
