import { toDomainEvent } from '@reelmates/commands/handleCommand'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Mailer } from '@reelmates/infra/mail/port'
import type { Reaction } from '../reactor'
import type { MailContext, MailDefinition } from './defineMail'
import { renderEmailTemplate } from '@reelmates/contracts/emailTemplates'
import type { EmailTemplate } from './template'

export const MAILS = 'mails'

export interface MailReactionDependencies extends MailContext {
  /** The log with personal fields decrypted: links and addresses travel sealed in the events. */
  eventStore: EventStore
  mailer: Mailer
  /** The template a mail is rendered from now (an admin's edit, or the built-in one). */
  templateNamed: (name: string) => Promise<EmailTemplate>
}

/**
 * Every mail that answers an event, as one reaction. A mail is sent at most once per event: its
 * idempotency key (`<mail>:<event id>`) is looked up first and kept with the send, so a reaction
 * repeated after a crash (the checkpoint is written after it) or by the next lease holder sends
 * nothing more; a failure is retried by the reactor and never skipped.
 */
export function mailReaction(mails: readonly MailDefinition[], dependencies: MailReactionDependencies): Reaction {
  const { eventStore, mailer, templateNamed } = dependencies
  return {
    name: MAILS,
    handles: [...new Set(mails.map((mail) => mail.eventType))],
    async react(stored) {
      const [event] = await eventStore.readStream(stored.streamId, { fromRevision: stored.revision, maxCount: 1 })
      // Erased personal data: the account is gone, and so are the link and address to mail.
      if (!event || event.id !== stored.id || event.metadata.personalDataErased === true) return
      const { data } = toDomainEvent(event)
      const cause = {
        correlationId: event.metadata.correlationId,
        causationId: event.id,
        actorId: event.metadata.actorId,
        occurredAt: event.metadata.occurredAt,
      }
      for (const mail of mails) {
        if (mail.eventType !== event.type) continue
        const idempotencyKey = `${mail.name}:${event.id}`
        if (!(await mailer.sentWithKey(idempotencyKey))) {
          const addressed = await mail.compose(data, dependencies)
          if (!addressed) continue
          const template = addressed.template ?? mail.template
          const source = addressed.content ?? (template === null ? null : await templateNamed(template))
          if (!source) throw new Error(`the ${mail.name} mail composed neither its text nor a template to use`)
          const rendered = renderEmailTemplate(source, addressed.variables)
          await mailer.send({
            to: addressed.to,
            userId: addressed.userId,
            category: mail.name,
            idempotencyKey,
            cause: { correlationId: cause.correlationId, causationId: cause.causationId },
            ...rendered,
            subject: `${addressed.subjectPrefix ?? ''}${rendered.subject}`,
            ...(addressed.headers ? { headers: addressed.headers } : {}),
          })
        }
        await mail.sent?.(data, { eventStore, cause })
      }
    },
  }
}
