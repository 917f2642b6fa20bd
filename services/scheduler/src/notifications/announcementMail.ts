import { AnnouncementPublished } from '@reelmates/contracts/notifications'
import { escapeHtml } from '@reelmates/contracts/emailTemplates'
import { isolated } from '@reelmates/contracts/text'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Mailer } from '@reelmates/infra/mail/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { unsubscribeFor } from '../campaigns/unsubscribe'
import type { Reaction } from '../reactor'
import { mailButton, mailDocument } from '../mail/mailFrame'
import { decryptedEvent } from './decryptedEvent'

export const ANNOUNCEMENT_MAIL = 'announcement_mail'
export const announcementMailsCollection = 'announcement_mails'

/**
 * The one mail of an announcement to one member, kept with it in the outbox. The record below lives in
 * the read store, whose snapshot a crash can lose seconds of; the outbox is written at once, so the key
 * is what keeps a reaction repeated after a crash from mailing anyone twice, and what tells the admin's
 * report a mail was sent when its record was lost.
 */
export const announcementMailKey = (announcementId: string, userId: string) =>
  `announcement:${announcementId}:${userId}`

export type AnnouncementMailDoc = {
  _id: string
  announcementId: string
  userId: string
  /**
   * `unsubscribed`: none was sent, the member had turned tips and news emails off; `suspended`: none
   * was sent, the team had suspended the account (it cannot sign in to read it).
   */
  status: 'outbox' | 'sent' | 'failed' | 'unsubscribed' | 'suspended'
  sentAt: string
}

export interface AnnouncementMailTargets {
  eventStore: EventStore
  readStore: ReadStore
  mailer: Pick<Mailer, 'send'>
  /** Where the app is, for the link in the mail. */
  publicUrl: string
  /** Signs the mail's unsubscribe link (`unsubscribeSecretFrom`). */
  unsubscribeSecret: string
  now?: () => Date
}

/**
 * The mail of an announcement sent with "also by email": one per recipient, recorded before the next
 * so a redelivered event mails nobody twice. A member deleted since it was published gets nothing.
 * An announcement is news: it goes by the member's "Tips and news emails" (`receiveCampaignEmails`)
 * as campaign mails do, and carries the same way off that list (a link, and one-click headers).
 */
export function announcementMailReaction(targets: AnnouncementMailTargets): Reaction {
  const { eventStore, readStore, mailer, publicUrl, unsubscribeSecret } = targets
  const now = targets.now ?? (() => new Date())
  const sends = () => readStore.collection<AnnouncementMailDoc>(announcementMailsCollection)
  return {
    name: ANNOUNCEMENT_MAIL,
    handles: [AnnouncementPublished.type],
    async react(stored) {
      const { data } = AnnouncementPublished.schema.safeParse((await decryptedEvent(eventStore, stored)).data)
      const cause = { correlationId: stored.metadata.correlationId, causationId: stored.id }
      if (!data?.channels.email) return
      // Joined before it is parsed, so the path can never name another host (`/\evil.example`), and
      // parsed so that what the admin typed reaches the mail percent-encoded, as a browser sends it.
      const link = new URL(`${publicUrl}${data.url}`).href
      for (const userId of data.recipientIds) {
        const _id = `${data.announcementId}:${userId}`
        if (await sends().findOne({ _id })) continue
        const user = await userQueries(readStore).byId(userId)
        if (!user) continue
        const record = (status: AnnouncementMailDoc['status']) =>
          sends().updateOne(
            { _id },
            { $set: { announcementId: data.announcementId, userId, status, sentAt: now().toISOString() } },
            { upsert: true },
          )
        if ((await userQueries(readStore).suspendedAmong([userId])).has(userId)) {
          await record('suspended')
          continue
        }
        if (!user.receiveCampaignEmails) {
          await record('unsubscribed')
          continue
        }
        const unsubscribe = unsubscribeFor(userId, 'campaigns', { publicUrl, secret: unsubscribeSecret })
        const sent = await mailer.send({
          to: user.email,
          userId,
          category: 'announcement',
          cause,
          subject: data.title,
          headers: unsubscribe.headers,
          idempotencyKey: announcementMailKey(data.announcementId, userId),
          text:
            `Hi ${isolated(user.username)},\n\n${data.body}\n\nOpen Reelmates: ${link}\n\n` +
            `You get this news because your tips and news emails are on. Unsubscribe: ${unsubscribe.link}\n`,
          html: mailDocument(
            `<p>Hi ${escapeHtml(isolated(user.username))},</p>` +
              data.body
                .split(/\n{2,}/)
                // The admin's own words, in whatever script: each paragraph takes the direction it is written in.
                .map((paragraph) => `<p dir="auto">${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
                .join('') +
              mailButton(escapeHtml(link), 'Open Reelmates') +
              '<p style="color:#666;font-size:12px">You get this news because your tips and news emails are on. ' +
              `<a href="${escapeHtml(unsubscribe.link)}">Unsubscribe</a></p>`,
          ),
        })
        await record(sent.status)
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
