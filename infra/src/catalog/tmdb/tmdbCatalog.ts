import {
  mediaResultSchema,
  type GenresResponse,
  type MediaDetails,
  type MediaResult,
  type MediaResultList,
  type MediaType,
} from '@reelmates/contracts/catalog'
import {
  autocompleteLimit,
  autocompleteMinimumLength,
  CatalogUnavailable,
  failureMessages,
  fallbackSteps,
  fallbackUrl,
  TitleNotFound,
  type Catalog,
  type ProviderTrendingRequest,
} from '../port'
import { createTitleIndex, type TitleIndex } from '../searchIndex'
import type { SharedCache } from './sharedCache'
import { TmdbHttpError, type TmdbClient } from './tmdbClient'
import { toMediaDetails, toMediaResults, type TmdbDetails, type TmdbGenreList, type TmdbPage } from './tmdbShapes'

const hour = 60 * 60 * 1000

/** Spec §9, and our choice for the lists the spec does not name (genres, details). */
export const cacheLifetimes = {
  trending: 24 * hour,
  upcoming: 24 * hour,
  genres: 24 * hour,
  details: 24 * hour,
  providerList: (limit: number) => (limit <= 5 ? 24 * hour : 1 * hour),
}

/** TMDB's discover endpoints return 20 titles a page. */
const tmdbPageSize = 20

export interface TmdbCatalogOptions {
  client: TmdbClient
  cache: SharedCache
  /** Titles seen from TMDB feed it, so autocomplete answers at once for what people browse. */
  index?: TitleIndex
  /** Negative ids belong to the offline catalog (a library started offline keeps working). */
  offline?: Pick<Catalog, 'details'>
  /** Told about failures that are answered without an error (autocomplete). */
  onError?: (message: string, error: unknown) => void
}

function unavailable(message: string) {
  return (error: unknown): never => {
    throw new CatalogUnavailable(message, { cause: error })
  }
}

function listOf(results: MediaResult[], page: TmdbPage): MediaResultList {
  return { results, page: page.page, total_results: page.total_results, total_pages: page.total_pages }
}

