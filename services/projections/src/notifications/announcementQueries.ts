import { defineQueries } from '../queries'
import { announcements, announcementsCollection, type AnnouncementDoc } from './announcements'

export const announcementQueries = defineQueries([announcements], (db) => ({
  latest: (limit: number): Promise<AnnouncementDoc[]> =>
    db.collection<AnnouncementDoc>(announcementsCollection).find({}, { sort: { publishedAt: -1 }, limit }),
}))
