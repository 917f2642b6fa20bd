import { z } from 'zod'
import { allEventDefinitions, defineEvent } from './events'

/**
 * The admin's event history explorer (`GET /api/admin/events`) and the record of who read whose
 * personal data there.
 */

/**
 * Fields that name a person without saying `UserId`: the owner of the activity a comment or reaction
 * is on (their timeline is where an admin looks for what was said to them), the author of the comment
 * reacted to, the others in a comment thread, whom a card commented on or reacted to is addressed
 * to, an announcement's author and its recipients.
 */
const otherPersonFields: ReadonlySet<string> = new Set([
  'activityOwnerId',
  'commentAuthorId',
  'otherCommenterIds',
  'addresseeIds',
  'authorId',
  'recipientIds',
])

/** Whether an event's data field names a person: the event index's rule, and the history's links. */
export const namesPerson = (field: string): boolean =>
  field === 'userId' || field.endsWith('UserId') || field.endsWith('UserIds') || otherPersonFields.has(field)

/** The log's positions are 64-bit (SQLite's integers, EventStoreDB's commit positions): a larger one names no event. */
const maxPosition = 2n ** 63n - 1n
const position = z
  .string()
  .regex(/^\d{1,30}$/, 'must be a log position (digits only)')
  .refine((text) => !/^\d+$/.test(text) || BigInt(text) <= maxPosition, 'is past any position the log can have')

/**
 * The event types the log can hold, in name order: every registered definition. The process that asks
 * must have imported `allEvents` (the gateway has); the web app asks `GET /api/admin/event-types`.
 */
export const knownEventTypes = (): string[] =>
  allEventDefinitions()
    .map((definition) => definition.type)
    .sort()

export const eventTypesAnswer = z.object({ types: z.array(z.string()) })
export type EventTypesAnswer = z.infer<typeof eventTypesAnswer>

/** How many single-letter edits apart two names are (Levenshtein). */
function editDistance(from: string, to: string): number {
  let previous = Array.from({ length: to.length + 1 }, (_, index) => index)
  for (let i = 1; i <= from.length; i++) {
    const current = [i]
    for (let j = 1; j <= to.length; j++) {
      const replace = (previous[j - 1] ?? 0) + (from[i - 1] === to[j - 1] ? 0 : 1)
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, replace))
    }
    previous = current
  }
  return previous[to.length] ?? 0
}

/**
 * What someone may have meant by a type that is none, nearest first: the same name in another case,
 * the types that contain the text ("watched": TitleWatched, WatchedEntryEdited…), and those a typo or
 * two away ("TitleWatchd").
 */
export function similarEventTypes(text: string, known: readonly string[], most = 5): string[] {
  const wanted = text.trim().toLowerCase()
  const typos = Math.max(1, Math.floor(wanted.length / 4))
  return known
    .map((type) => ({ type, lower: type.toLowerCase() }))
    .map(({ type, lower }) => ({ type, contains: lower.includes(wanted), distance: editDistance(wanted, lower) }))
    .filter(({ contains, distance }) => contains || distance <= typos)
    .sort((a, b) => a.distance - b.distance || a.type.localeCompare(b.type))
    .slice(0, most)
    .map(({ type }) => type)
}

const eitherOf = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`

/** Why a type filter matches no event type, with what it may have meant; undefined when it is one. */
export function eventTypeProblem(text: string, known: readonly string[]): string | undefined {
  if (known.includes(text)) return undefined
  const similar = similarEventTypes(text, known)
  const problem = `“${text}” is not an event type.`
  return similar.length === 0 ? problem : `${problem} Did you mean ${eitherOf(similar)}?`
}

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
  /** One type, exactly: an unknown one is refused with what it may have meant, not answered as "no events". */
  type: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .superRefine((type, context) => {
      const problem = eventTypeProblem(type, knownEventTypes())
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
    })
    .optional(),
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
