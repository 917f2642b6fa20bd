import { AnnouncementPublished } from '@reelmates/contracts/notifications'
import { defineNotificationSource } from '../notificationSource'

/** An admin's announcement, on the channels the admin chose (mail is the scheduler's own reaction). */
export const announcement = defineNotificationSource({
  kind: 'announcement',
  handles: [AnnouncementPublished],
  notify: ({ data }) =>
    data.recipientIds.map((userId) => ({
      userId,
      actorId: null,
      url: data.url,
      detail: { title: data.title, body: data.body },
      ref: `announcement:${data.announcementId}`,
      channels: { inApp: data.channels.inApp, push: data.channels.push },
    })),
  text: ({ detail }) => `${detail.title ?? ''}: ${detail.body ?? ''}`,
  push: ({ detail }) => ({ title: detail.title ?? 'Reelmates', body: detail.body ?? '' }),
})
