import { z } from 'zod'
import { username } from './account'
import { defineEvent, type EventOf } from './events'
import { keysetCursor } from './feed'
import { shownText } from './text'

/**
 * In-app notifications (the bell) and admin announcements. A notification is derived from an event
 * by the notifications read model; what a person did with the list (mark read) is an event on
 * `notifications-<userId>`, how far they have looked at it (the badge) one on
 * `notificationsSeen-<userId>`; an announcement is an event on `announcement-<announcementId>`.
 */

export const notificationsMessages = {
  noRecipients: 'Choose at least one recipient, or send the announcement to everyone.',
  unknownUsers: (names: string[]) => `No user named ${names.join(', ')} was found.`,
  noChannel: 'Choose at least one way to deliver the announcement.',
} as const

/** What a notification is about; each kind has one source handler in the notifications read model. */
export const notificationKind = z.string().min(1).max(40)

export const notificationItem = z.object({
  id: z.string(),
  kind: notificationKind,
  text: z.string(),
  /** The in-app address it opens, e.g. `/friends`. */
  url: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
})
export type NotificationItem = z.infer<typeof notificationItem>

export const notificationsQuery = z.object({
  /** The `nextCursor` of the page before: the same keyset (createdAt, id) as the feed's. */
  cursor: keysetCursor.optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(30),
})

export const notificationsAnswer = z.object({
  /** One page, newest first: `limit` notifications after `cursor` (the newest without one). */
  items: z.array(notificationItem),
  /** The `cursor` of the next, older page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Unread, whether seen or not, on every page: what "Mark all read" would change. */
  unreadCount: z.number().int(),
  /** Unread and newer than the last time the bell was opened: the number on the bell's badge. */
  unseenCount: z.number().int(),
})
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>

/**
 * `POST /api/notifications/read`: these, or every notification when `ids` is absent; with `upTo` (the
 * newest the bell showed), only those up to it, so one that came in while the bell was open is not
 * marked read unseen.
 */
export const markReadRequest = z.object({
  ids: z.array(z.string().min(1).max(200), { message: 'ids must be a list of notification ids' }).max(200).optional(),
  upTo: z.iso.datetime({ message: 'upTo must be an ISO date-time in UTC' }).optional(),
})

export const NotificationsMarkedRead = defineEvent(
  'NotificationsMarkedRead',
  z.object({
    userId: z.string(),
    /** null: every notification up to `readAt`. */
    ids: z.array(z.string()).nullable(),
    readAt: z.string(),
  }),
)

/**
 * `POST /api/notifications/seen`: the bell was opened and showed the list up to this notification's
 * `createdAt` (the newest it showed), so the badge no longer counts it or anything older.
 */
export const markSeenRequest = z.object({
  upTo: z.iso.datetime({ message: 'upTo must be an ISO date-time in UTC' }),
})

/**
 * The member opened the bell: unread notifications up to `seenUpTo` stay unread in the list but are
 * no longer counted on the badge.
 */
export const NotificationsSeen = defineEvent(
  'NotificationsSeen',
  z.object({ userId: z.string(), seenUpTo: z.string() }),
)
export type NotificationsSeenEvent = EventOf<typeof NotificationsSeen>

// ---- Announcements ----

export const announcementChannels = z.object({
  inApp: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
})
export type AnnouncementChannels = z.infer<typeof announcementChannels>

/**
 * A path on this site. `//host` leaves it, and so does `/\host`: browsers read a backslash in an
 * address as a slash, so a push opening `/\evil.example` opened that site. No backslash is allowed.
 */
const inAppLink = z
  .string()
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'The link must be an address inside the app, starting with /')

export const announcementRequest = z
  .strictObject({
    title: shownText('A title is required').max(120, 'The title is at most 120 characters'),
    body: shownText('A message is required').max(2000, 'The message is at most 2000 characters'),
    /** Where the notification opens, inside the app. */
    url: inAppLink.max(300).default('/home'),
    audience: z.enum(['everyone', 'chosen'], { message: 'The audience is everyone or chosen' }),
    usernames: z.array(username).max(500).default([]),
    channels: announcementChannels,
  })
  .refine((request) => request.channels.inApp || request.channels.push || request.channels.email, {
    message: notificationsMessages.noChannel,
    path: ['channels'],
  })
  .refine((request) => request.audience === 'everyone' || request.usernames.length > 0, {
    message: notificationsMessages.noRecipients,
    path: ['usernames'],
  })
export type AnnouncementRequest = z.input<typeof announcementRequest>

/** The recipients were resolved when it was sent: "everyone" means every member at that moment. */
export const AnnouncementPublished = defineEvent(
  'AnnouncementPublished',
  z.object({
    announcementId: z.string(),
    authorId: z.string(),
    title: z.string(),
    body: z.string(),
    url: z.string(),
    audience: z.enum(['everyone', 'chosen']),
    recipientIds: z.array(z.string()),
    channels: announcementChannels,
    publishedAt: z.string(),
  }),
)

export type AnnouncementEvent = EventOf<typeof AnnouncementPublished>

/** One announcement as the admin screen lists it, with who received it on which channel. */
export const announcementSummary = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  audience: z.enum(['everyone', 'chosen']),
  channels: announcementChannels,
  publishedAt: z.string(),
  author: z.string(),
  recipients: z.array(
    z.object({
      userId: z.string(),
      username: z.string(),
      /** In the bell (and whether they opened it there). */
      inApp: z.enum(['unread', 'read', 'no']),
      /** Devices the push service accepted it for. */
      pushDevices: z.number().int(),
      /**
       * The mail's state in the outbox; `queued` until the scheduler has put it there; `unsubscribed`
       * when the member turned tips and news emails off; `suspended` when none went because the account
       * was suspended; `erased` when it waited in the outbox and went with the deleted account's data;
       * `no` when none goes.
       */
      email: z.enum(['queued', 'outbox', 'sent', 'failed', 'unsubscribed', 'suspended', 'erased', 'no']),
    }),
  ),
})
export type AnnouncementSummary = z.infer<typeof announcementSummary>

export const announcementsAnswer = z.object({ announcements: z.array(announcementSummary) })
export const announcementPublishedAnswer = z.object({
  announcement: z.object({ id: z.string(), recipients: z.number().int() }),
  position: z.string().optional(),
})
