import { mediaKeyOf, type MediaRef, type MediaSnapshot } from '@reelmates/contracts/media'
import { latestRating, type titleStatus, type WatchedItem } from '@reelmates/contracts/watched'
import { placeNextTo, type WatchlistItem, type WatchlistPlace } from '@reelmates/contracts/watchlist'
import type { z } from 'zod'
import { newIdempotencyKey } from '../../lib/idempotencyKey'

/** A title as the library records it: which one, and what it looks like on a card. */
export interface LibraryTitle extends MediaRef, MediaSnapshot {}

export type TitleStatus = z.infer<typeof titleStatus>
export type WatchedFields = Pick<
  WatchedItem,
  'watchedAt' | 'watchedOn' | 'rating' | 'recommend' | 'review' | 'containsSpoilers' | 'streamingService' | 'isPrivate'
>
/** A new entry's fields: without `watchedAt` it was watched now, by the server's clock. */
export type NewWatchedFields = Omit<WatchedFields, 'watchedAt'> & { watchedAt?: string | undefined }

/**
 * A change the user made to their library: the variables of its mutation (libraryMutations.ts).
 * While it is on its way, screens show the server's lists with it folded on top, so an action
 * shows at once and a refused one simply disappears. A title carries its name for the toasts.
 */
export type LibraryChange = ChangeOfKind & {
  /**
   * The user action this change is, made with it (`libraryChange`) and kept with it: every try of
   * the change sends it, so a change whose answer was lost and is sent again is done once.
   */
  idempotencyKey?: string
}

type ChangeOfKind =
  | {
      kind: 'addToWatchlist'
      item: WatchlistItem
      /** The place it goes: an undone removal's old one, as the server puts it back. The end without it. */
      at?: number
    }
  | { kind: 'removeFromWatchlist'; ref: MediaRef; title: string }
  | {
      kind: 'moveOnWatchlist'
      ref: MediaRef
      /** The place on the list the screen showed (and all a change queued by an older version says). */
      toIndex: number
      /**
       * Where that is, by the neighbour the screen showed there: the server puts it next to that
       * title, so a move made on a list changed since on another device means what the person saw.
       */
      place?: WatchlistPlace
      title: string
    }
  | {
      kind: 'editWatchlistNote'
      ref: MediaRef
      note: string | null
      /** The note the dialog showed: the server refuses the edit if another device changed it since. */
      previousNote?: string | null
    }
  | {
      kind: 'markWatched'
      entry: WatchedItem
      removeFromWatchlist: boolean
      /** No day was picked: the server's clock says when, and `entry.watchedAt` is this browser's guess for the screen. */
      serverClock: boolean
    }
  | {
      kind: 'editWatched'
      entryId: string
      changes: Partial<WatchedFields>
      /** The review the dialog showed, sent with a new review: the server refuses it if another device changed the review since. */
      previousReview?: string | null
    }
  | { kind: 'removeWatched'; entryId: string }

export type LibraryChangeOf<Kind extends LibraryChange['kind']> = Extract<LibraryChange, { kind: Kind }>

const sameTitle = (a: MediaRef, b: MediaRef) => a.tmdbId === b.tmdbId && a.mediaType === b.mediaType

/** Places are contiguous from 0, as the server keeps them. */
const renumbered = (items: WatchlistItem[]) =>
  items.map((item, order) => (item.order === order ? item : { ...item, order }))

/**
 * The watchlist after one change. Every change is idempotent on its own (adding a title that is
 * there, or moving one to where it is, changes nothing), so a change whose answer is still on its
 * way may safely be folded onto a list that already holds it.
 */
export function applyToWatchlist(items: WatchlistItem[], change: LibraryChange): WatchlistItem[] {
  switch (change.kind) {
    case 'addToWatchlist': {
      if (items.some((item) => sameTitle(item, change.item))) return items
      const at = Math.min(change.at ?? items.length, items.length)
      return renumbered([...items.slice(0, at), change.item, ...items.slice(at)])
    }
    case 'removeFromWatchlist':
      return items.some((item) => sameTitle(item, change.ref))
        ? renumbered(items.filter((item) => !sameTitle(item, change.ref)))
        : items
    case 'markWatched':
      return change.removeFromWatchlist
        ? applyToWatchlist(items, { kind: 'removeFromWatchlist', ref: change.entry, title: change.entry.title })
        : items
    case 'moveOnWatchlist': {
      const from = items.findIndex((item) => sameTitle(item, change.ref))
      if (from === -1) return items
      const wanted = change.place
        ? placeNextTo(items.map(mediaKeyOf), mediaKeyOf(change.ref), change.place)
        : change.toIndex
      // A neighbour gone from the list: the server refuses the move, and the list stays as it is.
      if (wanted === undefined) return items
      const to = Math.min(Math.max(wanted, 0), items.length - 1)
      if (from === to) return items
      const moved = items.filter((_, index) => index !== from)
      moved.splice(to, 0, items[from] as WatchlistItem)
      return renumbered(moved)
    }
    case 'editWatchlistNote':
      if (!items.some((item) => sameTitle(item, change.ref))) return items
      return items.map((item) => (sameTitle(item, change.ref) ? { ...item, note: change.note } : item))
    default:
      return items
  }
}

