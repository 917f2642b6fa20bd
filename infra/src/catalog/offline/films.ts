import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Genre, MediaResult } from '@reelmates/contracts/catalog'

/**
 * The films of the offline catalog, read at run time from `vega-datasets` (BSD-3-Clause), which npm
 * installs with the project: `data/movies.json`, about 3,200 US releases from 1928 to 2010 with
 * title, release date, genre, director, running time, distributor and IMDb rating and votes.
 * Nothing is added that the data does not say: no overview, poster or trailer exists in it, so those
 * stay empty and the app shows its placeholder. The package calls this a teaching data set with
 * "known data quality issues and intentional errors": the ones that can be detected (text encoding,
 * two-digit years) are repaired below; docs/catalog.md says what remains.
 */

export const filmsAttribution =
  'Films from the "movies" data set of vega-datasets (BSD-3-Clause, https://github.com/vega/vega-datasets); ratings and vote counts are IMDb figures as recorded there.'

/** One row of vega-datasets' movies.json, as published. */
export interface VegaFilm {
  Title: string | number | null
  'Release Date': string | null
  'Running Time min': number | null
  Distributor: string | null
  'Major Genre': string | null
  'Creative Type': string | null
  Director: string | null
  'IMDB Rating': number | null
  'IMDB Votes': number | null
  'Worldwide Gross': number | null
}

export interface OfflineFilm {
  result: MediaResult
  runtime: number | null
  /** Who directed it, as they are credited today (`creditedDirectors`). */
  directors: string[]
  genres: Genre[]
}

/** TMDB's movie genre ids (GET /genre/movie/list), for the genres this data set uses. */
export const tmdbMovieGenres = {
  action: { id: 28, name: 'Action' },
  adventure: { id: 12, name: 'Adventure' },
  comedy: { id: 35, name: 'Comedy' },
  documentary: { id: 99, name: 'Documentary' },
  drama: { id: 18, name: 'Drama' },
  family: { id: 10751, name: 'Family' },
  fantasy: { id: 14, name: 'Fantasy' },
  horror: { id: 27, name: 'Horror' },
  music: { id: 10402, name: 'Music' },
  romance: { id: 10749, name: 'Romance' },
  scienceFiction: { id: 878, name: 'Science Fiction' },
  thriller: { id: 53, name: 'Thriller' },
  western: { id: 37, name: 'Western' },
} as const satisfies Record<string, Genre>

const g = tmdbMovieGenres
const genresOfMajorGenre: Record<string, Genre[]> = {
  Action: [g.action],
  Adventure: [g.adventure],
  'Black Comedy': [g.comedy],
  Comedy: [g.comedy],
  'Concert/Performance': [g.music],
  Documentary: [g.documentary],
  Drama: [g.drama],
  Horror: [g.horror],
  Musical: [g.music],
  'Romantic Comedy': [g.romance, g.comedy],
  'Thriller/Suspense': [g.thriller],
  Western: [g.western],
}
/**
 * Only the creative types that are genres. "Historical Fiction" is the data set's label for anything
 * set in the past (The Godfather, Casablanca, Forrest Gump) and "Dramatization" for anything based on
 * real events (Goodfellas, Almost Famous): TMDB's History is neither, so no film gets it from here,
 * and a film whose Major Genre is empty (The Godfather) has no genre rather than a wrong one.
 */
const genresOfCreativeType: Record<string, Genre[]> = {
  Fantasy: [g.fantasy],
  'Kids Fiction': [g.family],
  'Science Fiction': [g.scienceFiction],
}

/**
 * The file was once decoded as Mac OS Roman although it was Windows-1252, so "Amélie" reads
 * "AmÈlie". Mapping each Mac Roman character back to its byte and reading that byte as Windows-1252
 * restores the title; characters Mac Roman lacks (such as the "³" of "Alien³") are already right.
 */
