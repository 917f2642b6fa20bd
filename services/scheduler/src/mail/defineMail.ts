import type { z } from 'zod'
import type { EventDefinition } from '@reelmates/contracts/events'
import type { Members } from '@reelmates/commands/friendship/members'
import type { ReadStore } from '@reelmates/infra/readStore/port'

/** What a mail may look up while it is composed. */
export interface MailContext {
  /** Active accounts (the account stream, never a lagging read model). */
  members: Members
  /** The web app's address, for links (spec §2 screens). */
  publicUrl: string
  /** The read models, for mails composed from them (digests). */
  readStore: Pick<ReadStore, 'collection'>
}

/** Who gets the mail and what its template is filled with; `userId` lets erasure find it. */
export interface AddressedMail {
  to: string
  userId: string
  variables: Record<string, string>
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
