import type { z } from 'zod'
import type { EventDefinition } from '@reelmates/contracts/events'
import type { Members } from '@reelmates/commands/friendship/members'
import type { CommandMetadata } from '@reelmates/commands/handleCommand'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { EmailTemplate } from './template'

/** What a mail may look up while it is composed. */
export interface MailContext {
  /** Active accounts (the account stream, never a lagging read model). */
  members: Members
  /** The web app's address, for links (spec §2 screens). */
  publicUrl: string
  /** The read models, for mails composed from them (digests). */
  readStore: Pick<ReadStore, 'collection'>
  /** The log with personal fields decrypted, for mails that read an account's preferences. */
  eventStore: EventStore
  /** Signs the unsubscribe links of list mails (campaigns, digests). */
  unsubscribeSecret: string
}

/** Who gets the mail and what its template is filled with; `userId` lets erasure find it. */
export interface AddressedMail {
  to: string
  userId: string
  variables: Record<string, string>
  /** A template chosen per event (a campaign step's), instead of the mail's own. */
  template?: string
  /** Text given with the event (an admin's test of a draft), rendered instead of any stored template. */
  content?: Pick<EmailTemplate, 'subject' | 'textContent' | 'htmlContent'>
  /** Put before the rendered subject: `[Test] ` on an admin's test, so it is never taken for the real one. */
  subjectPrefix?: string
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>
}

/** What a mail may record once it is in the outbox: an event of its own, caused by the one it answers. */
export interface SentContext {
  /** The log with personal fields decrypted. */
  eventStore: EventStore
  /** For the events it appends: caused by the answered event, in its correlation. */
  cause: CommandMetadata
}

/** A mail in the scheduler: the event it answers, its template, and how it is addressed. */
export interface MailDefinition {
  /** Also the mail's category in the outbox, and half of its idempotency key (`<name>:<event id>`). */
  name: string
  /** null: each mail it composes brings its own `content` (an admin's test of a draft). */
  template: string | null
  eventType: string
  compose(data: Record<string, unknown>, context: MailContext): Promise<AddressedMail | null>
  /**
   * Runs after the mail is in the outbox, and again when a repeated reaction finds it there already,
   * so it must be idempotent (a decider that records a fact once).
   */
  sent?(data: Record<string, unknown>, context: SentContext): Promise<void>
}

/**
 * Adding a mail is one small file: `defineMail({ name, template, on: SomeEvent, compose })`, listed in
 * `allMails.ts`. `compose` answers null when the event calls for no mail (no link to send, the
 * account is gone). The reaction makes it idempotent per event; the mail needs to do nothing for that.
 */
export function defineMail<T extends string, S extends z.ZodType<Record<string, unknown>>>(mail: {
  name: string
  template: string | null
  on: EventDefinition<T, S>
  compose(data: z.infer<S>, context: MailContext): Promise<AddressedMail | null>
  sent?: (data: z.infer<S>, context: SentContext) => Promise<void>
}): MailDefinition {
  const { sent } = mail
  return {
    name: mail.name,
    template: mail.template,
    eventType: mail.on.type,
    compose: (data, context) => mail.compose(data as z.infer<S>, context),
    ...(sent
      ? { sent: (data: Record<string, unknown>, context: SentContext) => sent(data as z.infer<S>, context) }
      : {}),
  }
}
