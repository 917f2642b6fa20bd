import { providerById, type Genre, type MediaResult, type Provider } from '@reelmates/contracts/catalog'
import { offlineId } from './films'
import { showRows, type ShowGenre, type ShowRow } from './shows.data'

/**
 * The TV series of the offline catalog, from the list in `shows.data.ts` (written for Reelmates).
 * A series knows its name, premiere year, original network, genres and creators; streaming
 * availability is claimed only for a series that is an original of one of the five services.
 */

export const showsAttribution =
  'TV series from a list written for Reelmates (name, premiere year, original network, genres, creators); a series made for Netflix, Prime Video, Disney+, HBO Max or Hulu is listed as streaming there in the US, as recorded in 2025.'

/** When the availability of originals was recorded: it may change since. */
export const showsRecorded = '2025'

/** TMDB's TV genre ids (GET /genre/tv/list). */
export const tmdbTvGenres = {
  action: { id: 10759, name: 'Action & Adventure' },
  animation: { id: 16, name: 'Animation' },
  comedy: { id: 35, name: 'Comedy' },
  crime: { id: 80, name: 'Crime' },
  documentary: { id: 99, name: 'Documentary' },
  drama: { id: 18, name: 'Drama' },
  family: { id: 10751, name: 'Family' },
  kids: { id: 10762, name: 'Kids' },
  mystery: { id: 9648, name: 'Mystery' },
  news: { id: 10763, name: 'News' },
  reality: { id: 10764, name: 'Reality' },
  scifi: { id: 10765, name: 'Sci-Fi & Fantasy' },
  soap: { id: 10766, name: 'Soap' },
  talk: { id: 10767, name: 'Talk' },
  war: { id: 10768, name: 'War & Politics' },
  western: { id: 37, name: 'Western' },
} as const satisfies Record<ShowGenre, Genre>

/** The network a service's originals premiere on, as the list names it, to the service (TMDB's provider id). */
const originalsOf: Record<string, number> = {
  Netflix: 8,
  'Prime Video': 9,
  'Disney+': 337,
  HBO: 384,
  'HBO Max': 384,
  Max: 384,
  Hulu: 15,
  'FX on Hulu': 15,
}

export interface OfflineShow {
  result: MediaResult
  network: string
  creators: string[]
  genres: Genre[]
  /** The streaming service the series is an original of, if it is one. */
  provider: Provider | undefined
}

export function showFromRow(row: ShowRow, taken: Set<number>): OfflineShow {
  const [name, year, network, genreKeys, creators = []] = row
  const genres = genreKeys.map((key) => tmdbTvGenres[key])
  const providerId = originalsOf[network]
  const result: MediaResult = {
    // "tv|" keeps a series' id apart from a film of the same name and year.
    id: offlineId(`tv|${name}|${year}`, taken),
    media_type: 'tv',
    name,
    original_name: name,
    overview: '',
    poster_path: null,
    backdrop_path: null,
    // Only the year is recorded; TMDB's dates are "YYYY-MM-DD", and every reader takes the year
    // from the first four characters, so "2008" reads, sorts and displays as the year it is.
    first_air_date: String(year),
    // No rating or popularity is recorded for series: 0 votes means "not rated".
    vote_average: 0,
    vote_count: 0,
    popularity: 0,
    genre_ids: genres.map((genre) => genre.id),
  }
  return {
    result,
    network,
    creators: [...creators],
    genres,
    provider: providerId === undefined ? undefined : providerById(providerId),
  }
}

/**
 * The series, newest premiere first (then by name): the order the offline catalog lists them in,
 * since it knows nothing about what is watched now.
 */
export function loadShows(filmIds: Iterable<number>): OfflineShow[] {
  // Film ids are taken first, so adding a series can never move a film's id.
  const taken = new Set(filmIds)
  return showRows
    .map((row) => showFromRow(row, taken))
    .sort(
      (a, b) =>
        (b.result.first_air_date ?? '').localeCompare(a.result.first_air_date ?? '') ||
        (a.result.name ?? '').localeCompare(b.result.name ?? ''),
    )
}
