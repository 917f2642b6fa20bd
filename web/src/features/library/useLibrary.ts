import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { MediaRef } from '@reelmates/contracts/media'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { usePendingChanges } from '../../lib/mutations'
import { useListToShow } from '../offline/keptEmpty'
import type { WatchedFilters } from './libraryCalls'
import { emptyStatus, foldStatus, foldWatchlist, type LibraryChange } from './libraryChanges'
import { libraryMutationKey } from './libraryMutations'
import { titleStatusQuery, watchedQuery, watchedTitlesQuery, watchlistQuery } from './libraryQueries'
import { foldWatchedLog } from './watchedLog'
import { foldWatchedTitles, watchedTitleKey, watchedTitlesByKey } from './watchedTitles'
import { libraryRequests } from './libraryRequests'

/** The user's library changes still on their way, in the order they were made: the screens' overlay. */
export const usePendingLibraryChanges = () => usePendingChanges<LibraryChange>(libraryMutationKey)

/** The whole watchlist in the user's order, with their changes that are still on their way. */
export function useWatchlist() {
  const query = useQuery(watchlistQuery(libraryRequests))
  const pending = usePendingLibraryChanges()
  const items = useMemo(() => (query.data ? foldWatchlist(query.data, pending) : undefined), [query.data, pending])
  return { ...query, items: useListToShow(items, query) }
}

export function useWatchedLog(filters: WatchedFilters) {
  const query = useInfiniteQuery(watchedQuery(libraryRequests, filters))
  const pending = usePendingLibraryChanges()
  const log = useMemo(() => {
    const pages = query.data?.pages
    if (!pages) return undefined
    const loaded = { items: pages.flatMap((page) => page.items), total: pages[0]?.total ?? 0 }
    return foldWatchedLog(loaded, pending, filters, query.hasNextPage)
  }, [query.data, pending, filters, query.hasNextPage])
  const items = useListToShow(log?.items, query)
  return { ...query, items, total: items && log?.total }
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

/** Every title I watched, with my changes on their way folded in, keyed `movie:603`. */
export function useWatchedTitles(): Map<string, WatchedTitle> | undefined {
  const query = useQuery(watchedTitlesQuery(libraryRequests))
  const pending = usePendingLibraryChanges()
  return useMemo(() => {
    if (!query.data) return undefined
    if (pending.length > 0) return watchedTitlesByKey(foldWatchedTitles(query.data, pending))
    // Every card on a screen asks: with nothing on its way they all share one index of the answer.
    let index = indexOfAnswer.get(query.data)
    if (!index) indexOfAnswer.set(query.data, (index = watchedTitlesByKey(query.data)))
    return index
  }, [query.data, pending])
}

const indexOfAnswer = new WeakMap<WatchedTitle[], Map<string, WatchedTitle>>()

/**
 * Have I watched this title, and what did I rate it? Read from the one cached list of watched
 * titles, so a page of title cards makes one request, not one each.
 */
export function useMyWatch(ref: MediaRef): WatchedTitle | undefined {
  return useWatchedTitles()?.get(watchedTitleKey(ref))
}
