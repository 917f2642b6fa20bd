import { AnnouncementPublished, type AnnouncementEvent } from '@reelmates/contracts/notifications'
import type { Decider } from '../decider'

export const announcementStream = (announcementId: string): string => `announcement-${announcementId}`

/** Publish what the event says: its data is the command's. */
export type PublishAnnouncement = { type: 'PublishAnnouncement' } & AnnouncementEvent['data']

/** An announcement is published once; the same id again (a retried request) changes nothing. */
export const announcement: Decider<PublishAnnouncement, AnnouncementEvent, { published: boolean }> = {
  initialState: () => ({ published: false }),
  evolve: () => ({ published: true }),
  decide(command, state) {
    if (state.published) return []
    const { type: _type, ...data } = command
    return [AnnouncementPublished(data)]
  },
}
