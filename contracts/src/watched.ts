import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import { mediaSnapshot, mediaType, tmdbId } from './media'
import { shownOrNone } from './text'

export const reviewMax = 5000
/**
 * The earliest day a diary takes: nobody logging today watched anything before it, and a year typed
 * as 0001 or 1026 is a slip, not a memory.
 */
export const earliestWatchDay = '1900-01-01'
export const streamingServiceMax = 100

/** Ratings run 1 to 10: ½★ to 5★ in half stars. */
export const ratingMax = 10
const rating = z
  .number({ message: 'rating must be a number' })
  .int(`rating must be a whole number from 1 to ${ratingMax}`)
  .min(1, `rating must be from 1 to ${ratingMax}`)
  .max(ratingMax, `rating must be from 1 to ${ratingMax}`)
// A review that shows nothing (zero-width spaces, say) is no review, as one of spaces is.
const review = z
  .string()
  .trim()
  .overwrite(shownOrNone)
  .max(reviewMax, `A review can be at most ${reviewMax} characters`)
const streamingService = z
  .string()
  .trim()
  .min(1)
  .max(streamingServiceMax, `streamingService can be at most ${streamingServiceMax} characters`)
const watchedAt = z.iso.datetime({ offset: true, message: 'watchedAt must be an ISO date-time' })
const watchedOn = z.iso.date({ message: 'watchedOn must be a day such as 2026-11-28' })

// A review is the user's own words: kept encrypted with their key, erased with their account.
const personalReview = { subjectField: 'userId', fields: ['review'] } as const

const entryFields = {
  watchedAt: z.string(),
  /**
   * The day on the writer's own calendar (`YYYY-MM-DD`): what a diary shows to everyone, wherever
   * they read it. An instant alone is a different day on the other side of the world (a film seen
   * on a New York evening is the next day in Europe). Null for an entry recorded before the day was
   * kept, or whose instant was changed without one: readers then show the instant's day where they are.
   */
  watchedOn: z.string().nullable(),
  rating: z.number().int().nullable(),
  recommend: z.boolean().nullable(),
  review: z.string().nullable(),
  /** The writer says the review gives something away: readers open it themselves. False without a review. */
  containsSpoilers: z.boolean(),
  streamingService: z.string().nullable(),
  isPrivate: z.boolean(),
}

/**
 * Whether a review is kept behind "Show review": what its writer said, or, for an entry recorded
 * before they could say (events before the flag, read-model documents projected from them), yes when
 * there is a review, as every review was shown then.
 */
export const containsSpoilersOf = (entry: { review?: unknown; containsSpoilers?: unknown }): boolean =>
  typeof entry.containsSpoilers === 'boolean'
    ? entry.containsSpoilers
    : typeof entry.review === 'string' && entry.review !== ''

const withSpoilerFlag = (data: Record<string, unknown>) => ({ ...data, containsSpoilers: containsSpoilersOf(data) })
/** An entry recorded before its day was kept: readers show its instant's day where they are. */
const withDay = (data: Record<string, unknown>) => ({ ...data, watchedOn: data.watchedOn ?? null })

/** A diary entry as recorded: what a watch logs, and what putting a removed one back gives again. */
const recordedEntry = z.object({
  entryId: z.string(),
  userId: z.string(),
  tmdbId,
  mediaType,
  ...entryFields,
  media: mediaSnapshot,
  /**
   * The title's catalog genres (TMDB genre ids) when it was watched: what a profile's favourite
   * genres are counted from. Since version 2 of `TitleWatched`; a watch recorded before that knew
   * none, so it reads back with an empty list.
   */
  genreIds: z.array(z.number().int()),
})

/** Version 3 added `containsSpoilers` (upcast by `containsSpoilersOf`), version 4 `watchedOn`. */
export const TitleWatched = defineEvent('TitleWatched', recordedEntry, {
  version: 4,
  personal: personalReview,
  upcast: (data, fromVersion) => withDay(withSpoilerFlag(fromVersion < 2 ? { ...data, genreIds: [] } : data)),
})
/** Version 2 added `containsSpoilers`, version 3 `watchedOn`. */
export const WatchedEntryEdited = defineEvent(
  'WatchedEntryEdited',
  z.object({ entryId: z.string(), userId: z.string(), tmdbId, mediaType, ...entryFields }),
  { version: 3, personal: personalReview, upcast: (data) => withDay(withSpoilerFlag(data)) },
)
export const WatchedEntryRemoved = defineEvent(
  'WatchedEntryRemoved',
  z.object({ entryId: z.string(), userId: z.string(), tmdbId, mediaType }),
  { version: 1 },
)

/**
 * The undo of a removal: the entry back as it was when removed, with its id. Not a new watch, so what
 * counts watches or tells a recommender "they watched it" (which a `TitleWatched` would) leaves it be,
 * and the feed gives its activity back in its old place, with its comments and reactions.
 */
export const WatchedEntryRestored = defineEvent('WatchedEntryRestored', recordedEntry, {
  version: 3,
  personal: personalReview,
  upcast: (data) => withDay(withSpoilerFlag(data)),
})

export type WatchedEvent =
  | EventOf<typeof TitleWatched>
  | EventOf<typeof WatchedEntryEdited>
  | EventOf<typeof WatchedEntryRemoved>
  | EventOf<typeof WatchedEntryRestored>

