import { AccountDeleted } from '@reelmates/contracts/account'
import { NotificationsSeen } from '@reelmates/contracts/notifications'
import { defineProjector } from '../projector'

export const notificationsSeenCollection = 'notifications_seen'

export type NotificationsSeenDoc = { _id: string; seenUpTo: string }

/**
 * How far each member has seen their bell (`{ _id: userId, seenUpTo }`): its badge counts only what
 * is unread and newer. Kept beside the bell rather than in it, as `feed_visits` is beside the feed,
 * so the bell's read model is not rebuilt for it.
 */
export const notificationsSeen = defineProjector({
  name: 'notifications_seen',
  version: 1,
  collections: [notificationsSeenCollection],
  handles: [NotificationsSeen, AccountDeleted],

  async project(event, db) {
    const marks = db.collection<NotificationsSeenDoc>(notificationsSeenCollection)
    switch (event.type) {
      case 'NotificationsSeen':
        // $max: a redelivered older mark never moves the mark back.
        await marks.updateOne({ _id: event.data.userId }, { $max: { seenUpTo: event.data.seenUpTo } }, { upsert: true })
        return
      case 'AccountDeleted':
        await marks.deleteOne({ _id: event.data.userId })
        return
    }
  },
})
