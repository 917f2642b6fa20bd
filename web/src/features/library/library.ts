import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { MediaRef, MediaSnapshot, MediaType } from '@reelmates/contracts/media'
import type { WatchedItem } from '@reelmates/contracts/watched'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { libraryCalls, type ChangeAnswer, type LibraryRequests } from './libraryCalls'
import {
  applyToStatus,
  applyToWatched,
  applyToWatchlist,
  foldWatchlist,
  type LibraryChange,
  type TitleStatus,
  type NewWatchedFields,
  type WatchedFields,
} from './libraryChanges'
import { libraryKeys } from './libraryQueries'
import { createPendingChanges, type PendingChanges } from './pendingChanges'
import { createSerialQueue } from './serialQueue'

/** A title as the library records it: which one, and what it looks like on a card. */
export interface LibraryTitle extends MediaRef, MediaSnapshot {}

export interface LibraryOptions {
  /** Tells the user a change was refused; the change has already disappeared from the screen. */
  onRefused?: (refusal: Refusal, error: unknown) => void
  now?: () => Date
  newId?: () => string
}

/**
 * The user's watchlist and log changes. Each shows at once (a pending change folded onto the
 * server's lists), is sent in the order it was made, is folded into the cached lists when the
 * server confirms it, and disappears when refused. Once nothing is on its way, the lists are
 * fetched again; the request client sends the last change's position, so they include every one.
 */
