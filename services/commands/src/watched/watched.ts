import {
  earliestWatchDay,
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
  reviewChangedElsewhereMessage,
  reviewMax,
  type WatchedEvent,
} from '@reelmates/contracts/watched'
import type { EventOf } from '@reelmates/contracts/events'
import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import { characterCount } from '@reelmates/contracts/text'
import { DomainError, type Decider } from '../decider'
import { dayCanBe, dayIsAhead, instantOn } from './watchedDay'

// Both reach people as a toast (a device whose clock runs ahead): said in words, not field names.
export class WatchedInTheFuture extends DomainError {
  override readonly name = 'WatchedInTheFuture'
  constructor() {
    super('invalid', 'That time has not come yet: check the date and time on your device.')
  }
}

export class WatchedDayInTheFuture extends DomainError {
  override readonly name = 'WatchedDayInTheFuture'
  constructor() {
    super('invalid', 'That day has not begun yet: check the date on your device.')
  }
}

export class WatchedAtNotAnInstant extends DomainError {
  override readonly name = 'WatchedAtNotAnInstant'
  constructor() {
    super('invalid', 'watchedAt must be an ISO date-time')
  }
}

export class WatchedBeforeDiaries extends DomainError {
  override readonly name = 'WatchedBeforeDiaries'
  constructor() {
    super('invalid', `A watch can be from ${earliestWatchDay} on, not before`)
  }
}

export class WatchedDayNotOfInstant extends DomainError {
  override readonly name = 'WatchedDayNotOfInstant'
  constructor() {
    super('invalid', 'watchedOn must be the day of watchedAt on the writer’s calendar (UTC−12 to UTC+14)')
  }
}

export class InvalidRating extends DomainError {
  override readonly name = 'InvalidRating'
  constructor() {
    super('invalid', 'rating must be a whole number from 1 to 10')
  }
}

export class ReviewTooLong extends DomainError {
  override readonly name = 'ReviewTooLong'
  constructor() {
    super('invalid', `A review can be at most ${reviewMax} characters`)
  }
}

export class WatchedEntryNotFound extends DomainError {
  override readonly name = 'WatchedEntryNotFound'
  constructor() {
    super('not_found', 'This entry is not in your watched log.')
  }
}

export class WatchedEntryExists extends DomainError {
  override readonly name = 'WatchedEntryExists'
  constructor() {
    super('conflict', 'This entry is already in your watched log.')
  }
}

export class ReviewChangedElsewhere extends DomainError {
  override readonly name = 'ReviewChangedElsewhere'
  constructor() {
    super('conflict', reviewChangedElsewhereMessage)
  }
}

export class NothingToPutBack extends DomainError {
  override readonly name = 'NothingToPutBack'
  constructor() {
    super('not_found', 'This entry was not removed from your watched log, so there is nothing to put back.')
  }
}

export interface WatchedEntry {
  watchedAt: string
  /** The day on the writer's calendar; null when not known (see the contract's `watchedOn`). */
  watchedOn: string | null
  rating: number | null
  recommend: boolean | null
  review: string | null
  containsSpoilers: boolean
  streamingService: string | null
  isPrivate: boolean
}

export type WatchedCommand =
  | ({
      type: 'MarkTitleWatched'
      entryId: string
      userId: string
      /** The time of the request: watchedAt may not be later. */
      now: string
      media: MediaSnapshot
      /** The title's catalog genres, read by the caller (I/O) so that this stays pure. */
      genreIds: number[]
      /** Not given: now, or with an earlier `watchedOn`, that day (`instantOn`). */
      watchedAt?: string | undefined
    } & MediaRef &
      Omit<WatchedEntry, 'watchedAt'>)
  | {
      type: 'EditWatchedEntry'
      entryId: string
      userId: string
      now: string
      changes: Partial<WatchedEntry>
      /** The review the edit began from, when the client said (undefined: not said). */
      previousReview?: string | null | undefined
    }
  | { type: 'RemoveWatchedEntry'; entryId: string; userId: string }
  /** The undo of a removal: the entry as it was, with its id. */
  | { type: 'PutWatchedEntryBack'; entryId: string; userId: string }

type RecordedEntry = EventOf<typeof TitleWatched>['data']

/**
 * Every diary entry, by id, as it reads now (rewatches are separate entries); and each entry removed,
 * as it was then, so an undo can put it back the same.
 */
export interface WatchedState {
  entries: Map<string, RecordedEntry>
  removed: Map<string, RecordedEntry>
}

export const watchedStreamId = (userId: string) => `watched-${userId}`

/**
 * How far ahead of the server's clock a watchedAt may be. A date-time picked in the browser is read
 * off the browser's clock, which can run a little fast; refusing "a minute from now" would make
 * "watched just now" fail for those people, while anything later is really the future.
 */
export const clockSkewToleranceMs = 5 * 60_000

