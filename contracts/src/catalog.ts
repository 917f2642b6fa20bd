import { z } from 'zod'
import { isCountryCode } from './regions'

/**
 * The catalog's API shapes. They follow TMDB v3 (snake_case, `poster_path` relative to TMDB's image
 * service) so that a result coming from TMDB and one coming from the offline catalog look alike, and
 * the web app builds every image URL in one place with `imageUrl`.
 */

export const mediaTypes = ['movie', 'tv'] as const
export const mediaTypeSchema = z.enum(mediaTypes, { error: 'mediaType must be movie or tv' })
export type MediaType = z.infer<typeof mediaTypeSchema>

/** TMDB's image service at the width the spec asks for (500). */
export const imageBaseUrl = 'https://image.tmdb.org/t/p/w500'

/** The full image URL, or null so the app shows its placeholder image. */
export function imageUrl(path: string | null | undefined): string | null {
  return path ? `${imageBaseUrl}${path}` : null
}

export const genreSchema = z.object({ id: z.number().int(), name: z.string() })
export type Genre = z.infer<typeof genreSchema>

export const mediaResultSchema = z.object({
  /** TMDB's id; offline titles have negative ids so they can never collide with TMDB's. */
  id: z.number().int(),
  media_type: mediaTypeSchema,
  /** Movies have `title`, shows have `name` (TMDB's convention). */
  title: z.string().optional(),
  name: z.string().optional(),
  original_title: z.string().optional(),
  original_name: z.string().optional(),
  overview: z.string(),
  poster_path: z.string().nullable(),
  backdrop_path: z.string().nullable(),
  /**
   * "YYYY-MM-DD" from TMDB; the offline catalog's series carry only their year ("2008"), so read a
   * year from the first four characters, and compare dates as text.
   */
  release_date: z.string().optional(),
  first_air_date: z.string().optional(),
  vote_average: z.number(),
  vote_count: z.number().int(),
  popularity: z.number(),
  genre_ids: z.array(z.number().int()),
  original_language: z.string().optional(),
})
export type MediaResult = z.infer<typeof mediaResultSchema>

export const mediaResultListSchema = z.object({
  results: z.array(mediaResultSchema),
  page: z.number().int().min(1),
  total_results: z.number().int().min(0),
  total_pages: z.number().int().min(0),
  /** Provider trending only: the list is shorter than asked; the client retries once at `fallbackUrl`. */
  needsFallback: z.boolean().optional(),
  fallbackUrl: z.string().optional(),
  /** Why a list is empty or what it stands for, when that is not obvious (e.g. offline provider pages). */
  notice: z.string().optional(),
})
export type MediaResultList = z.infer<typeof mediaResultListSchema>

export const autocompleteResponseSchema = z.object({ results: z.array(mediaResultSchema) })
export type AutocompleteResponse = z.infer<typeof autocompleteResponseSchema>

export const genresResponseSchema = z.object({ movie: z.array(genreSchema), tv: z.array(genreSchema) })
export type GenresResponse = z.infer<typeof genresResponseSchema>

export const videoSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.string(),
  site: z.string(),
  official: z.boolean(),
  published_at: z.string().optional(),
})
export type Video = z.infer<typeof videoSchema>

/**
 * Trailer selection (spec §5): an official YouTube video of type Trailer, otherwise any YouTube
 * video of type Trailer, otherwise none.
 */
export function pickTrailer(videos: readonly Video[]): Video | null {
  const youtubeTrailers = videos.filter((video) => video.site === 'YouTube' && video.type === 'Trailer')
  return youtubeTrailers.find((video) => video.official) ?? youtubeTrailers[0] ?? null
}

export const watchProviderSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  logo_path: z.string().nullable(),
  display_priority: z.number().int().optional(),
})
export type WatchProvider = z.infer<typeof watchProviderSchema>