/**
 * The entries of the watched log after one change. A new entry needs the log's sort and filters to
 * find its place: `applyToWatchedLog` (watchedLog.ts) places it.
 */
export function applyToWatched(items: WatchedItem[], change: LibraryChange): WatchedItem[] {
  switch (change.kind) {
    case 'editWatched':
      return items.map((item) => (item.id === change.entryId ? { ...item, ...change.changes } : item))
    case 'removeWatched':
      return items.filter((item) => item.id !== change.entryId)
    default:
      return items
  }
}

/** What the media page shows for one title after a change. */
export function applyToStatus(status: TitleStatus, ref: MediaRef, change: LibraryChange): TitleStatus {
  switch (change.kind) {
    case 'addToWatchlist':
      return sameTitle(change.item, ref) ? { ...status, inWatchlist: true, watchlistNote: change.item.note } : status
    case 'removeFromWatchlist':
      return sameTitle(change.ref, ref) ? { ...status, inWatchlist: false, watchlistNote: null } : status
    case 'editWatchlistNote':
      return sameTitle(change.ref, ref) ? { ...status, watchlistNote: change.note } : status
    case 'markWatched': {
      if (!sameTitle(change.entry, ref)) return status
      const latest = status.lastWatchedAt === null || change.entry.watchedAt >= status.lastWatchedAt
      const watches = latestFirst([...status.watches, change.entry])
      return {
        ...status,
        ...(change.removeFromWatchlist ? { inWatchlist: false, watchlistNote: null } : {}),
        timesWatched: status.timesWatched + 1,
        ...(latest ? { lastWatchedAt: change.entry.watchedAt } : {}),
        lastRating: latestRating(watches),
        watches,
      }
    }
    case 'editWatched':
    case 'removeWatched': {
      // Only the watches of this title are here; an entry of another title leaves the status alone.
      if (!status.watches.some((watch) => watch.id === change.entryId)) return status
      const watches = latestFirst(applyToWatched(status.watches, change))
      return {
        ...status,
        timesWatched: status.timesWatched - (status.watches.length - watches.length),
        lastWatchedAt: watches[0]?.watchedAt ?? null,
        lastRating: latestRating(watches),
        watches,
      }
    }
    default:
      return status
  }
}

const latestFirst = (watches: WatchedItem[]) => [...watches].sort((a, b) => b.watchedAt.localeCompare(a.watchedAt))

export const foldWatchlist = (items: WatchlistItem[], changes: readonly LibraryChange[]) =>
  changes.reduce(applyToWatchlist, items)
/** One step of a title on the watchlist: a place up or down, or to either end. */
export type WatchlistStep = 'up' | 'down' | 'top' | 'bottom'

/**
 * Where a move to `toIndex` on the list as shown puts the title, by the neighbour the person saw it
 * land next to: first or last at either end; after the title it passed going later, before the one
 * it passed going earlier. Undefined when it goes nowhere.
 */
export function placeShown(
  items: readonly WatchlistItem[],
  ref: MediaRef,
  toIndex: number,
): WatchlistPlace | undefined {
  const from = items.findIndex((item) => sameTitle(item, ref))
  const neighbour = items[toIndex]
  if (from === -1 || from === toIndex || !neighbour) return undefined
  if (toIndex === 0) return { after: null }
  if (toIndex === items.length - 1) return { before: null }
  return toIndex > from ? { after: refOf(neighbour) } : { before: refOf(neighbour) }
}

/** The place `step` takes the title to from where it is in `items`; undefined when it goes nowhere. */
export function placeAfterStep(items: readonly WatchlistItem[], ref: MediaRef, step: WatchlistStep) {
  const from = items.findIndex((item) => sameTitle(item, ref))
  if (from === -1) return undefined
  const to = { up: from - 1, down: from + 1, top: 0, bottom: items.length - 1 }[step]
  return to < 0 || to >= items.length || to === from ? undefined : to
}
export const foldStatus = (status: TitleStatus, ref: MediaRef, changes: readonly LibraryChange[]) =>
  changes.reduce((current, change) => applyToStatus(current, ref, change), status)

export const emptyStatus: TitleStatus = {
  inWatchlist: false,
  watchlistNote: null,
  timesWatched: 0,
  lastWatchedAt: null,
  lastRating: null,
  watches: [],
}

