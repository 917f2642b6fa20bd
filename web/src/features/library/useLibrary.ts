import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { MediaRef } from '@reelmates/contracts/media'
import { usePendingChanges } from '../../lib/mutations'
import type { WatchedFilters } from './libraryCalls'
import { emptyStatus, foldStatus, foldWatched, foldWatchlist, type LibraryChange } from './libraryChanges'
import { libraryMutationKey } from './libraryMutations'
import { titleStatusQuery, watchedQuery, watchlistQuery } from './libraryQueries'
import { libraryRequests } from './libraryRequests'

/** The user's library changes still on their way, in the order they were made: the screens' overlay. */
export const usePendingLibraryChanges = () => usePendingChanges<LibraryChange>(libraryMutationKey)

/** The whole watchlist in the user's order, with their changes that are still on their way. */
export function useWatchlist() {
  const query = useQuery(watchlistQuery(libraryRequests))
  const pending = usePendingLibraryChanges()
  const items = useMemo(() => (query.data ? foldWatchlist(query.data, pending) : undefined), [query.data, pending])
  return { ...query, items }
}

export function useWatchedLog(filters: WatchedFilters) {
  const query = useInfiniteQuery(watchedQuery(libraryRequests, filters))
  const pending = usePendingLibraryChanges()
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
  const pending = usePendingLibraryChanges()
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
