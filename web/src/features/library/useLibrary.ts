import { useInfiniteQuery, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMemo, useSyncExternalStore } from 'react'
import type { MediaRef } from '@reelmates/contracts/media'
import { createLibrary, type Library } from './library'
import type { WatchedFilters } from './libraryCalls'
import { emptyStatus, foldStatus, foldWatched, foldWatchlist } from './libraryChanges'
import { titleStatusQuery, watchedQuery, watchlistQuery } from './libraryQueries'
import { libraryRequests, tellRefusal } from './libraryRequests'

// One library per query client: its queue and pending changes live as long as the cache they fold into.
const libraries = new WeakMap<QueryClient, Library>()

export function useLibrary(): Library {
  const queryClient = useQueryClient()
  let library = libraries.get(queryClient)
  if (!library) {
    library = createLibrary(queryClient, libraryRequests, { onRefused: tellRefusal })
    libraries.set(queryClient, library)
  }
  return library
}

export function usePendingChanges() {
  const { pending } = useLibrary()
  return useSyncExternalStore(pending.subscribe, pending.current, pending.current)
}

/** The whole watchlist in the user's order, with their changes that are still on their way. */
export function useWatchlist() {
  const query = useQuery(watchlistQuery(libraryRequests))
  const pending = usePendingChanges()
  const items = useMemo(() => (query.data ? foldWatchlist(query.data, pending) : undefined), [query.data, pending])
  return { ...query, items }
}

export function useWatchedLog(filters: WatchedFilters) {
  const query = useInfiniteQuery(watchedQuery(libraryRequests, filters))
  const pending = usePendingChanges()
  const items = useMemo(
    () =>
      query.data
        ? foldWatched(
            query.data.pages.flatMap((page) => page.items),
            pending,
          )
        : undefined,
    [query.data, pending],
  )
  const total = query.data?.pages[0]?.total
  return { ...query, items, total }
}

/** Is this title on my watchlist, how many times have I watched it; for the media page. */
export function useTitleStatus(ref: MediaRef) {
  const query = useQuery(titleStatusQuery(libraryRequests, ref))
  const pending = usePendingChanges()
  const status = useMemo(
    () => foldStatus(query.data ?? emptyStatus, ref, pending),
    [query.data, ref.mediaType, ref.tmdbId, pending],
  )
  return { ...query, status }
}

/** On my watchlist? Read from the watchlist itself, so a page of title cards makes one request, not one each. */
export function useIsOnWatchlist(ref: MediaRef): boolean | undefined {
  const { items } = useWatchlist()
  return items?.some((item) => item.tmdbId === ref.tmdbId && item.mediaType === ref.mediaType)
}
