import {
  providerListMaxLimit,
  type CatalogStatus,
  type GenresResponse,
  type MediaType,
} from '@reelmates/contracts/catalog'
import {
  keepPreviousData,
  queryOptions,
  type QueryExecuteOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { providerListTtlMs } from './cachePolicy'
import { catalogFailureMessages, failWith } from './catalogCalls'
import { catalogContext } from './catalogContext'
import { catalogPaths, type ProviderTrendingRequest } from './catalogPaths'
import { fetchGenresWithTitles } from './providerGenres'
import { fetchProviderTrending } from './providerTrending'
import { fetchMediaDetails, fetchSearchResults, fetchSuggestions } from './searchCalls'
import { fetchTrendingList, type TrendingListName } from './trendingLists'

/**
 * The catalog's queries, one factory per screen need, shared by loaders (ensureQueryData) and
 * components (useQuery). Keys start with the API path, as the app's default query function expects.
 */
export const catalogQueries = {
  /** Which catalog serves this instance: fixed for the life of the server, so asked once. */
  status: () =>
    queryOptions({
      queryKey: [catalogPaths.status],
      queryFn: () => catalogContext.get<CatalogStatus>(catalogPaths.status),
      staleTime: Infinity,
    }),

  genres: () =>
    queryOptions({
      queryKey: [catalogPaths.genres],
      queryFn: () =>
        catalogContext
          .get<GenresResponse>(catalogPaths.genres)
          .catch((error: unknown) => failWith(catalogFailureMessages.genres, error)),
      staleTime: Infinity,
    }),

  trendingList: (name: TrendingListName) =>
    queryOptions({
      queryKey: [catalogPaths[name]],
      queryFn: () => fetchTrendingList(name, catalogContext),
    }),

  providerTrending: (request: ProviderTrendingRequest) =>
    queryOptions({
      queryKey: [catalogPaths.providerTrending(request)],
      queryFn: () => fetchProviderTrending(request, catalogContext),
    }),

  /** The genres a provider page offers: those its titles in the region have. */
  providerGenres: (request: { providerId: number; region: string }) =>
    queryOptions({
      // Not the list's own key: the same address answers the list, and this keeps only its genres.
      queryKey: [catalogPaths.providerTrending({ ...request, limit: providerListMaxLimit }), 'genres'],
      queryFn: () => fetchGenresWithTitles(request, catalogContext),
      staleTime: providerListTtlMs(providerListMaxLimit),
    }),

  suggestions: (query: string) =>
    queryOptions({
      queryKey: ['/api/tmdb/autocomplete', query.trim().toLowerCase()],
      queryFn: () => fetchSuggestions(query, catalogContext),
      // The same letters typed again within a minute reuse what came back.
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),

  search: (query: string, page: number) =>
    queryOptions({
      queryKey: [catalogPaths.search(query.trim(), page)],
      queryFn: () => fetchSearchResults(query, page, catalogContext),
      placeholderData: keepPreviousData,
    }),

  details: (mediaType: MediaType, id: number) =>
    queryOptions({
      queryKey: [catalogPaths.details(mediaType, id)],
      queryFn: () => fetchMediaDetails(mediaType, id, catalogContext),
    }),
}

/**
 * Starts a screen's requests from its route loader without holding the navigation: the screen
 * appears at once with skeletons, and a failure is shown by the component's own query. What a
 * hover just preloaded is not asked for again on the click that follows.
 */
export function startLoading<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: QueryExecuteOptions<TData, Error, TData, TData, TKey>,
): void {
  queryClient.query({ ...options, staleTime: 30_000 }).catch(() => undefined)
}