const windows1252Controls = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ'
const macRomanRepair = (() => {
  const macRoman = new TextDecoder('macintosh')
  const repair = new Map<string, string>()
  for (let byte = 0x80; byte <= 0xff; byte++) {
    const windows1252 = byte < 0xa0 ? windows1252Controls.charAt(byte - 0x80) : String.fromCharCode(byte)
    repair.set(macRoman.decode(Uint8Array.of(byte)), windows1252)
  }
  return repair
})()

export function repairText(text: string): string {
  return text.replace(/[^ -~]/g, (char) => macRomanRepair.get(char) ?? char)
}

/**
 * The data set names each film's directors by one name, as credited when it was made. Lana and Lilly
 * Wachowski direct together and go by these names; the data set's "Andy Wachowski" is a name one of
 * them no longer uses, and it leaves the other out.
 */
const directorsNow: Record<string, string[]> = {
  'Andy Wachowski': ['Lana Wachowski', 'Lilly Wachowski'],
  'Larry Wachowski': ['Lana Wachowski', 'Lilly Wachowski'],
}

export const creditedDirectors = (name: string): string[] => directorsNow[name] ?? [name]

/** "Charge of the Light Brigade, The" is a library sort form; the title is "The Charge of…". */
function displayTitle(title: string): string {
  const sortForm = /^(.*), (The|A|An)$/.exec(title)
  return sortForm ? `${sortForm[2]} ${sortForm[1]}` : title
}

/**
 * "King Kong (1933)": the data set tells a remake's original apart by appending its year, which the
 * app already shows beside the title ("King Kong (1933) · 1933"). A year in brackets that is not the
 * release year may be part of the name, so it stays.
 */
