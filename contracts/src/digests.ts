import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import { digestType } from './account'
import { renderedMail } from './emailTemplates'

/**
 * Digests (issue 13.4): a mail per member, daily or weekly by their `digestType`, of what happened
 * since their last one. The events carry only ids and times: the mail is composed from the read
 * models for the period they name, so no personal text is copied into the log.
 */

export const sentDigestTypes = ['daily', 'weekly'] as const
export const sentDigestType = z.enum(sentDigestTypes)
export type SentDigestType = z.infer<typeof sentDigestType>

/**
 * A member's digest for one period went out; sets their `lastDigestSent`. `period` is the key the
 * digest stream refuses twice (`daily:2026-11-24`, `weekly:2026-11-23`); the mail covers
 * `(from, until]`.
 */
export const DigestSent = defineEvent(
  'DigestSent',
  z.object({
    userId: z.string(),
    digestType: sentDigestType,
    period: z.string(),
    from: z.string(),
    until: z.string(),
    sentAt: z.string(),
  }),
)

/** An admin asked for a member's digest, as it would go out now, in their own inbox (`/test-digest`). */
export const DigestTestRequested = defineEvent(
  'DigestTestRequested',
  z.object({
    userId: z.string(),
    requestedBy: z.string(),
    digestType: sentDigestType,
    from: z.string(),
    until: z.string(),
    requestedAt: z.string(),
  }),
)

export type DigestEvent = EventOf<typeof DigestSent> | EventOf<typeof DigestTestRequested>

export const testDigestQuery = z.object({
  username: z.string().trim().min(1, 'Choose a member whose digest to show.').max(100),
})
export const testDigestBody = testDigestQuery

/** The digest as it would go out now; `empty`: there is nothing to tell, so none would be sent. */
export const testDigestAnswer = renderedMail.extend({
  empty: z.boolean(),
  /** The member's setting; with `none` the preview is of the weekly digest they would get. */
  setting: digestType,
  digestType: sentDigestType,
  from: z.string(),
  until: z.string(),
})
export type TestDigestAnswer = z.infer<typeof testDigestAnswer>
