import { AnnouncementPublished, type AnnouncementEvent } from '@reelmates/contracts/notifications'
import { defineProjector } from '../projector'

export const announcementsCollection = 'announcements'

export type AnnouncementDoc = { _id: string } & Omit<AnnouncementEvent['data'], 'announcementId'>

/** The announcements admins sent, for the admin screen. Publishing is once per stream, so an upsert is idempotent. */
export const announcements = defineProjector({
  name: 'announcements',
  version: 1,
  collections: [announcementsCollection],
  handles: [AnnouncementPublished],
  async setup(db) {
    await db.collection(announcementsCollection).createIndex({ keys: { publishedAt: -1 } })
  },
  async project(event, db) {
    const { announcementId, ...rest } = event.data
    await db
      .collection<AnnouncementDoc>(announcementsCollection)
      .updateOne({ _id: announcementId }, { $set: rest }, { upsert: true })
  },
})