/** The key the watchlist and the status use for a title: `movie:603`. */
export const titleKey = (ref: MediaRef) => mediaKeyOf(ref)

const refOf = (ref: MediaRef): MediaRef => ({ tmdbId: ref.tmdbId, mediaType: ref.mediaType })
const snapshotOf = (title: LibraryTitle): MediaSnapshot => ({
  title: title.title,
  posterPath: title.posterPath,
  releaseDate: title.releaseDate,
  voteAverage: title.voteAverage,
})

/**
 * How a click becomes a change: with the item or entry the screens show until the server's own
 * arrives, and its own idempotency key.
 */
export const libraryChange = {
  addToWatchlist: (title: LibraryTitle, note?: string | null): LibraryChangeOf<'addToWatchlist'> => ({
    kind: 'addToWatchlist',
    idempotencyKey: newIdempotencyKey(),
    item: {
      id: `pending:${title.mediaType}:${title.tmdbId}`,
      userId: '',
      ...refOf(title),
      addedAt: new Date().toISOString(),
      order: Number.MAX_SAFE_INTEGER,
      note: note?.trim() || null,
      ...snapshotOf(title),
      // The server looks the streaming services up when it records the add; the refetch brings them.
      streamingOn: [],
    },
  }),
  /** Back on the list with its note and everything the server recorded, in its old place. */
  putBackOnWatchlist: (item: WatchlistItem): LibraryChangeOf<'addToWatchlist'> => ({
    kind: 'addToWatchlist',
    idempotencyKey: newIdempotencyKey(),
    item,
    at: item.order,
  }),
  removeFromWatchlist: (
    title: LibraryTitle,
    idempotencyKey: string = newIdempotencyKey(),
  ): LibraryChangeOf<'removeFromWatchlist'> => ({
    kind: 'removeFromWatchlist',
    idempotencyKey,
    ref: refOf(title),
    title: title.title,
  }),
  /** `shown`: the list the screen showed, which says the place by its neighbour; every screen gives it. */
  moveOnWatchlist: (
    title: LibraryTitle,
    toIndex: number,
    shown?: readonly WatchlistItem[],
  ): LibraryChangeOf<'moveOnWatchlist'> => {
    const place = shown && placeShown(shown, title, toIndex)
    return {
      kind: 'moveOnWatchlist',
      idempotencyKey: newIdempotencyKey(),
      ref: refOf(title),
      toIndex,
      ...(place ? { place } : {}),
      title: title.title,
    }
  },
  /** `previousNote`: the note shown when the edit began; without it the edit replaces whatever is there. */
  editWatchlistNote: (
    ref: MediaRef,
    note: string | null,
    previousNote?: string | null,
  ): LibraryChangeOf<'editWatchlistNote'> => ({
    kind: 'editWatchlistNote',
    idempotencyKey: newIdempotencyKey(),
    ref: refOf(ref),
    note: note?.trim() || null,
    ...(previousNote === undefined ? {} : { previousNote }),
  }),
  markWatched: (
    title: LibraryTitle,
    { watchedAt, ...fields }: NewWatchedFields,
    removeFromWatchlist: boolean,
  ): LibraryChangeOf<'markWatched'> => ({
    kind: 'markWatched',
    idempotencyKey: newIdempotencyKey(),
    entry: {
      id: `pending:${crypto.randomUUID()}`,
      userId: '',
      ...refOf(title),
      watchedAt: watchedAt ?? new Date().toISOString(),
      ...fields,
      ...snapshotOf(title),
      // Whether it is a rewatch depends on the whole diary: the server says, once it has the watch.
      rewatch: false,
    },
    removeFromWatchlist,
    serverClock: watchedAt === undefined,
  }),
  /**
   * The undo of a removed diary entry: the server puts the same entry back (its id, and in the feed its
   * comments and reactions); shown at once as a watch of its title.
   */
  putBackWatched: (entry: WatchedItem): LibraryChangeOf<'markWatched'> => ({
    kind: 'markWatched',
    idempotencyKey: newIdempotencyKey(),
    entry,
    removeFromWatchlist: false,
    serverClock: false,
  }),
  /** `previousReview`: the review shown when the edit began; without it a new review replaces whatever is there. */
  editWatched: (
    entryId: string,
    changes: Partial<WatchedFields>,
    previousReview?: string | null,
  ): LibraryChangeOf<'editWatched'> => ({
    kind: 'editWatched',
    idempotencyKey: newIdempotencyKey(),
    entryId,
    changes,
    ...(previousReview === undefined || !('review' in changes) ? {} : { previousReview }),
  }),
  removeWatched: (entryId: string, idempotencyKey: string = newIdempotencyKey()): LibraryChangeOf<'removeWatched'> => ({
    kind: 'removeWatched',
    idempotencyKey,
    entryId,
  }),
}
