import type { Genre, MediaResult, MediaResultList } from '@reelmates/contracts/catalog'
import {
  autocompleteLimit,
  autocompleteMinimumLength,
  emptyList,
  searchPageSize,
  TitleNotFound,
  type Catalog,
} from '../port'
import { createTitleIndex } from '../searchIndex'
import { filmsAttribution, loadFilms } from './films'
import { createOfflineDetails } from './offlineDetails'
import { providerPage } from './providerPages'
import { loadShows, showsAttribution, showsRecorded } from './shows'

const listSize = 20

export const offlineNotices = {
  trending:
    'Offline catalog: the best-known films (by IMDb votes, or by worldwide gross where the data has no votes), not what is trending today.',
  tv: `Offline catalog: TV series from Reelmates' own list, newest premiere first, not what is trending today. Series made for a streaming service are shown as streaming there in the US, as recorded in ${showsRecorded}.`,
  // Shown to users: it says what there is, never how the server is set up.
  // Home shows it under its "Coming soon" row, so it does not send readers to the home page.
  upcoming: 'This catalog has no upcoming releases.',
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
  const shows = loadShows(films.map((film) => film.result.id))
  const filmsById = new Map(films.map((film) => [film.result.id, film]))
  const showsById = new Map(shows.map((show) => [show.result.id, show]))
  const { filmDetails, showDetails, filmsByPopularity } = createOfflineDetails(films, shows)
  const index = createTitleIndex()
  index.add([...films.map((film) => film.result), ...shows.map((show) => show.result)])
  const genresOf = (titles: readonly { genres: readonly Genre[] }[]) =>
    [...new Map(titles.flatMap((title) => title.genres).map((genre) => [genre.id, genre])).values()].sort((a, b) =>
      a.name.localeCompare(b.name),
    )
  const genres = { movie: genresOf(films), tv: genresOf(shows) }
  const originalsOf = new Map<number, MediaResult[]>()
  for (const show of shows) {
    if (show.provider) originalsOf.set(show.provider.id, [...(originalsOf.get(show.provider.id) ?? []), show.result])
  }

  return {
    has: (id: number) => filmsById.has(id) || showsById.has(id),
    status: () => ({
      source: 'offline',
      description: 'Offline catalog: real films and TV series shipped with Reelmates. Set TMDB_API_TOKEN to use TMDB.',
      titles: films.length + shows.length,
      attribution: `${filmsAttribution} ${showsAttribution}`,
    }),
    autocomplete: (query) =>
      answer(() => {
        if (query.trim().length < autocompleteMinimumLength) return []
        return index.search(query, autocompleteLimit)
      }),
    search: (query, pageNumber) => answer(() => page(index.search(query), pageNumber)),
    trendingMovies: () =>
      answer(() => ({ ...page(filmsByPopularity.slice(0, listSize), 1, listSize), notice: offlineNotices.trending })),
    trendingTv: () =>
      answer(() => ({
        ...page(
          shows.slice(0, listSize).map((show) => show.result),
          1,
          listSize,
        ),
        notice: offlineNotices.tv,
      })),
    upcomingMovies: () =>
      answer(() => {
        const today = now().toISOString().slice(0, 10)
        const upcoming = filmsByPopularity.filter((film) => (film.release_date ?? '') > today).slice(0, listSize)
        return upcoming.length > 0 ? page(upcoming, 1, listSize) : emptyList(offlineNotices.upcoming)
      }),
    genres: () => answer(() => genres),
    trendingForProvider: (request) =>
      answer(() => providerPage(request, originalsOf.get(request.providerId) ?? [], filmsByPopularity)),
    details: (mediaType, id) =>
      answer(() => {
        if (mediaType === 'movie') {
          const film = filmsById.get(id)
          if (film) return filmDetails(film)
        } else {
          const show = showsById.get(id)
          if (show) return showDetails(show)
        }
        throw new TitleNotFound(mediaType, id)
      }),
    clearCache: () => answer(() => 0),
  }
}
