import { providerById, type MediaDetails, type MediaResult, type MediaResultList } from '@reelmates/contracts/catalog'
import {
  autocompleteLimit,
  autocompleteMinimumLength,
  emptyList,
  fallbackUrl,
  searchPageSize,
  TitleNotFound,
  type Catalog,
} from '../port'
import { createTitleIndex } from '../searchIndex'
import { filmsAttribution, loadFilms, offlineId, type OfflineFilm } from './films'

const listSize = 20
const similarCount = 12

export const offlineNotices = {
  trending: 'Offline catalog: the most-rated films (by IMDb votes), not what is trending today.',
  tv: 'The offline catalog has films only: no freely licensed TV data set is available. Set a TMDB token to see TV shows.',
  upcoming: 'The offline catalog ends in 2010, so it has no upcoming films. Set a TMDB token to see upcoming releases.',
  providerUnknown: (provider: string) =>
    `Which titles are on ${provider} is not known offline. Set a TMDB token to see ${provider}'s catalogue.`,
  providerFallback: (provider: string) =>
    `Which titles are on ${provider} is not known offline: these are the most-rated films of the offline catalog, not ${provider}'s catalogue.`,
}

/** Runs synchronous work as a catalog answer: a throw becomes a rejected promise. */
function answer<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()))
}

export function page(results: readonly MediaResult[], pageNumber: number, pageSize = searchPageSize): MediaResultList {
  const start = (pageNumber - 1) * pageSize
  return {
    results: results.slice(start, start + pageSize),
    page: pageNumber,
    total_results: results.length,
    total_pages: Math.ceil(results.length / pageSize),
  }
}

/**
 * The catalog used when no TMDB token is configured: real films shipped with the project (see
 * `films.ts`). It makes no network call, so it works on a fresh machine with nothing set up.
 */
export type OfflineCatalog = Catalog & { has(id: number): boolean }

export function createOfflineCatalog(options: { now?: () => Date } = {}): OfflineCatalog {
  const now = options.now ?? (() => new Date())
  const films = loadFilms()
  const byId = new Map(films.map((film) => [film.result.id, film]))
  const byPopularity = [...films].sort((a, b) => b.result.popularity - a.result.popularity).map((film) => film.result)
  const index = createTitleIndex()
  index.add(films.map((film) => film.result))
  const genres = [...new Map(films.flatMap((film) => film.genres).map((genre) => [genre.id, genre])).values()].sort(
    (a, b) => a.name.localeCompare(b.name),
  )
  const personIds = new Set<number>()
  const personId = new Map<string, number>()
  const idOfPerson = (name: string) => {
    let id = personId.get(name)
    if (id === undefined) {
      id = offlineId(`person|${name}`, personIds)
      personId.set(name, id)
    }
    return id
  }

  function similarTo(film: OfflineFilm): MediaResult[] {
    const genreIds = new Set(film.result.genre_ids)
    if (genreIds.size === 0) return []
    return byPopularity
      .filter((other) => other.id !== film.result.id && other.genre_ids.some((id) => genreIds.has(id)))
      .slice(0, similarCount)
  }

  return {
    has: (id: number) => byId.has(id),
    status: () => ({
      source: 'offline',
      description: 'Offline catalog: real films shipped with Reelmates. Set TMDB_API_TOKEN to use TMDB.',
      titles: films.length,
      attribution: filmsAttribution,
    }),
    autocomplete: (query) =>
      answer(() => {
        if (query.trim().length < autocompleteMinimumLength) return []
        return index.search(query, autocompleteLimit)
      }),
    search: (query, pageNumber) => answer(() => page(index.search(query), pageNumber)),
    trendingMovies: () =>
      answer(() => ({ ...page(byPopularity.slice(0, listSize), 1, listSize), notice: offlineNotices.trending })),
    trendingTv: () => answer(() => emptyList(offlineNotices.tv)),
    upcomingMovies: () =>
      answer(() => {
        const today = now().toISOString().slice(0, 10)
        const upcoming = byPopularity.filter((film) => (film.release_date ?? '') > today).slice(0, listSize)
        return upcoming.length > 0 ? page(upcoming, 1, listSize) : emptyList(offlineNotices.upcoming)
      }),
    genres: () => answer(() => ({ movie: genres, tv: [] })),
    trendingForProvider: (request) =>
      answer(() => {
        const provider = providerById(request.providerId)?.name ?? `provider ${request.providerId}`
        if (!request.fallback) {
          return {
            ...emptyList(offlineNotices.providerUnknown(provider)),
            needsFallback: true,
            fallbackUrl: fallbackUrl(request),
          }
        }
        const inGenre =
          request.genreId === undefined
            ? byPopularity
            : byPopularity.filter((film) => film.genre_ids.includes(request.genreId ?? 0))
        return {
          ...page(inGenre.slice(0, request.limit), 1, request.limit),
          notice: offlineNotices.providerFallback(provider),
        }
      }),
    details: (mediaType, id) =>
      answer(() => {
        const film = mediaType === 'movie' ? byId.get(id) : undefined
        if (!film) throw new TitleNotFound(mediaType, id)
        const details: MediaDetails = {
          ...film.result,
          genres: film.genres,
          status: 'Released',
          runtime: film.runtime,
          credits: {
            cast: [],
            crew: film.director
              ? [
                  {
                    id: idOfPerson(film.director),
                    name: film.director,
                    job: 'Director',
                    department: 'Directing',
                    profile_path: null,
                  },
                ]
              : [],
          },
          videos: [],
          trailer: null,
          watch_providers: {},
          similar: similarTo(film),
        }
        return details
      }),
    clearCache: () => answer(() => 0),
  }
}