export function createTmdbCatalog(options: TmdbCatalogOptions): Catalog {
  const { client, cache } = options
  const index = options.index ?? createTitleIndex()

  function seen(results: MediaResult[]): MediaResult[] {
    index.add(results)
    return results
  }

  // Concurrent misses of one key share one TMDB request instead of each making their own.
  const inFlight = new Map<string, Promise<unknown>>()

  async function cached<T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ) {
    const hit = await cache.get<T>(key)
    if (hit !== undefined) return hit
    const pending = inFlight.get(key) as Promise<T> | undefined
    if (pending) return pending
    const loading = (async () => {
      const value = await load()
      if (keep(value)) await cache.set(key, value, ttlMs)
      return value
    })().finally(() => inFlight.delete(key))
    inFlight.set(key, loading)
    return loading
  }

  async function cachedList(
    key: string,
    ttlMs: number,
    path: string,
    mediaType: MediaType,
    message: string,
  ): Promise<MediaResultList> {
    const list = await cached(key, ttlMs, async () => {
      const page = await client.get<TmdbPage>(path, { page: 1 }).catch(unavailable(message))
      return listOf(toMediaResults(page.results, mediaType), page)
    })
    seen(list.results)
    return list
  }

  /** One provider query: movies and shows on the service, most popular first, and how many match. */
  async function providerTitles(
    request: ProviderTrendingRequest,
    region: string,
    genreId: number | undefined,
  ): Promise<{ titles: MediaResult[]; matching: number }> {
    const pages = Math.ceil(request.limit / tmdbPageSize)
    const query = (page: number) => ({
      with_watch_providers: request.providerId,
      watch_region: region,
      with_genres: genreId,
      sort_by: 'popularity.desc',
      include_adult: 'false',
      page,
    })
    // Page 1 says how many pages exist; only the ones the limit needs are read after it.
    const titlesOf = async (mediaType: MediaType) => {
      const discover = (page: number) => client.get<TmdbPage>(`/discover/${mediaType}`, query(page))
      const first = await discover(1)
      const more = Array.from({ length: Math.min(pages, first.total_pages) - 1 }, (_, i) => discover(i + 2))
      const rest = await Promise.all(more)
      return {
        titles: [first, ...rest].flatMap((page) => toMediaResults(page.results, mediaType)),
        matching: first.total_results,
      }
    }
    const [movies, shows] = await Promise.all([titlesOf('movie'), titlesOf('tv')])
    return {
      titles: [...movies.titles, ...shows.titles].sort((a, b) => b.popularity - a.popularity),
      matching: movies.matching + shows.matching,
    }
  }

  /**
   * The fallback widens the query step by step — without the genre, then in the US (TMDB's fullest
   * watch-provider data) — keeping every title on the provider, until the list reaches its limit.
   */
  async function providerList(request: ProviderTrendingRequest): Promise<MediaResultList> {
    const results = new Map<string, MediaResult>()
    // How many titles match as asked, while the list holds only those: a page can then offer more.
    let matching: number | undefined
    for (const [index, step] of fallbackSteps(request).entries()) {
      const found = await providerTitles(request, step.region, step.genreId)
      for (const title of found.titles) {
        if (results.size < request.limit) results.set(`${title.media_type}:${title.id}`, title)
      }
      if (index === 0) matching = found.matching
      if (results.size >= request.limit) break
      matching = undefined
    }
    const list = [...results.values()]
    const total = Math.max(matching ?? 0, list.length)
    return { results: list, page: 1, total_results: total, total_pages: list.length > 0 ? 1 : 0 }
  }

  return {
    status: () => ({
      source: 'tmdb',
      description: 'TMDB (The Movie Database) API v3.',
      // The notice TMDB's terms ask every app using its API to show.
      attribution: 'This product uses the TMDB API but is not endorsed or certified by TMDB.',
    }),

    async autocomplete(query) {
      if (query.trim().length < autocompleteMinimumLength) return []
      const local = index.search(query, autocompleteLimit)
      if (local.length >= autocompleteLimit) return local
      try {
        const page = await client.get<TmdbPage>('/search/multi', { query, page: 1, include_adult: 'false' })
        const remote = seen(toMediaResults(page.results))
        const merged = new Map([...remote, ...local].map((title) => [`${title.media_type}:${title.id}`, title]))
        return [...merged.values()].slice(0, autocompleteLimit)
      } catch (error) {
        // Spec §8: autocomplete failures are caught; what the index already knows is still right.
        options.onError?.(failureMessages.autocomplete, error)
        return local
      }
    },

    async search(query, pageNumber) {
      const page = await client
        .get<TmdbPage>('/search/multi', { query, page: pageNumber, include_adult: 'false' })
        .catch(unavailable(failureMessages.search))
      return listOf(seen(toMediaResults(page.results)), page)
    },

    trendingMovies: () =>
      cachedList(
        'trending:movie',
        cacheLifetimes.trending,
        '/trending/movie/week',
        'movie',
        failureMessages.trendingMovies,
      ),
    trendingTv: () =>
      cachedList('trending:tv', cacheLifetimes.trending, '/trending/tv/week', 'tv', failureMessages.trendingTv),
    upcomingMovies: () =>
      cachedList('upcoming:movie', cacheLifetimes.upcoming, '/movie/upcoming', 'movie', failureMessages.upcomingMovies),

    genres: () =>
      cached<GenresResponse>('genres', cacheLifetimes.genres, async () => {
        const [movie, tv] = await Promise.all([
          client.get<TmdbGenreList>('/genre/movie/list'),
          client.get<TmdbGenreList>('/genre/tv/list'),
        ]).catch(unavailable(failureMessages.genres))
        return { movie: movie.genres, tv: tv.genres }
      }),

    async trendingForProvider(request) {
      const key = [
        'provider',
        request.providerId,
        request.region,
        request.genreId ?? 'all',
        request.limit,
        request.fallback ? 'fallback' : 'exact',
      ].join(':')
      const list = await cached(
        key,
        cacheLifetimes.providerList(request.limit),
        () => providerList(request).catch(unavailable(failureMessages.trendingForProvider(request.providerId))),
        // Spec §9: a list shorter than its limit is not kept, so the next call tries again.
        (value) => value.results.length >= request.limit,
      )
      seen(list.results)
      if (!request.fallback && list.results.length < request.limit) {
        return { ...list, needsFallback: true, fallbackUrl: fallbackUrl(request) }
      }
      return list
    },

    async details(mediaType, id): Promise<MediaDetails> {
      if (id < 0) {
        if (options.offline) return options.offline.details(mediaType, id)
        throw new TitleNotFound(mediaType, id)
      }
      const details = await cached(`details:${mediaType}:${id}`, cacheLifetimes.details, async () => {
        try {
          const raw = await client.get<TmdbDetails>(`/${mediaType}/${id}`, {
            append_to_response: 'credits,videos,watch/providers,similar',
          })
          return toMediaDetails(raw, mediaType)
        } catch (error) {
          if (error instanceof TmdbHttpError && error.status === 404) throw new TitleNotFound(mediaType, id)
          throw new CatalogUnavailable(failureMessages.details(mediaType, id), { cause: error })
        }
      })
      seen([mediaResultSchema.parse(details), ...details.similar])
      return details
    },

    clearCache: () => cache.clear(),
  }
}
