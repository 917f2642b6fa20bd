import type { AnnouncementSummary } from '@reelmates/contracts/notifications'
import { announcementQueries } from '@reelmates/projections/notifications/announcementQueries'
import { notificationQueries } from '@reelmates/projections/notifications/notificationQueries'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { announcementMailKey, announcementMailStatus } from '@reelmates/scheduler/notifications/announcementMail'
import type { Mailer } from '@reelmates/infra/mail/port'
import { pushDeliveries } from '@reelmates/scheduler/notifications/pushDeliveries'
import type { ReadStore } from '@reelmates/infra/readStore/port'

/** The latest announcements with who got each one: in the bell (read or not), on how many devices, by mail. */
export async function announcementReport(
  readStore: ReadStore,
  mailer: Pick<Mailer, 'sentWithKey'>,
  limit: number,
): Promise<AnnouncementSummary[]> {
  const latest = await announcementQueries(readStore).latest(limit)
  const cards = await userQueries(readStore).cards([
    ...new Set(latest.flatMap((doc) => [doc.authorId, ...doc.recipientIds])),
  ])
  const nameOf = (id: string) => cards.get(id)?.username ?? 'Deleted account'
  return Promise.all(
    latest.map(async (doc) => {
      const ref = `announcement:${doc._id}`
      const [read, devices, mails] = await Promise.all([
        notificationQueries(readStore).readState(ref),
        pushDeliveries(readStore).devicesByUser(ref),
        announcementMailStatus(readStore, doc._id),
      ])
      // A record a crash took with the last seconds of the snapshot: the outbox still has the mail.
      if (doc.channels.email)
        for (const userId of doc.recipientIds) {
          if (mails.has(userId)) continue
          const sent = await mailer.sentWithKey(announcementMailKey(doc._id, userId))
          if (sent) mails.set(userId, sent.status)
        }
      // The mail is written by the scheduler after the event, so for a moment it is on its way, not absent.
      // A deleted account's mail still waiting went from the outbox with the rest of its data.
      const emailOf = (userId: string) => {
        const status = mails.get(userId)
        if (!cards.has(userId)) return status === 'outbox' ? ('erased' as const) : (status ?? ('no' as const))
        return status ?? (doc.channels.email ? ('queued' as const) : ('no' as const))
      }
      const inAppOf = (userId: string) => {
        const state = read.get(userId)
        return state === undefined ? 'no' : state ? 'read' : 'unread'
      }
      return {
        id: doc._id,
        title: doc.title,
        body: doc.body,
        url: doc.url,
        audience: doc.audience,
        channels: doc.channels,
        publishedAt: doc.publishedAt,
        author: nameOf(doc.authorId),
        recipients: doc.recipientIds.map((userId) => ({
          userId,
          username: nameOf(userId),
          inApp: inAppOf(userId),
          pushDevices: devices.get(userId) ?? 0,
          email: emailOf(userId),
        })),
      }
    }),
  )
}
