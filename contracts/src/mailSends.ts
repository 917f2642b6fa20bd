import { z } from 'zod'
import { defineEvent } from './events'

/**
 * Every mail the scheduler hands to the mailer leaves one of these (stream `mail-send-<outbox id>`),
 * so mails sent and failed are facts of the log that analytics can count. Subjects, addresses and
 * errors stay in the outbox, which erasure cleans; these carry no personal data.
 */
const outcome = {
  mailId: z.string(),
  category: z.string(),
  userId: z.string().optional(),
}

/** Handed over: to the SMTP server, or kept in the outbox where no SMTP server is configured. */
export const MailSent = defineEvent('MailSent', z.object({ ...outcome, sentAt: z.string() }))
export const MailFailed = defineEvent('MailFailed', z.object({ ...outcome, failedAt: z.string() }))

export const sendHistoryQuery = z.object({
  status: z.enum(['sent', 'failed', 'outbox'], { message: 'status must be sent, failed or outbox' }).optional(),
  category: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50),
  /** The `next` of the page before. */
  before: z.coerce.number().int().min(1).optional(),
})

export const sendHistoryAnswer = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      sentAt: z.string(),
      status: z.enum(['sent', 'failed', 'outbox']),
      category: z.string(),
      to: z.string(),
      userId: z.string().nullable(),
      subject: z.string(),
      errorMessage: z.string().nullable(),
    }),
  ),
  next: z.number().int().nullable(),
})
