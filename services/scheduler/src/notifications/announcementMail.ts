import { AnnouncementPublished } from '@reelmates/contracts/notifications'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Mailer } from '@reelmates/infra/mail/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { userQueries } from '@reelmates/projections/users/userQueries'
import type { Reaction } from '../reactor'
import { decryptedEvent } from './decryptedEvent'

export const ANNOUNCEMENT_MAIL = 'announcement_mail'
export const announcementMailsCollection = 'announcement_mails'

export type AnnouncementMailDoc = {
  _id: string
  announcementId: string
  userId: string
  status: 'outbox' | 'sent' | 'failed'
  sentAt: string
}

export interface AnnouncementMailTargets {
  eventStore: EventStore
  readStore: ReadStore
  mailer: Pick<Mailer, 'send'>
  /** Where the app is, for the link in the mail. */
  publicUrl: string
  now?: () => Date
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/**
 * The mail of an announcement sent with "also by email": one per recipient, recorded before the next
 * so a redelivered event mails nobody twice. A member deleted since it was published gets nothing.
 */
export function announcementMailReaction(targets: AnnouncementMailTargets): Reaction {
  const { eventStore, readStore, mailer, publicUrl } = targets
  const now = targets.now ?? (() => new Date())
  const sends = () => readStore.collection<AnnouncementMailDoc>(announcementMailsCollection)
  return {
    name: ANNOUNCEMENT_MAIL,
    handles: [AnnouncementPublished.type],
    async react(stored) {
      const { data } = AnnouncementPublished.schema.safeParse((await decryptedEvent(eventStore, stored)).data)
      if (!data?.channels.email) return
      const link = `${publicUrl}${data.url}`
      for (const userId of data.recipientIds) {
        const _id = `${data.announcementId}:${userId}`
        if (await sends().findOne({ _id })) continue
        const user = await userQueries(readStore).byId(userId)
        if (!user) continue
        const sent = await mailer.send({
          to: user.email,
          userId,
          category: 'announcement',
          subject: data.title,
          text: `Hi ${user.username},\n\n${data.body}\n\nOpen Reelmates: ${link}\n`,
          html:
            `<p>Hi ${escapeHtml(user.username)},</p>` +
            data.body
              .split(/\n{2,}/)
              .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
              .join('') +
            `<p><a href="${escapeHtml(link)}">Open Reelmates</a></p>`,
        })
        await sends().updateOne(
          { _id },
          { $set: { announcementId: data.announcementId, userId, status: sent.status, sentAt: now().toISOString() } },
          { upsert: true },
        )
      }
    },
  }
}

/** The mail each recipient of an announcement got, by user id. */
export async function announcementMailStatus(
  db: Pick<ReadStore, 'collection'>,
  announcementId: string,
): Promise<Map<string, AnnouncementMailDoc['status']>> {
  const found = await db.collection<AnnouncementMailDoc>(announcementMailsCollection).find({ announcementId })
  return new Map(found.map((doc) => [doc.userId, doc.status]))
}