/** Where a title can be watched in one region, as TMDB (data from JustWatch) reports it. */
export const regionWatchProvidersSchema = z.object({
  link: z.string().optional(),
  flatrate: z.array(watchProviderSchema).optional(),
  free: z.array(watchProviderSchema).optional(),
  ads: z.array(watchProviderSchema).optional(),
  rent: z.array(watchProviderSchema).optional(),
  buy: z.array(watchProviderSchema).optional(),
})
export type RegionWatchProviders = z.infer<typeof regionWatchProvidersSchema>

/** Keyed by ISO 3166-1 region code. */
export const watchProvidersByRegionSchema = z.record(z.string(), regionWatchProvidersSchema)
export type WatchProvidersByRegion = z.infer<typeof watchProvidersByRegionSchema>

export const castMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  character: z.string().optional(),
  profile_path: z.string().nullable(),
  order: z.number().int().optional(),
})
export const crewMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  job: z.string(),
  department: z.string().optional(),
  profile_path: z.string().nullable(),
})
export const creditsSchema = z.object({ cast: z.array(castMemberSchema), crew: z.array(crewMemberSchema) })
export type Credits = z.infer<typeof creditsSchema>

export const networkSchema = z.object({ id: z.number().int(), name: z.string(), logo_path: z.string().nullable() })
export type Network = z.infer<typeof networkSchema>

export const mediaDetailsSchema = mediaResultSchema.extend({
  genres: z.array(genreSchema),
  tagline: z.string().optional(),
  status: z.string().optional(),
  /** Minutes; movies only, null where unknown. */
  runtime: z.number().int().nullable().optional(),
  /** Shows only. */
  number_of_seasons: z.number().int().optional(),
  number_of_episodes: z.number().int().optional(),
  episode_run_time: z.array(z.number().int()).optional(),
  last_air_date: z.string().nullable().optional(),
  /** Shows only: the network or streaming service the series was made for (TMDB's `networks`). */
  networks: z.array(networkSchema).optional(),
  credits: creditsSchema,
  videos: z.array(videoSchema),
  /** The video chosen by the trailer rule of spec §5, or null. */
  trailer: videoSchema.nullable(),
  watch_providers: watchProvidersByRegionSchema,
  similar: z.array(mediaResultSchema),
})
export type MediaDetails = z.infer<typeof mediaDetailsSchema>

export const videosResponseSchema = z.object({ results: z.array(videoSchema), trailer: videoSchema.nullable() })
export type VideosResponse = z.infer<typeof videosResponseSchema>

export const watchProvidersResponseSchema = z.object({ id: z.number().int(), results: watchProvidersByRegionSchema })
export type WatchProvidersResponse = z.infer<typeof watchProvidersResponseSchema>

/** The five streaming services of the product, with TMDB's watch-provider ids. */
export const streamingProviders = [
  { id: 8, name: 'Netflix', logo: '/logos/png/netflix.png' },
  { id: 9, name: 'Amazon Prime Video', logo: '/logos/png/amazon-prime-video.png' },
  { id: 337, name: 'Disney+', logo: '/logos/png/disney-plus.png' },
  { id: 384, name: 'HBO Max', logo: '/logos/png/hbo-max.png' },
  { id: 15, name: 'Hulu', logo: '/logos/png/hulu.png' },
] as const
export const providerIds = streamingProviders.map((provider) => provider.id)
export type ProviderId = (typeof streamingProviders)[number]['id']
export const providerSchema = z.object({ id: z.number().int(), name: z.string(), logo: z.string() })
export type Provider = z.infer<typeof providerSchema>

export function providerById(id: number): Provider | undefined {
  return streamingProviders.find((provider) => provider.id === id)
}

/**
 * The provider a page address names (`/provider/{providerId}`): only the five product services have a
 * page (spec §1). The app shows the page and the gateway answers its status by this one rule.
 */
export const providerOfPage = (providerId: string): Provider | undefined =>
  /^\d+$/.test(providerId) ? providerById(Number(providerId)) : undefined

