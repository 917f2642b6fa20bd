import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import { mediaKeyOf, mediaRef, mediaSnapshot, mediaType, tmdbId, type MediaRef } from './media'

export const watchlistNoteMax = 500
const note = (message: string) =>
  z.string({ message }).trim().max(watchlistNoteMax, `A note can be at most ${watchlistNoteMax} characters`)

// A note is the user's own words: kept encrypted with their key, erased with their account.
const personalNote = { subjectField: 'userId', fields: ['note'] } as const

/** The recommendation a watchlist title came from: which one, and who sent it. */
export const watchlistRecommendation = z.object({ recommendationId: z.string(), fromUserId: z.string() })
export type WatchlistRecommendation = z.infer<typeof watchlistRecommendation>

/** A title as the watchlist records it: what an add records, and what putting it back gives again. */
const addedTitle = z.object({
  userId: z.string(),
  tmdbId,
  mediaType,
  note: z.string().nullable(),
  addedAt: z.string(),
  media: mediaSnapshot,
  /**
   * Which of the product's streaming services (TMDB provider ids) had the title in their catalog
   * (flat rate, in the US, the spec's default region) when it was added. Since version 2; an add
   * recorded before that knew none, so it reads back with an empty list.
   */
  streamingOn: z.array(z.number().int()),
  /**
   * True on an add recorded before version 2: its empty `streamingOn` means "not recorded", not
   * "streamed nowhere", so a digest never calls what streams it today new.
   */
  streamingUnknown: z.boolean().optional(),
  /**
   * The recommendation it came from, when the user accepted one (the watchlist then says who
   * recommended it). Optional rather than a new version: an add without it came from none, and
   * every writer of a plain add stays as it is.
   */
  recommendation: watchlistRecommendation.nullish(),
})

export const TitleAddedToWatchlist = defineEvent('TitleAddedToWatchlist', addedTitle, {
  version: 2,
  personal: personalNote,
  upcast: (data, fromVersion) => (fromVersion < 2 ? { ...data, streamingOn: [], streamingUnknown: true } : data),
})
export const TitleRemovedFromWatchlist = defineEvent(
  'TitleRemovedFromWatchlist',
  z.object({ userId: z.string(), tmdbId, mediaType }),
  { version: 1 },
)
export const WatchlistTitleMoved = defineEvent(
  'WatchlistTitleMoved',
  z.object({ userId: z.string(), tmdbId, mediaType, toIndex: z.number().int().min(0) }),
  { version: 1 },
)
export const WatchlistNoteEdited = defineEvent(
  'WatchlistNoteEdited',
  z.object({ userId: z.string(), tmdbId, mediaType, note: z.string().nullable() }),
  { version: 1, personal: personalNote },
)

/**
 * The undo of a removal: the title back as it was taken off (its date added, note, recommendation,
 * and where it streamed then). Not a new add, so the feed gives its activity back in its old place
 * and what counts adds leaves it be.
 */
export const TitlePutBackOnWatchlist = defineEvent('TitlePutBackOnWatchlist', addedTitle, {
  version: 1,
  personal: personalNote,
})

export type WatchlistEvent =
  | EventOf<typeof TitleAddedToWatchlist>
  | EventOf<typeof TitlePutBackOnWatchlist>
  | EventOf<typeof TitleRemovedFromWatchlist>
  | EventOf<typeof WatchlistTitleMoved>
  | EventOf<typeof WatchlistNoteEdited>

// ---- API ----

export const addToWatchlistRequest = z.object({ tmdbId, mediaType, note: note('note must be text').optional() })
/**
 * The answer (409) to an add, or a put-back, of a title already on the list. A device that made the
 * add offline, while another added the title, takes it as done: the list is as the member wanted.
 */