function checked(given: WatchedEntry, now: string): WatchedEntry {
  // One form for every instant (UTC, milliseconds), so that the diary's order by date, which compares
  // them as text, is their order in time; "+09:00" and "Z" forms of one day would not sort so.
  const instant = Date.parse(given.watchedAt)
  if (Number.isNaN(instant)) throw new WatchedAtNotAnInstant()
  const entry = { ...given, watchedAt: new Date(instant).toISOString() }
  if (entry.watchedOn !== null && dayIsAhead(entry.watchedOn, now)) throw new WatchedDayInTheFuture()
  if (Date.parse(entry.watchedAt) > Date.parse(now) + clockSkewToleranceMs) throw new WatchedInTheFuture()
  if ((entry.watchedOn ?? entry.watchedAt) < earliestWatchDay) throw new WatchedBeforeDiaries()
  if (entry.watchedOn !== null && !dayCanBe(entry.watchedOn, entry.watchedAt)) throw new WatchedDayNotOfInstant()
  if (entry.rating !== null && (!Number.isInteger(entry.rating) || entry.rating < 1 || entry.rating > 10)) {
    throw new InvalidRating()
  }
  const review = entry.review?.trim() ?? null
  if (review !== null && characterCount(review) > reviewMax) throw new ReviewTooLong()
  const streamingService = entry.streamingService?.trim() ?? null
  // Without a review there is nothing to hide, so a flag left from a review since deleted goes with it.
  return {
    ...entry,
    review: review || null,
    containsSpoilers: Boolean(review) && entry.containsSpoilers,
    streamingService: streamingService || null,
  }
}

const entryOf = (data: WatchedEntry): WatchedEntry => ({
  watchedAt: data.watchedAt,
  watchedOn: data.watchedOn,
  rating: data.rating,
  recommend: data.recommend,
  review: data.review,
  containsSpoilers: data.containsSpoilers,
  streamingService: data.streamingService,
  isPrivate: data.isPrivate,
})

/**
 * An edit's day and instant, kept in step: a new day alone moves the instant onto it when the old
 * one is not of that day; a new instant alone leaves the day unknown (null), since only the writer's
 * calendar can say which day it was.
 */
function withDayAndInstant(changes: Partial<WatchedEntry>, fields: WatchedEntry, now: string): Partial<WatchedEntry> {
  const { watchedOn, watchedAt } = changes
  if (
    watchedAt === undefined &&
    watchedOn !== undefined &&
    watchedOn !== null &&
    !dayCanBe(watchedOn, fields.watchedAt)
  )
    return { ...changes, watchedAt: instantOn(watchedOn, now) }
  if (watchedAt !== undefined && !('watchedOn' in changes)) return { ...changes, watchedOn: null }
  return changes
}

export const watched: Decider<WatchedCommand, WatchedEvent, WatchedState> = {
  initialState: () => ({ entries: new Map(), removed: new Map() }),

  evolve(state, event) {
    const { entryId } = event.data
    switch (event.type) {
      case 'TitleWatched':
      case 'WatchedEntryRestored': {
        const entries = new Map(state.entries).set(entryId, event.data)
        if (!state.removed.has(entryId)) return { ...state, entries }
        const removed = new Map(state.removed)
        removed.delete(entryId)
        return { entries, removed }
      }
      case 'WatchedEntryEdited': {
        const current = state.entries.get(entryId)
        if (!current) return state
        return { ...state, entries: new Map(state.entries).set(entryId, { ...current, ...entryOf(event.data) }) }
      }
      case 'WatchedEntryRemoved': {
        const current = state.entries.get(entryId)
        if (!current) return state
        const entries = new Map(state.entries)
        entries.delete(entryId)
        return { entries, removed: new Map(state.removed).set(entryId, current) }
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'MarkTitleWatched': {
        if (state.entries.has(command.entryId)) throw new WatchedEntryExists()
        const watchedAt =
          command.watchedAt ?? (command.watchedOn === null ? command.now : instantOn(command.watchedOn, command.now))
        const entry = checked(entryOf({ ...command, watchedAt }), command.now)
        return [
          TitleWatched({
            entryId: command.entryId,
            userId: command.userId,
            tmdbId: command.tmdbId,
            mediaType: command.mediaType,
            ...entry,
            media: command.media,
            genreIds: [...new Set(command.genreIds)],
          }),
        ]
      }
      case 'EditWatchedEntry': {
        const current = state.entries.get(command.entryId)
        if (!current) throw new WatchedEntryNotFound()
        const { tmdbId, mediaType } = current
        const fields = entryOf(current)
        const entry = checked({ ...fields, ...withDayAndInstant(command.changes, fields, command.now) }, command.now)
        if (JSON.stringify(entry) === JSON.stringify(fields)) return []
        // Two devices that wrote the same words agree; otherwise the words written since the edit
        // began are kept and the writer is asked, rather than replaced unseen.
        const basis = command.previousReview
        if (
          'review' in command.changes &&
          basis !== undefined &&
          (basis?.trim() || null) !== fields.review &&
          entry.review !== fields.review
        )
          throw new ReviewChangedElsewhere()
        return [WatchedEntryEdited({ entryId: command.entryId, userId: command.userId, tmdbId, mediaType, ...entry })]
      }
      case 'RemoveWatchedEntry': {
        const current = state.entries.get(command.entryId)
        if (!current) throw new WatchedEntryNotFound()
        return [
          WatchedEntryRemoved({
            entryId: command.entryId,
            userId: command.userId,
            tmdbId: current.tmdbId,
            mediaType: current.mediaType,
          }),
        ]
      }
      case 'PutWatchedEntryBack': {
        if (state.entries.has(command.entryId)) throw new WatchedEntryExists()
        const entry = state.removed.get(command.entryId)
        if (!entry) throw new NothingToPutBack()
        return [WatchedEntryRestored({ ...entry })]
      }
    }
  },
}