/**
 * The product's streaming services (TMDB provider ids) that stream a title flat rate in the
 * spec's default region, from its watch providers: what the watchlist records and digests compare.
 */
export function streamingServicesIn(watchProviders: WatchProvidersByRegion): number[] {
  const flatrate = watchProviders[defaultRegion]?.flatrate ?? []
  return [
    ...new Set(flatrate.map((offer) => offer.provider_id).filter((id) => providerIds.some((known) => known === id))),
  ]
}

export const catalogStatusSchema = z.object({
  source: z.enum(['tmdb', 'offline']),
  description: z.string(),
  /** Offline only: how many titles it holds. */
  titles: z.number().int().optional(),
  /** Where the data comes from, to show beside it. */
  attribution: z.string().optional(),
})
export type CatalogStatus = z.infer<typeof catalogStatusSchema>

export const cacheRefreshResponseSchema = z.object({ message: z.string(), cleared: z.number().int().min(0) })
export type CacheRefreshResponse = z.infer<typeof cacheRefreshResponseSchema>

// ---- Route inputs ------------------------------------------------------------------------------

const integerText = (name: string) =>
  z
    .string()
    .regex(/^-?\d+$/, `${name} must be a whole number`)
    .transform((text) => Number(text))

/** TMDB serves at most 500 pages of any list. */
export const pageSchema = integerText('page').pipe(
  z.number().int().min(1, 'page must be at least 1').max(500, 'page must be at most 500'),
)

/** The longest search or autocomplete query taken; the web's search boxes stop there too. */
export const searchQueryMaxLength = 200
const queryTooLong = `query must be at most ${searchQueryMaxLength} characters`

export const autocompleteQuerySchema = z.object({
  query: z.string().max(searchQueryMaxLength, queryTooLong).default(''),
})
export type AutocompleteQuery = z.infer<typeof autocompleteQuerySchema>

export const searchQuerySchema = z.object({
  query: z
    .string({ error: 'query is required' })
    .trim()
    .min(1, 'query is required')
    .max(searchQueryMaxLength, queryTooLong),
  page: pageSchema.default(1),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>

export const regionSchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'region must be a two-letter country code')
  .transform((region) => region.toUpperCase())
  // Refused rather than passed on: TMDB would be asked for a place that does not exist.
  .refine(isCountryCode, 'region must be a two-letter country code of ISO 3166-1, e.g. US')

export const providerParamsSchema = z.object({
  providerId: integerText('providerId')
    .pipe(z.literal(providerIds, { error: `providerId must be one of ${providerIds.join(', ')}` }))
    // The document shows the first schema of a pipe (any whole number): it lists the choices itself.
    .meta({ enum: providerIds.map(String) }),
})

/** Spec §9's default region, and the one with TMDB's fullest watch-provider data. */
export const defaultRegion = 'US'

/** The longest provider list one call answers: a provider page shows more up to it. */
export const providerListMaxLimit = 100

export const providerTrendingQuerySchema = z.object({
  limit: integerText('limit')
    .pipe(
      z
        .number()
        .int()
        .min(1, 'limit must be at least 1')
        .max(providerListMaxLimit, `limit must be at most ${providerListMaxLimit}`),
    )
    .default(5),
  region: regionSchema.default(defaultRegion),
  genreId: integerText('genreId').pipe(z.number().int().min(1, 'genreId must be a positive number')).optional(),
  fallback: z
    .enum(['true', 'false'], { error: 'fallback must be true or false' })
    .transform((flag) => flag === 'true')
    .default(false),
})
export type ProviderTrendingQuery = z.infer<typeof providerTrendingQuerySchema>

export const mediaParamsSchema = z.object({
  mediaType: mediaTypeSchema,
  id: integerText('id').pipe(
    z
      .number()
      .int()
      .refine((id) => id !== 0, 'id must not be 0'),
  ),
})
export type MediaParams = z.infer<typeof mediaParamsSchema>

export const providersQuerySchema = z.object({ region: regionSchema.optional() })