export const alreadyOnWatchlistMessage = 'This title is already on your watchlist.'
/** The answer (404) to a removal, a move or a note of a title not on the list; a removal takes it as done. */
export const notOnWatchlistMessage = 'This title is not on your watchlist.'
export const editWatchlistItemRequest = z.object({
  note: note('note must be text, or null to clear it').nullable(),
  /**
   * The note as the screen showed it when the edit began (null: none). When given and the note has
   * changed since, on another device or tab, the edit is refused (409) instead of replacing words
   * the user has not seen. Without it the edit is taken as it comes.
   */
  previousNote: note('previousNote must be text, or null for no note').nullable().optional(),
})
/** The answer to an edit based on a note that has changed since. */
export const noteChangedElsewhereMessage = 'This note was changed on another device since you opened it.'
/**
 * Where a move puts the title, as the screen showed it: right after a title (null: first), or right
 * before one (null: last). Said by its neighbour rather than by a place number, so a move made on a
 * list that has changed since on another device (or while this one was offline) still lands where
 * the person put it.
 */
export type WatchlistPlace = { after: MediaRef | null } | { before: MediaRef | null }

const placeNumber = z
  .number({ message: 'toIndex must be a number' })
  .int('toIndex must be a whole number')
  .min(0, 'toIndex must be 0 or more')
export const moveWatchlistItemRequest = z
  .object({
    /** The place in the list, 0 the top, as the server's list is now (the API's older way). */
    toIndex: placeNumber.optional(),
    /** Right after this title, as the screen showed it; null: first. */
    after: mediaRef.nullable().optional(),
    /** Right before this title, as the screen showed it; null: last. */
    before: mediaRef.nullable().optional(),
  })
  .refine(
    (body) => [body.toIndex, body.after, body.before].filter((given) => given !== undefined).length === 1,
    'Say where to move the title: toIndex, after or before (one of them)',
  )
/**
 * The place the title keyed `key` takes next to its neighbour on a list (`order`, its titles' keys),
 * as it is now: what a move said by its neighbour means, for the decider and for a screen folding a
 * move still on its way alike. Undefined when the neighbour is not on the list.
 */
export function placeNextTo(order: readonly string[], key: string, place: WatchlistPlace): number | undefined {
  const others = order.filter((other) => other !== key)
  const neighbour = 'after' in place ? place.after : place.before
  if (neighbour === null) return 'after' in place ? 0 : others.length
  const at = others.indexOf(mediaKeyOf(neighbour))
  if (at === -1) return undefined
  return 'after' in place ? at + 1 : at
}
/** The answer to a move made against a neighbour that has left the list since. */
export const watchlistChangedElsewhereMessage = 'Your watchlist changed on another device; here it is now.'
/** `/:mediaType/:tmdbId` in a path: one title. */
export const watchlistItemParams = z.object({
  mediaType,
  tmdbId: z.coerce.number({ message: 'tmdbId must be a number' }).pipe(tmdbId),
})

export const watchlistSort = z.enum(['order', 'addedAt', 'title', 'releaseDate', 'rating'])
export const watchlistQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(500, 'pageSize can be at most 500').default(100),
  sort: watchlistSort.default('order'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  mediaType: mediaType.optional(),
  /** Only titles one of the streaming services (a TMDB provider id) had when they were added. */
  provider: z.coerce.number({ message: 'provider must be a provider id' }).int().positive().optional(),
})

export const watchlistItem = z.object({
  id: z.string(),
  userId: z.string(),
  tmdbId: z.number(),
  mediaType,
  addedAt: z.string(),
  order: z.number(),
  note: z.string().nullable(),
  title: z.string(),
  posterPath: z.string().nullable(),
  releaseDate: z.string().nullable(),
  voteAverage: z.number().nullable(),
  streamingOn: z.array(z.number()),
  /** Who recommended it, when it was added by accepting a recommendation (their current username). */
  recommendedBy: z.object({ recommendationId: z.string(), username: z.string() }).nullish(),
})
export type WatchlistItem = z.infer<typeof watchlistItem>

export const watchlistPage = z.object({
  items: z.array(watchlistItem),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
})
