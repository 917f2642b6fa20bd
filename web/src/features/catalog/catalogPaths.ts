import type { MediaType } from '@reelmates/contracts/catalog'

/** The metadata calls of spec §7, as paths for the request client (which adds `_ts`). */
export interface ProviderTrendingRequest {
  providerId: number
  limit: number
  region: string
  genreId?: number | undefined
}

const withQuery = (path: string, query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}

export const catalogPaths = {
  status: '/api/tmdb/status',
  genres: '/api/tmdb/genres',
  trendingMovies: '/api/tmdb/trending/movies',
  trendingTv: '/api/tmdb/trending/tv',
  upcomingMovies: '/api/tmdb/upcoming/movies',
  autocomplete: (query: string) => withQuery('/api/tmdb/autocomplete', { query }),
  search: (query: string, page = 1) => withQuery('/api/tmdb/search', { query, page }),
  details: (mediaType: MediaType, id: number) => `/api/tmdb/${mediaType}/${id}`,
  providerTrending: (request: ProviderTrendingRequest, options: { fallback?: boolean } = {}) =>
    withQuery(`/api/tmdb/trending/provider/${request.providerId}`, {
      limit: request.limit,
      region: request.region,
      genreId: request.genreId,
      fallback: options.fallback ? 'true' : undefined,
    }),
} as const
