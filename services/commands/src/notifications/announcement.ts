import {
  AnnouncementPublished,
  type AnnouncementChannels,
  type AnnouncementEvent,
} from '@reelmates/contracts/notifications'
import type { Decider } from '../decider'

export const announcementStream = (announcementId: string): string => `announcement-${announcementId}`

export interface PublishAnnouncement {
  type: 'PublishAnnouncement'
  announcementId: string
  authorId: string
  title: string
  body: string
  url: string
  audience: 'everyone' | 'chosen'
  recipientIds: string[]
  channels: AnnouncementChannels
  publishedAt: string
}

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
