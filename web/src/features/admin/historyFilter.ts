import { eventHistoryQuery, eventTypeProblem } from '@reelmates/contracts/eventHistory'
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

/**
 * The address of /admin/events: the filter, and the opened event (`event`, its log position), so a
 * reload or a shared link shows the same. A hand-edited or shared address never breaks the page: what
 * does not parse is dropped.
 */
export const historyFilterSearch = z.object({
  userId: filterText,
  stream: filterText,
  type: filterText,
  correlationId: filterText,
  before: position,
  event: position,
})

/**
 * The route's search validation: `historyFilterSearch`, and every other key of the address set to
 * nothing. The router lays what a route validates over the address as it read it, so a key the schema
 * left out (`?limit=5000`, `?foo=bar`) came back beside the filter and was sent to the server with it.
 */
export function historyAddress(search: Record<string, unknown>): z.output<typeof historyFilterSearch> {
  const others = Object.fromEntries(Object.keys(search).map((key) => [key, undefined]))
  return { ...others, ...historyFilterSearch.parse(search) }
}

/**
 * The filter as it will be sent: text trimmed, blank fields left out, and a type written in another
 * case ("titlewatched") spelled as the event type it names, when the known types are at hand.
 */
export function trimmedFilter(filter: HistoryFilter, knownTypes?: readonly string[]): HistoryFilter {
  const trimmed: HistoryFilter = {}
  for (const { key } of historyFilterFields) {
    const text = filter[key]?.trim()
    if (text) trimmed[key] = text
  }
  const spelled = spelledType(trimmed.type, knownTypes)
  if (spelled !== undefined) trimmed.type = spelled
  if (filter.before !== undefined) trimmed.before = filter.before
  return trimmed
}

/** The known event type that `type` names in another case ("titlewatched": TitleWatched), if any. */
export function spelledType(type: string | undefined, knownTypes?: readonly string[]): string | undefined {
  const lower = type?.toLowerCase()
  return lower === undefined ? undefined : knownTypes?.find((known) => known.toLowerCase() === lower)
}

/**
 * What the server would refuse in a filter, by field, in words that name the field: text too long,
 * and (once the known types are at hand) a type that is none, with the types it may mean.
 */
export function filterProblems(
  filter: HistoryFilter,
  knownTypes?: readonly string[],
): Partial<Record<HistoryFilterField, string>> {
  const problems: Partial<Record<HistoryFilterField, string>> = {}
  for (const { key, label, maxLength } of historyFilterFields) {
    const length = filter[key]?.trim().length ?? 0
    if (length > maxLength) problems[key] = `${label.replace(/ \(.*\)$/, '')} must be at most ${maxLength} characters`
  }
  const type = filter.type?.trim()
  if (type && knownTypes && !problems.type) {
    const problem = eventTypeProblem(type, knownTypes)
    if (problem !== undefined) problems.type = problem
  }
  return problems
}

// Every member's id is a UUID (`platform.newId` is `randomUUID`; contracts/src/friendships.ts relies on it too).
const userIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a person filter looks like a member's id; other text (a username, an email) matches no one. */
export const looksLikeUserId = (text: string): boolean => userIdPattern.test(text.trim())
