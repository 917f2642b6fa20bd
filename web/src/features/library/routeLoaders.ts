import type { QueryClient } from '@tanstack/react-query'
import { watchedQuery, watchlistQuery } from './libraryQueries'
import { libraryRequests } from './libraryRequests'
import { watchedFiltersOf, type WatchedSearch } from './librarySearch'

/** The /watchlist and /watched loaders start the list's request while the screen's code loads; they never block. */
export function startLoadingWatchlist(queryClient: QueryClient): void {
  // A failure here is the screen's to show (useQuery fetches again); the loader stays silent.
  queryClient.query(watchlistQuery(libraryRequests)).catch(() => undefined)
}

export function startLoadingWatchedLog(queryClient: QueryClient, search: WatchedSearch): void {
  queryClient.infiniteQuery(watchedQuery(libraryRequests, watchedFiltersOf(search))).catch(() => undefined)
}
