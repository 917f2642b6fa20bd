import type {
  AnnouncementRequest,
  NotificationsAnswer,
  announcementPublishedAnswer,
  announcementsAnswer,
} from '@reelmates/contracts/notifications'
import type { PushSubscriptionRequest } from '@reelmates/contracts/push'
import type { z } from 'zod'
import { requests } from '../../lib/api'

interface ChangeAnswer {
  position?: string
}

/** The notification, push and announcement calls of the API (issue 13), through the one request client. */
export const notificationsCalls = {
  /** The newest page, or the one after `cursor` (a page's `nextCursor`). */
  list: (cursor: string | null) =>
    requests.get<NotificationsAnswer>(
      `/api/notifications${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`,
    ),
  // Marks are sent as the bell opens or a line is tapped, often just before the page changes or reloads.
  markRead: (which: { ids: string[] } | { upTo: string }) =>
    requests.send<ChangeAnswer>('POST', '/api/notifications/read', which, { keepalive: true }),
  markSeen: (upTo: string) =>
    requests.send<ChangeAnswer>('POST', '/api/notifications/seen', { upTo }, { keepalive: true }),
  publicKey: () => requests.get<{ publicKey: string }>('/api/push/public-key'),
  subscribe: (subscription: PushSubscriptionRequest) =>
    requests.send<ChangeAnswer>('POST', '/api/push/subscriptions', subscription),
  unsubscribe: (endpoint: string) => requests.send<ChangeAnswer>('DELETE', '/api/push/subscriptions', { endpoint }),
  announcements: () => requests.get<z.infer<typeof announcementsAnswer>>('/api/admin/announcements'),
  announce: (request: AnnouncementRequest) =>
    requests.send<z.infer<typeof announcementPublishedAnswer>>('POST', '/api/admin/announcements', request),
}
