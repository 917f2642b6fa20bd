import type { z } from 'zod'
import type { EventDefinition } from '@reelmates/contracts/events'
import type { Members } from '@reelmates/commands/friendship/members'
import type { EventStore } from '@reelmates/infra/eventStore/port'

/** What a mail may look up while it is composed. */
export interface MailContext {
  /** Active accounts (the account stream, never a lagging read model). */
  members: Members
  /** The web app's address, for links (spec §2 screens). */
  publicUrl: string
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
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>
}

/** A mail in the scheduler: the event it answers, its template, and how it is addressed. */
export interface MailDefinition {
  /** Also the mail's category in the outbox, and half of its idempotency key (`<name>:<event id>`). */
  name: string
  template: string
  eventType: string
  compose(data: Record<string, unknown>, context: MailContext): Promise<AddressedMail | null>
}

/**
 * Adding a mail is one small file: `defineMail({ name, template, on: SomeEvent, compose })`, listed in
 * `allMails.ts`. `compose` answers null when the event calls for no mail (no link to send, the
 * account is gone). The reaction makes it idempotent per event; the mail needs to do nothing for that.
 */
export function defineMail<T extends string, S extends z.ZodType<Record<string, unknown>>>(mail: {
  name: string
  template: string
  on: EventDefinition<T, S>
  compose(data: z.infer<S>, context: MailContext): Promise<AddressedMail | null>
}): MailDefinition {
  return {
    name: mail.name,
    template: mail.template,
    eventType: mail.on.type,
    compose: (data, context) => mail.compose(data as z.infer<S>, context),
  }
}