export function createLibrary(queryClient: QueryClient, client: LibraryRequests, options: LibraryOptions = {}) {
  const pending: PendingChanges = createPendingChanges()
  const queue = createSerialQueue()
  const now = options.now ?? (() => new Date())
  const newId = options.newId ?? (() => crypto.randomUUID())

  function confirm(change: LibraryChange) {
    // A fetch that started before this answer may not hold it: drop it, the refetch below will.
    void queryClient.cancelQueries({ queryKey: libraryKeys.all })
    queryClient.setQueryData<WatchlistItem[]>(
      libraryKeys.watchlist(),
      (items) => items && applyToWatchlist(items, change),
    )
    queryClient.setQueriesData<InfiniteData<{ items: WatchedItem[] }>>(
      { queryKey: libraryKeys.watchedLists() },
      (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, items: applyToWatched(page.items, change) })) }
          : data,
    )
    for (const [key, status] of queryClient.getQueriesData<TitleStatus>({ queryKey: libraryKeys.statuses() })) {
      const [, , mediaType, tmdbId] = key as [string, string, MediaType, number]
      if (status) queryClient.setQueryData(key, applyToStatus(status, { mediaType, tmdbId }, change))
    }
  }

  async function perform(change: LibraryChange, send: () => Promise<ChangeAnswer>, failure: string): Promise<boolean> {
    pending.add(change)
    let done = false
    try {
      await queue.run(send)
      confirm(change)
      done = true
    } catch (error) {
      options.onRefused?.(refusal(error, failure), error)
    } finally {
      pending.settle(change)
      if (queue.size === 0) void queryClient.invalidateQueries({ queryKey: libraryKeys.all })
    }
    return done
  }

  const watchlistItemOf = (title: LibraryTitle, note: string | null): WatchlistItem => ({
    id: `pending:${title.mediaType}:${title.tmdbId}`,
    userId: '',
    tmdbId: title.tmdbId,
    mediaType: title.mediaType,
    addedAt: now().toISOString(),
    order: Number.MAX_SAFE_INTEGER,
    note,
    title: title.title,
    posterPath: title.posterPath,
    releaseDate: title.releaseDate,
    voteAverage: title.voteAverage,
    // The server looks the streaming services up when it records the add; the refetch brings them.
    streamingOn: [],
  })
  const refOf = (ref: MediaRef): MediaRef => ({ tmdbId: ref.tmdbId, mediaType: ref.mediaType })

  function logWatch(
    title: LibraryTitle,
    { watchedAt, ...fields }: NewWatchedFields,
    removeFromWatchlist: boolean,
    failure: string,
  ) {
    return perform(
      {
        kind: 'markWatched',
        removeFromWatchlist,
        entry: {
          id: `pending:${newId()}`,
          userId: '',
          tmdbId: title.tmdbId,
          mediaType: title.mediaType,
          watchedAt: watchedAt ?? new Date().toISOString(),
          ...fields,
          ...snapshotOf(title),
        },
      },
      () =>
        libraryCalls.markWatched(client, {
          ...refOf(title),
          ...fields,
          ...(watchedAt === undefined ? {} : { watchedAt }),
          removeFromWatchlist,
        }),
      failure,
    )
  }

  return {
    pending,
    addToWatchlist: (title: LibraryTitle, note?: string) =>
      perform(
        { kind: 'addToWatchlist', item: watchlistItemOf(title, note?.trim() || null) },
        () => libraryCalls.addToWatchlist(client, refOf(title), note),
        `Couldn't add ${title.title} to your watchlist`,
      ),
    removeFromWatchlist: (title: MediaRef & { title?: string }) =>
      perform(
        { kind: 'removeFromWatchlist', ref: refOf(title) },
        () => libraryCalls.removeFromWatchlist(client, refOf(title)),
        `Couldn't remove ${title.title ?? 'the title'} from your watchlist`,
      ),
    /** Undo of a removal: back on the list, at its old place (or the end, if the list got shorter). */
    restoreToWatchlist: async (item: WatchlistItem): Promise<boolean> => {
      const current = foldWatchlist(
        queryClient.getQueryData<WatchlistItem[]>(libraryKeys.watchlist()) ?? [],
        pending.current(),
      )
      const toIndex = Math.min(item.order, current.length)
      const added = perform(
        { kind: 'addToWatchlist', item: { ...item, order: Number.MAX_SAFE_INTEGER } },
        () => libraryCalls.addToWatchlist(client, refOf(item), item.note ?? undefined),
        `Couldn't put ${item.title} back on your watchlist`,
      )
      // Queued right behind the add, so the place is taken before anything else the user does.
      const moved =
        toIndex < current.length
          ? perform(
              { kind: 'moveOnWatchlist', ref: refOf(item), toIndex },
              () => libraryCalls.moveOnWatchlist(client, refOf(item), toIndex),
              `Couldn't put ${item.title} back in its place`,
            )
          : Promise.resolve(true)
      return (await added) && (await moved)
    },
    moveOnWatchlist: (ref: MediaRef, toIndex: number) =>
      perform(
        { kind: 'moveOnWatchlist', ref: refOf(ref), toIndex },
        () => libraryCalls.moveOnWatchlist(client, refOf(ref), toIndex),
        "Couldn't move that title",
      ),
    editWatchlistNote: (ref: MediaRef, note: string | null) =>
      perform(
        { kind: 'editWatchlistNote', ref: refOf(ref), note: note?.trim() || null },
        () => libraryCalls.editWatchlistNote(client, refOf(ref), note?.trim() || null),
        "Couldn't save the note",
      ),
    markWatched: (title: LibraryTitle, fields: NewWatchedFields, removeFromWatchlist: boolean) =>
      logWatch(title, fields, removeFromWatchlist, `Couldn't log ${title.title} as watched`),
    /**
     * Undo of a removed diary entry: the same watch logged again with everything it said. The log
     * has no "restore" command, so the entry comes back under a new id (nothing links to entry ids).
     */
    restoreWatched: (entry: WatchedItem) =>
      logWatch(
        entry,
        {
          watchedAt: entry.watchedAt,
          rating: entry.rating,
          recommend: entry.recommend,
          review: entry.review,
          streamingService: entry.streamingService,
          isPrivate: entry.isPrivate,
        },
        false,
        `Couldn't put your entry for ${entry.title} back`,
      ),
    editWatched: (entryId: string, changes: Partial<WatchedFields>) =>
      perform(
        { kind: 'editWatched', entryId, changes },
        () => libraryCalls.editWatched(client, entryId, changes),
        "Couldn't save your changes",
      ),
    removeWatched: (entryId: string) =>
      perform(
        { kind: 'removeWatched', entryId },
        () => libraryCalls.removeWatched(client, entryId),
        "Couldn't remove that entry",
      ),
  }
}

export type Library = ReturnType<typeof createLibrary>

const snapshotOf = (title: LibraryTitle): MediaSnapshot => ({
  title: title.title,
  posterPath: title.posterPath,
  releaseDate: title.releaseDate,
  voteAverage: title.voteAverage,
})

export interface Refusal {
  title: string
  description?: string
}

/** What we tried, and the server's own words when it gave a reason (409 "already on your watchlist"). */
function refusal(error: unknown, title: string): Refusal {
  const message = error instanceof Error ? error.message : ''
  return message ? { title, description: message } : { title }
}
