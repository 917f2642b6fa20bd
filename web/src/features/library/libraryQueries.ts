import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { MediaRef } from '@reelmates/contracts/media'
import {
  fetchTitleStatus,
  fetchWatchedPage,
  fetchWatchedTitles,
  fetchWatchlist,
  type LibraryRequests,
  type WatchedFilters,
} from './libraryCalls'

/** Everything under `library` is refetched once the user's changes have all been answered. */
export const libraryKeys = {
  all: ['library'] as const,
  watchlist: () => ['library', 'watchlist'] as const,
  watchedLists: () => ['library', 'watched'] as const,
  watched: (filters: WatchedFilters) => ['library', 'watched', filters] as const,
  watchedTitles: () => ['library', 'watched-titles'] as const,
  statuses: () => ['library', 'status'] as const,
  status: (ref: MediaRef) => ['library', 'status', ref.mediaType, ref.tmdbId] as const,
}

export const watchlistQuery = (client: LibraryRequests) =>
  queryOptions({ queryKey: libraryKeys.watchlist(), queryFn: () => fetchWatchlist(client) })

export const watchedQuery = (client: LibraryRequests, filters: WatchedFilters) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.watched(filters),
    queryFn: ({ pageParam }) => fetchWatchedPage(client, filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    // Another sort or filter keeps the current entries on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  })

export const titleStatusQuery = (client: LibraryRequests, ref: MediaRef) =>
  queryOptions({ queryKey: libraryKeys.status(ref), queryFn: () => fetchTitleStatus(client, ref) })

export const watchedTitlesQuery = (client: LibraryRequests) =>
  queryOptions({ queryKey: libraryKeys.watchedTitles(), queryFn: () => fetchWatchedTitles(client) })
