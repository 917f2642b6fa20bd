import { AnnouncementPublished } from '@reelmates/contracts/notifications'

/** Announcement number `n` ("News n: Read on" in the bell), in-app only, to one chosen member. */
export const announcementTo = (recipientId: string, authorId: string, n: number, publishedAt: string) =>
  AnnouncementPublished({
    announcementId: `a${n}`,
    authorId,
    title: `News ${n}`,
    body: 'Read on',
    url: '/home',
    audience: 'chosen',
    recipientIds: [recipientId],
    channels: { inApp: true, push: false, email: false },
    publishedAt,
  })