function withoutReleaseYear(title: string, releaseDate: string | undefined): string {
  const year = releaseDate?.slice(0, 4)
  return year && title.endsWith(` (${year})`) ? title.slice(0, -` (${year})`.length) : title
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * "Mar 15 1972" → "1972-03-15", as the data set has it; the id is hashed from this. The data set was
 * collected around 2010; some releases of the 1910s–1940s were stored with their two-digit year read
 * as 20xx (Gone with the Wind: 2039), so a year after 2012 is moved back a century.
 */
export function releaseDateOf(text: string | null): string | undefined {
  const match = text ? /^([A-Z][a-z]{2}) (\d{2}) (\d{4})$/.exec(text) : null
  if (!match) return undefined
  const [, monthName = '', day = '', yearText = ''] = match
  const month = months.indexOf(monthName) + 1
  if (month === 0) return undefined
  let year = Number(yearText)
  if (year > 2012) year -= 100
  return `${year}-${String(month).padStart(2, '0')}-${day}`
}

/** Films of the last century the data set has on a 31 December that really opened on it. */
const openedOnNewYearsEve = new Set(['Duel in the Sun', 'The Deer Hunter', 'Witchboard', 'Oscar and Lucinda'])

/**
 * The release date a member is shown. The data set's year-only dates were written as midnight of
 * 1 January UTC and read back in an American time zone: they stand as 31 December of the year before
 * (Casablanca 1941, It's a Wonderful Life 1945, The Apartment 1959: about sixty of the century's
 * films), and an unknown date as the epoch's eve, 31 December 1969 (Barney's Version, made in 2010).
 * Those years are put right (the day stays unknown, as TMDB writes it: 1 January); an unknown date is
 * none. From 2000 on the data set's 31 Decembers are mostly real openings (Defiance, Confessions of a
 * Dangerous Mind), so they stay.
 */
export function shownReleaseDate(title: string, releaseDate: string | undefined): string | undefined {
  if (!releaseDate?.endsWith('-12-31')) return releaseDate
  if (releaseDate === '1969-12-31') return undefined
  const year = Number(releaseDate.slice(0, 4))
  if (year >= 2000 || openedOnNewYearsEve.has(title)) return releaseDate
  return `${year + 1}-01-01`
}

/** FNV-1a, 32 bits: a stable hash so a title keeps its id across installs. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/**
 * Offline ids are negative: TMDB's ids are positive integers, so an offline id can never name a
 * different TMDB title, and a watchlist built offline stays correct after a TMDB token is added
 * (the TMDB adapter hands negative ids back to the offline catalog). The id is a hash of title and
 * release date, so it does not depend on the order of the file; the rare collision moves to the
 * next free id, in file order.
 */
export function offlineId(seed: string, taken: Set<number>): number {
  let id = -1 - (fnv1a(seed) % 2_000_000_000)
  while (taken.has(id)) id -= 1
  taken.add(id)
  return id
}

/**
 * How widely a film is known, in TMDB's usual popularity range: IMDb votes ÷ 1,000. A film the data
 * set has no votes for (the Star Wars episodes among them) is ranked by its worldwide gross instead,
 * converted at the median votes-per-dollar of the films that have both; with neither, 0.
 */
export function popularityOf(row: VegaFilm, votesPerDollar: number): number {
  const votes = row['IMDB Votes'] ?? (row['Worldwide Gross'] ?? 0) * votesPerDollar
  return Math.round(votes / 100) / 10
}

export function medianVotesPerDollar(rows: readonly VegaFilm[]): number {
  const ratios = rows
    .filter((row) => (row['IMDB Votes'] ?? 0) > 0 && (row['Worldwide Gross'] ?? 0) > 0)
    .map((row) => (row['IMDB Votes'] ?? 0) / (row['Worldwide Gross'] ?? 1))
    .sort((a, b) => a - b)
  return ratios[Math.floor(ratios.length / 2)] ?? 0
}

export function filmFromRow(row: VegaFilm, taken: Set<number>, votesPerDollar = 0): OfflineFilm | null {
  if (row.Title === null) return null
  // The id stays a hash of the title as first read, year and all: libraries saved it.
  const idTitle = displayTitle(repairText(String(row.Title)))
  const readDate = releaseDateOf(row['Release Date'])
  const releaseDate = shownReleaseDate(idTitle, readDate)
  const title = withoutReleaseYear(idTitle, releaseDate)
  const genres = [
    ...(genresOfMajorGenre[row['Major Genre'] ?? ''] ?? []),
    ...(genresOfCreativeType[row['Creative Type'] ?? ''] ?? []),
  ]
  const result: MediaResult = {
    id: offlineId(`${idTitle}|${readDate ?? ''}`, taken),
    media_type: 'movie',
    title,
    original_title: title,
    overview: '',
    poster_path: null,
    backdrop_path: null,
    ...(releaseDate ? { release_date: releaseDate } : {}),
    vote_average: row['IMDB Rating'] ?? 0,
    vote_count: row['IMDB Votes'] ?? 0,
    // TMDB's popularity is its own activity score; offline it measures how widely a film is known.
    popularity: popularityOf(row, votesPerDollar),
    genre_ids: genres.map((genre) => genre.id),
  }
  return {
    result,
    runtime: row['Running Time min'],
    directors: row.Director ? creditedDirectors(repairText(row.Director)) : [],
    genres,
  }
}

let loaded: OfflineFilm[] | undefined

/** Reads the films once per process from the installed package. */
export function loadFilms(): OfflineFilm[] {
  if (loaded) return loaded
  const packageEntry = createRequire(import.meta.url).resolve('vega-datasets')
  const file = join(dirname(packageEntry), '..', 'data', 'movies.json')
  const rows = JSON.parse(readFileSync(file, 'utf8')) as VegaFilm[]
  const taken = new Set<number>()
  const votesPerDollar = medianVotesPerDollar(rows)
  loaded = rows
    .map((row) => filmFromRow(row, taken, votesPerDollar))
    .filter((film): film is OfflineFilm => film !== null)
  return loaded
}
