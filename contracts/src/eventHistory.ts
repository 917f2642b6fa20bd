import { z } from 'zod'
import { defineEvent } from './events'

/**
 * The admin's event history explorer (`GET /api/admin/events`) and the record of who read whose
 * personal data there.
 */

const position = z.string().regex(/^\d{1,30}$/, 'must be a log position (digits only)')

export const eventHistoryQuery = z.object({
  /** Exclusive: events strictly older than this position (the `next` of the previous page). */
  before: position.optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be from 1 to 200')
    .max(200, 'limit must be from 1 to 200')
    .default(50),
  stream: z.string().trim().min(1).max(300).optional(),
  userId: z.string().trim().min(1).max(100).optional(),
  type: z.string().trim().min(1).max(100).optional(),
  correlationId: z.string().trim().min(1).max(100).optional(),
})
export type EventHistoryQuery = z.infer<typeof eventHistoryQuery>

export const historyEvent = z.object({
  position: z.string(),
  streamId: z.string(),
  revision: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** Personal fields whose owner is erased: they read as null and are shown as erased. */
  erasedFields: z.array(z.string()),
})
export type HistoryEvent = z.infer<typeof historyEvent>

export const eventHistoryAnswer = z.object({
  items: z.array(historyEvent),
  /** The `before` of the next (older) page; null at the beginning of the log. */
  next: z.string().nullable(),
  /**
   * Filters by type or correlation look through at most a window of the log per page; `next` then
   * continues the search where it stopped, even when the page came back short.
   */
  scannedTo: z.string().nullable(),
})
export type EventHistoryAnswer = z.infer<typeof eventHistoryAnswer>

export const eventDetailParams = z.object({ position })
export const eventDetailAnswer = z.object({
  event: historyEvent,
  /** The events just before and after it in its own stream, oldest first. */
  neighbours: z.array(historyEvent),
})
export type EventDetailAnswer = z.infer<typeof eventDetailAnswer>

/**
 * An admin was shown decrypted personal data of these users in the event history. Recorded as an
 * event (not a log line) so the record is as durable and tamper-evident as the data it protects,
 * and it appears in the history of the admin and of each person looked at.
 */
export const PersonalDataViewed = defineEvent(
  'PersonalDataViewed',
  z.object({
    adminUserId: z.string(),
    subjectUserIds: z.array(z.string()),
    positions: z.array(z.string()),
    viewedAt: z.string(),
  }),
)
