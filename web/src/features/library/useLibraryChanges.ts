import type { MediaRef } from '@reelmates/contracts/media'
import type { WatchedItem } from '@reelmates/contracts/watched'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useChange } from '../../lib/mutations'
import {
  foldWatchlist,
  libraryChange,
  placeAfterStep,
  type LibraryTitle,
  type NewWatchedFields,
  type WatchedFields,
  type WatchlistStep,
} from './libraryChanges'
import { libraryMutations, pendingLibraryChanges } from './libraryMutations'
import { libraryKeys } from './libraryQueries'
import { libraryRequests } from './libraryRequests'

/**
 * The library's actions, one `useMutation` each. Every one shows at once (the screens fold it
 * while it is pending), is sent in the order it was made, and resolves true once the server took
 * it, false when it was refused (it has left the screen and a toast said why).
 */
const mutations = libraryMutations(libraryRequests)

export function useAddToWatchlist() {
  const add = useChange(mutations.addToWatchlist)
  return (title: LibraryTitle, note?: string) => add(libraryChange.addToWatchlist(title, note))
}

export function useRemoveFromWatchlist() {
  const remove = useChange(mutations.removeFromWatchlist)
  return useCallback(
    (title: LibraryTitle, idempotencyKey?: string) => remove(libraryChange.removeFromWatchlist(title, idempotencyKey)),
    [remove],
  )
}

/** Undo of a removal: back on the list, at its old place (or the end, if the list got shorter); the server puts it there. */
export function usePutBackOnWatchlist() {
  const add = useChange(mutations.putBackOnWatchlist)
  return useCallback((item: WatchlistItem): Promise<boolean> => add(libraryChange.putBackOnWatchlist(item)), [add])
}

/** To `toIndex` on `shown`, the list as the screen showed it: the server is told the neighbour it lands by. */
export function useMoveOnWatchlist() {
  const move = useChange(mutations.moveOnWatchlist)
  return useCallback(
    (title: LibraryTitle, toIndex: number, shown: readonly WatchlistItem[]) =>
      move(libraryChange.moveOnWatchlist(title, toIndex, shown)),
    [move],
  )
}

/**
 * A step from where the title is when it is taken, on the list with every change still on its way:
 * two taps on "up" before the screen has drawn the first are two places up, not one place twice.
 */
export function useStepOnWatchlist() {
  const queryClient = useQueryClient()
  const move = useMoveOnWatchlist()
  // Stable, so that the list's slots and cards need not draw again for a new function.
  return useCallback(
    (title: LibraryTitle, step: WatchlistStep): Promise<boolean> => {
      const items = watchlistNow(queryClient)
      const to = placeAfterStep(items, title, step)
      return to === undefined ? Promise.resolve(false) : move(title, to, items)
    },
    [queryClient, move],
  )
}

/** The watchlist with every change still on its way, as it is when this is called (not as last drawn). */
export const watchlistNow = (queryClient: QueryClient): WatchlistItem[] =>
  foldWatchlist(
    queryClient.getQueryData<WatchlistItem[]>(libraryKeys.watchlist()) ?? [],
    pendingLibraryChanges(queryClient),
  )

export function useEditWatchlistNote() {
  const edit = useChange(mutations.editWatchlistNote)
  return (ref: MediaRef, note: string | null, previousNote?: string | null) =>
    edit(libraryChange.editWatchlistNote(ref, note, previousNote))
}

export function useMarkWatched() {
  const mark = useChange(mutations.markWatched)
  return (title: LibraryTitle, fields: NewWatchedFields, removeFromWatchlist: boolean) =>
    mark(libraryChange.markWatched(title, fields, removeFromWatchlist))
}

/** Undo of a removed diary entry: the same entry back, as it was. */
export function usePutBackWatched() {
  const mark = useChange(mutations.putBackWatched)
  return (entry: WatchedItem) => mark(libraryChange.putBackWatched(entry))
}

export function useEditWatched() {
  const edit = useChange(mutations.editWatched)
  return (entryId: string, changes: Partial<WatchedFields>, previousReview?: string | null) =>
    edit(libraryChange.editWatched(entryId, changes, previousReview))
}

export function useRemoveWatched() {
  const remove = useChange(mutations.removeWatched)
  return (entryId: string, idempotencyKey?: string) => remove(libraryChange.removeWatched(entryId, idempotencyKey))
}
