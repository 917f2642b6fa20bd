import { defaultRegion } from '@reelmates/contracts/catalog'
import type {
  CatalogStatus,
  GenresResponse,
  MediaDetails,
  MediaResult,
  MediaResultList,
  MediaType,
  ProviderId,
} from '@reelmates/contracts/catalog'

/**
 * The catalog port: every metadata call of the product. Two adapters implement it: `tmdbCatalog`
 * (TMDB v3, used when a token is configured) and `offlineCatalog` (real titles shipped with the
 * project, used otherwise). Both answer in TMDB's shapes from `@reelmates/contracts/catalog`.
 */
export interface Catalog {
  status(): CatalogStatus
  /** Suggestions while typing; a query under 2 characters yields nothing, and failures yield nothing. */
  autocomplete(query: string): Promise<MediaResult[]>
  search(query: string, page: number): Promise<MediaResultList>
  trendingMovies(): Promise<MediaResultList>
  trendingTv(): Promise<MediaResultList>
  upcomingMovies(): Promise<MediaResultList>
  genres(): Promise<GenresResponse>
  trendingForProvider(request: ProviderTrendingRequest): Promise<MediaResultList>
  /** Throws `TitleNotFound` when there is no such title. */
  details(mediaType: MediaType, id: number): Promise<MediaDetails>
  /** Empties the shared cache; returns how many entries were dropped. */
  clearCache(): Promise<number>
}

export interface ProviderTrendingRequest {
  providerId: ProviderId
  limit: number
  region: string
  genreId?: number
  /** The client's second try after `needsFallback`: widen the query rather than come back short. */
  fallback?: boolean
}

/** Fewer characters than this return no suggestions (spec §5, §9). */
export const autocompleteMinimumLength = 2
export const autocompleteLimit = 10
export const searchPageSize = 20

/** A metadata call failed upstream; the message is the one spec §8 gives for that call. */
export class CatalogUnavailable extends Error {
  override readonly name = 'CatalogUnavailable'
}

export class TitleNotFound extends Error {
  override readonly name = 'TitleNotFound'
  constructor(
    readonly mediaType: MediaType,
    readonly id: number,
  ) {
    super(`No ${mediaType === 'movie' ? 'movie' : 'TV show'} with id ${id} was found.`)
  }
}

/** The thrown messages of spec §8, one per metadata call (details are ours: the spec shows none). */
export const failureMessages = {
  autocomplete: 'Failed to get autocomplete suggestions',
  search: 'Failed to search media',
  trendingMovies: 'Failed to get trending movies',
  trendingTv: 'Failed to get trending TV shows',
  upcomingMovies: 'Failed to get upcoming movies',
  genres: 'Failed to get genres',
  trendingForProvider: (providerId: number) => `Failed to get trending for provider ${providerId}`,
  details: (mediaType: MediaType, id: number) => `Failed to get details for ${mediaType} ${id}`,
} as const

export function emptyList(notice?: string): MediaResultList {
  return { results: [], page: 1, total_results: 0, total_pages: 0, ...(notice ? { notice } : {}) }
}

/** Where the client retries a provider list after `needsFallback` (spec §4 "Provider trending"). */
export function fallbackUrl(request: ProviderTrendingRequest): string {
  const query = new URLSearchParams({ limit: String(request.limit), region: request.region })
  if (request.genreId !== undefined) query.set('genreId', String(request.genreId))
  query.set('fallback', 'true')
  return `/api/tmdb/trending/provider/${request.providerId}?${query.toString()}`
}

export interface FallbackStep {
  region: string
  genreId: number | undefined
  /** Whether the step still asks for the genre requested. */
  inGenre: boolean
}

/**
 * The steps a provider list widens through (spec §4 fallback): as asked, then without the genre,
 * then in the default region (TMDB's fullest watch-provider data) with and without the genre.
 */
export function fallbackSteps(request: ProviderTrendingRequest): FallbackStep[] {
  const asked = request.genreId !== undefined
  const steps: FallbackStep[] = [{ region: request.region, genreId: request.genreId, inGenre: true }]
  if (!request.fallback) return steps
  if (asked) steps.push({ region: request.region, genreId: undefined, inGenre: false })
  if (request.region !== defaultRegion) {
    if (asked) steps.push({ region: defaultRegion, genreId: request.genreId, inGenre: true })
    steps.push({ region: defaultRegion, genreId: undefined, inGenre: !asked })
  }
  return steps
}
