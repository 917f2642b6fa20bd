import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import { digestType } from './account'
import { renderedMail } from './emailTemplates'
import { mediaType, tmdbId } from './media'

/**
 * Digests (issue 13.4): a mail per member, daily or weekly by their `digestType`, of what happened
 * since their last one. The events carry only ids and times: the mail is composed from the read
 * models for the period they name, so no personal text is copied into the log.
 */

export const sentDigestTypes = ['daily', 'weekly'] as const
export const sentDigestType = z.enum(sentDigestTypes)
export type SentDigestType = z.infer<typeof sentDigestType>

/**
 * One watchlist title whose streaming changed since the member was last told (at the add, or by
 * their previous digest): the product's services (TMDB provider ids) streaming it now, which is what
 * the member has been told once the digest is out, and those of the member's services among them
 * that are new, which the digest lists under "Now streaming on your services".
 */
export const streamingChange = z.object({
  tmdbId,
  mediaType,
  providers: z.array(z.number().int()),
  newOn: z.array(z.number().int()),
})
export type StreamingChange = z.infer<typeof streamingChange>

// Digests recorded before version 2 told nothing about streaming.
const withoutStreaming = (data: Record<string, unknown>, fromVersion: number) =>
  fromVersion < 2 ? { ...data, streaming: [] } : data

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
    /** Since version 2: the titles whose streaming the digest told (the next digest's baseline). */
    streaming: z.array(streamingChange),
  }),
  { version: 2, upcast: withoutStreaming },
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
    /** Since version 2: the streaming news the preview showed (a test moves no baseline). */
    streaming: z.array(streamingChange),
  }),
  { version: 2, upcast: withoutStreaming },
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
