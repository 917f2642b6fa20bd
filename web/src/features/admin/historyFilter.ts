import { eventHistoryQuery } from '@reelmates/contracts/eventHistory'
import { z } from 'zod'
import type { HistoryFilter } from './adminCalls'

export type HistoryFilterField = Exclude<keyof HistoryFilter, 'before'>

/** The filters of the event history, as the screen names them, with the longest text the server takes. */
export const historyFilterFields: { key: HistoryFilterField; label: string; maxLength: number }[] = (
  [
    { key: 'userId', label: 'Person (user id)' },
    { key: 'stream', label: 'Stream' },
    { key: 'type', label: 'Event type' },
    { key: 'correlationId', label: 'Correlation id' },
  ] as const
).map((field) => ({ ...field, maxLength: eventHistoryQuery.shape[field.key].unwrap().maxLength ?? Infinity }))

/**
 * The router reads each search value as JSON, so a typed `?userId=12345` arrives as a number and
 * `?type=true` as a boolean: both are taken as their text. Blank text means no filter.
 */
const filterText = z
  .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
  .transform((text) => text.trim() || undefined)
  .optional()
  .catch(undefined)

/** A log position: digits only. A number too big to be exact in JavaScript is no position at all. */
const position = z
  .union([z.string(), z.number().refine(Number.isSafeInteger).transform(String)])
  .pipe(eventHistoryQuery.shape.before.unwrap())
  .optional()
  .catch(undefined)

/** The address of /admin/events. A hand-edited or shared address never breaks the page: what does not parse is dropped. */
export const historyFilterSearch = z.object({
  userId: filterText,
  stream: filterText,
  type: filterText,
  correlationId: filterText,
  before: position,
})

/** The filter as it will be sent: text trimmed, blank fields left out. */
export function trimmedFilter(filter: HistoryFilter): HistoryFilter {
  const trimmed: HistoryFilter = {}
  for (const { key } of historyFilterFields) {
    const text = filter[key]?.trim()
    if (text) trimmed[key] = text
  }
  if (filter.before !== undefined) trimmed.before = filter.before
  return trimmed
}

/** What the server would refuse in a filter, by field, in words that name the field. */
export function filterProblems(filter: HistoryFilter): Partial<Record<HistoryFilterField, string>> {
  const problems: Partial<Record<HistoryFilterField, string>> = {}
  for (const { key, label, maxLength } of historyFilterFields) {
    const length = filter[key]?.trim().length ?? 0
    if (length > maxLength) problems[key] = `${label.replace(/ \(.*\)$/, '')} must be at most ${maxLength} characters`
  }
  return problems
}

// Every member's id is a UUID (`platform.newId` is `randomUUID`; contracts/src/friendships.ts relies on it too).
const userIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a person filter looks like a member's id; other text (a username, an email) matches no one. */
export const looksLikeUserId = (text: string): boolean => userIdPattern.test(text.trim())