// ---- API ----

export const markWatchedRequest = z.object({
  tmdbId,
  mediaType,
  /** When it was watched; without it, now (or, with an earlier `watchedOn`, that day). */
  watchedAt: watchedAt.optional(),
  /** The day on the writer's calendar, which their `watchedAt` must fall on somewhere (UTC−12 to UTC+14). */
  watchedOn: watchedOn.optional(),
  rating: rating.nullable().optional(),
  recommend: z.boolean().nullable().optional(),
  review: review.nullable().optional(),
  /** Keeps the review behind "Show review" for readers; ignored without a review. */
  containsSpoilers: z.boolean().default(false),
  streamingService: streamingService.nullable().optional(),
  isPrivate: z.boolean().default(false),
  /** Take the title off the watchlist in the same action. */
  removeFromWatchlist: z.boolean().default(false),
})
export const editWatchedRequest = z
  .object({
    watchedAt: watchedAt,
    /** A new `watchedAt` without it leaves the entry's day unknown (shown as the instant's day where it is read). */
    watchedOn: watchedOn.nullable(),
    rating: rating.nullable(),
    recommend: z.boolean().nullable(),
    review: review.nullable(),
    containsSpoilers: z.boolean(),
    streamingService: streamingService.nullable(),
    isPrivate: z.boolean(),
    /**
     * The review the edit began from (null: there was none), sent with a new `review`: when another
     * device has changed the review since, the edit is refused (409) rather than writing over words
     * the writer has not seen. Without it the new review is taken as it comes.
     */
    previousReview: z
      .string({ message: 'previousReview must be text, or null for no review' })
      .trim()
      .max(reviewMax, `previousReview can be at most ${reviewMax} characters`)
      .nullable(),
  })
  .partial()
  .refine(({ previousReview: _basis, ...changes }) => Object.keys(changes).length > 0, 'Nothing to change')
/** The answer to a review edit begun from a review that has changed since. */
export const reviewChangedElsewhereMessage = 'This review was changed on another device since you opened it.'
export const watchedEntryParams = z.object({ entryId: z.uuid('entryId must be a uuid') })

export const watchedSort = z.enum(['watchedAt', 'title', 'releaseDate', 'rating'])
/**
 * The day "Date watched" orders a diary by, before the instant: the writer's `watchedOn`, the day every
 * screen shows. The instant alone put a watch logged late on 29 November in Los Angeles (the 30th in
 * UTC) after one logged in Auckland for the 30th (the 29th in UTC). An entry whose day is unknown goes
 * by its instant's UTC day (the server knows no reader's zone), as the decider reads it.
 */
export const diaryDay = (entry: { watchedOn: string | null; watchedAt: string }): string =>
  entry.watchedOn ?? entry.watchedAt.slice(0, 10)
export const watchedQuery = z
  .object({
    page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
    pageSize: z.coerce.number().int().min(1).max(500, 'pageSize can be at most 500').default(100),
    sort: watchedSort.default('watchedAt'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    mediaType: mediaType.optional(),
    minRating: z.coerce.number().int().min(1).max(10).optional(),
    /** Only the entries without a rating: the watches still to rate. */
    unrated: z
      .enum(['true', 'false'], { message: 'unrated must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    streamingService: z.string().max(streamingServiceMax).optional(),
  })
  .refine(
    (query) => !(query.unrated && query.minRating),
    'minRating and unrated=true ask for opposite entries: choose one',
  )

export const watchedItem = z.object({
  id: z.string(),
  userId: z.string(),
  tmdbId: z.number(),
  mediaType,
  ...entryFields,
  title: z.string(),
  posterPath: z.string().nullable(),
  releaseDate: z.string().nullable(),
  voteAverage: z.number().nullable(),
  /**
   * My diary has an earlier watch of this title (by the instant, ties by id), as Letterboxd marks a
   * rewatch. Worked out when read, so logging a forgotten earlier watch makes this one a rewatch.
   */
  rewatch: z.boolean(),
})
export type WatchedItem = z.infer<typeof watchedItem>

export const watchedPage = z.object({
  items: z.array(watchedItem),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})

/** What the media page shows about one title for the signed-in user. */
export const titleStatus = z.object({
  inWatchlist: z.boolean(),
  watchlistNote: z.string().nullable(),
  timesWatched: z.number().int(),
  lastWatchedAt: z.string().nullable(),
  /** The latest rating given (`latestRating`): an unrated rewatch keeps it, as the title cards do. */
  lastRating: z.number().int().nullable(),
  /** Every watch of the title (a rewatch is another), latest first, with its rating and review. */
  watches: z.array(watchedItem),
})

/** The rating of the latest rated watch, of watches listed latest first; null when none was rated. */
export const latestRating = (watches: readonly { rating: number | null }[]): number | null =>
  watches.find((watch) => watch.rating !== null)?.rating ?? null

/**
 * One title the signed-in user has watched, as every title card marks it: how often, when last,
 * and the latest rating they gave it (an unrated rewatch keeps the rating given before).
 */
export const watchedTitle = z.object({
  tmdbId: z.number(),
  mediaType,
  timesWatched: z.number().int(),
  lastWatchedAt: z.string(),
  rating: z.number().int().nullable(),
})
export type WatchedTitle = z.infer<typeof watchedTitle>
export const watchedTitles = z.object({ items: z.array(watchedTitle) })
