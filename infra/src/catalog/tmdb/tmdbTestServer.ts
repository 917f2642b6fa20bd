import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for api.themoviedb.org/3 on 127.0.0.1 for the adapter's tests. It answers in the
 * response shapes of TMDB's API reference (trending, upcoming, search/multi, genre lists, discover
 * with watch providers, details with append_to_response) and records every request it receives.
 * A test can replace the answer of any path to play a 404, 429 or 500.
 */

export interface TmdbAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export interface TmdbRequest {
  path: string
  query: URLSearchParams
  authorization: string | undefined
}

export type TmdbRoute = (query: URLSearchParams) => TmdbAnswer

export interface TmdbTestServer {
  baseUrl: string
  requests: TmdbRequest[]
  /** Requests whose path is `path`. */
  requestsTo(path: string): TmdbRequest[]
  /** Answers `path` with `route` until `reset()`. */
  override(path: string, route: TmdbRoute): void
  reset(): void
  close(): Promise<void>
}

export const notFound: TmdbAnswer = {
  status: 404,
  body: { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' },
}
export const serverError: TmdbAnswer = {
  status: 500,
  body: { success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' },
}
/** TMDB's answer to a missing or wrong token (status_code 7 of its error list). */
export const unauthorized: TmdbAnswer = {
  status: 401,
  body: { success: false, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' },
}
export const rateLimited = (retryAfterSeconds: string): TmdbAnswer => ({
  status: 429,
  headers: { 'retry-after': retryAfterSeconds },
  body: {
    success: false,
    status_code: 25,
    status_message: 'Your request count (41) is over the allowed limit of (40).',
  },
})

const ok = (body: unknown): TmdbAnswer => ({ status: 200, body })

export const godfather = {
  adult: false,
  backdrop_path: '/tmU7GeKVybMWFButWEGl2M4GeiP.jpg',
  id: 238,
  title: 'The Godfather',
  original_language: 'en',
  original_title: 'The Godfather',
  overview: 'Spanning the years 1945 to 1955, a chronicle of the fictional Italian-American Corleone crime family.',
  poster_path: '/3bhkrj58Vtu7enYsRolD1fZdja1.jpg',
  media_type: 'movie',
  genre_ids: [18, 80],
  popularity: 120.5,
  release_date: '1972-03-14',
  video: false,
  vote_average: 8.7,
  vote_count: 21000,
}

const fightClub = {
  ...godfather,
  id: 550,
  title: 'Fight Club',
  original_title: 'Fight Club',
  overview: 'A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression.',
  poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
  genre_ids: [18],
  popularity: 80.1,
  release_date: '1999-10-15',
}

const spiritedAway = {
  ...godfather,
  id: 129,
  title: 'Spirited Away',
  original_language: 'ja',
  original_title: '千と千尋の神隠し',
  overview: 'A young girl, Chihiro, becomes trapped in a strange new world of spirits.',
  poster_path: null,
  backdrop_path: null,
  genre_ids: [16, 10751, 14],
  popularity: 60.2,
  release_date: '2001-07-20',
}

export const breakingBad = {
  adult: false,
  backdrop_path: '/9faGSFi5jam6pDWGNd0p8JcJgXQ.jpg',
  id: 1396,
  name: 'Breaking Bad',
  original_language: 'en',
  original_name: 'Breaking Bad',
  overview: 'Walter White, a New Mexico chemistry teacher, is diagnosed with Stage III cancer.',
  poster_path: '/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
  media_type: 'tv',
  genre_ids: [18, 80],
  popularity: 300.4,
  first_air_date: '2008-01-20',
  vote_average: 8.9,
  vote_count: 15000,
  origin_country: ['US'],
}

const theOffice = {
  ...breakingBad,
  id: 2316,
  name: 'The Office',
  original_name: 'The Office',
  overview: 'The everyday lives of office employees in the Scranton, Pennsylvania branch of Dunder Mifflin.',
  genre_ids: [35],
  popularity: 250.2,
  first_air_date: '2005-03-24',
}

const page = (results: unknown[], pageNumber = 1, totalResults = results.length) => ({
  page: pageNumber,
  results,
  total_pages: Math.max(1, Math.ceil(totalResults / 20)),
  total_results: totalResults,
})

/** Without media_type, as TMDB's single-type lists (upcoming, discover) answer. */
const withoutMediaType = ({ media_type: _mediaType, ...item }: { media_type: string } & Record<string, unknown>) => item

/**
 * Discover answers: on Netflix (8) in the US there are 30 movies and 30 shows; in France 2 and 1;
 * in the Horror genre (27) 1 movie in the US and none in France. Other providers have nothing.
 */
function discover(mediaType: 'movie' | 'tv', query: URLSearchParams): TmdbAnswer {
  const provider = query.get('with_watch_providers')
  const region = query.get('watch_region')
  const genre = query.get('with_genres')
  const pageNumber = Number(query.get('page') ?? '1')
  let count = 0
  if (provider === '8' && region === 'US') count = genre === '27' ? (mediaType === 'movie' ? 1 : 0) : 30
  if (provider === '8' && region === 'FR') count = genre === '27' ? 0 : mediaType === 'movie' ? 2 : 1
  const base = mediaType === 'movie' ? 100_000 : 200_000
  const regionOffset = region === 'FR' ? 50_000 : 0
  const all = Array.from({ length: count }, (_, i) => {
    const id = base + regionOffset + (genre ? 1000 : 0) + i
    const popularity = 1000 - i * 10 - (mediaType === 'tv' ? 5 : 0)
    return mediaType === 'movie'
      ? { ...withoutMediaType(godfather), id, title: `Movie ${id}`, original_title: `Movie ${id}`, popularity }
      : { ...withoutMediaType(breakingBad), id, name: `Show ${id}`, original_name: `Show ${id}`, popularity }
  })
  return ok(page(all.slice((pageNumber - 1) * 20, pageNumber * 20), pageNumber, count))
}

const video = (key: string, type: string, official: boolean, site = 'YouTube') => ({
  iso_639_1: 'en',
  iso_3166_1: 'US',
  name: `${type} ${key}`,
  key,
  site,
  size: 1080,
  type,
  official,
  published_at: '2022-02-24T17:00:12.000Z',
  id: `video-${key}`,
})

const netflix = {
  logo_path: '/pbpMk2JmcoNnQwx5JGpXngfoWtp.jpg',
  provider_id: 8,
  provider_name: 'Netflix',
  display_priority: 0,
}

export const godfatherDetails = {
  ...withoutMediaType(godfather),
  genre_ids: undefined,
  belongs_to_collection: null,
  budget: 6000000,
  genres: [
    { id: 18, name: 'Drama' },
    { id: 80, name: 'Crime' },
  ],
  homepage: 'http://www.thegodfather.com/',
  imdb_id: 'tt0068646',
  runtime: 175,
  status: 'Released',
  tagline: "An offer you can't refuse.",
  credits: {
    cast: [
      {
        adult: false,
        gender: 2,
        id: 3084,
        known_for_department: 'Acting',
        name: 'Marlon Brando',
        original_name: 'Marlon Brando',
        popularity: 10,
        profile_path: '/fuTEPMsBtV1zE98ujPONbKiYDc2.jpg',
        cast_id: 146,
        character: 'Don Vito Corleone',
        credit_id: '52fe422bc3a36847f8009357',
        order: 0,
      },
      {
        adult: false,
        gender: 2,
        id: 1158,
        known_for_department: 'Acting',
        name: 'Al Pacino',
        original_name: 'Al Pacino',
        popularity: 10,
        profile_path: null,
        cast_id: 147,
        character: 'Michael Corleone',
        credit_id: '52fe422bc3a36847f800935b',
        order: 1,
      },
    ],
    crew: [
      {
        adult: false,
        gender: 2,
        id: 1776,
        known_for_department: 'Directing',
        name: 'Francis Ford Coppola',
        original_name: 'Francis Ford Coppola',
        popularity: 5,
        profile_path: '/3Pblihd6KjXliie9vj4iQJwbNPU.jpg',
        credit_id: '52fe422bc3a36847f800934d',
        department: 'Directing',
        job: 'Director',
      },
      {
        adult: false,
        gender: 2,
        id: 9999,
        known_for_department: 'Crew',
        name: 'A Caterer',
        original_name: 'A Caterer',
        popularity: 0,
        profile_path: null,
        credit_id: 'x',
        department: 'Crew',
        job: 'Craft Service',
      },
    ],
  },
  videos: {
    results: [
      video('clip1', 'Clip', true),
      video('vimeo1', 'Trailer', true, 'Vimeo'),
      video('unofficial1', 'Trailer', false),
      video('official1', 'Trailer', true),
    ],
  },
  'watch/providers': {
    results: {
      US: {
        link: 'https://www.themoviedb.org/movie/238-the-godfather/watch?locale=US',
        flatrate: [netflix],
        rent: [],
        buy: [],
      },
      FR: {
        link: 'https://www.themoviedb.org/movie/238-the-godfather/watch?locale=FR',
        buy: [{ ...netflix, provider_id: 2, provider_name: 'Apple TV' }],
      },
    },
  },
  similar: page([withoutMediaType(fightClub), withoutMediaType(spiritedAway)]),
}

export const breakingBadDetails = {
  ...withoutMediaType(breakingBad),
  genre_ids: undefined,
  genres: [{ id: 18, name: 'Drama' }],
  episode_run_time: [45, 47],
  last_air_date: '2013-09-29',
  number_of_episodes: 62,
  number_of_seasons: 5,
  status: 'Ended',
  tagline: 'Change the equation.',
  credits: { cast: [], crew: [] },
  videos: { results: [video('bbUnofficial', 'Trailer', false), video('bbTeaser', 'Teaser', true)] },
  networks: [{ id: 174, name: 'AMC', logo_path: '/alqLicR1ZMHMaZGP3xRQxn9sq7p.png', origin_country: 'US' }],
  'watch/providers': { results: {} },
  similar: page([withoutMediaType(theOffice)]),
}

export const defaultRoutes: Record<string, TmdbRoute> = {
  '/trending/movie/week': () => ok(page([godfather, fightClub, spiritedAway])),
  '/trending/tv/week': () => ok(page([breakingBad, theOffice])),
  '/movie/upcoming': () =>
    ok({ dates: { maximum: '2026-12-13', minimum: '2026-11-25' }, ...page([withoutMediaType(spiritedAway)]) }),
  '/search/multi': (query) =>
    ok(
      page(
        [
          godfather,
          {
            adult: false,
            id: 3084,
            name: 'Marlon Brando',
            media_type: 'person',
            popularity: 10,
            known_for: [godfather],
          },
          breakingBad,
        ],
        Number(query.get('page') ?? '1'),
        3,
      ),
    ),
  '/genre/movie/list': () =>
    ok({
      genres: [
        { id: 28, name: 'Action' },
        { id: 18, name: 'Drama' },
      ],
    }),
  '/genre/tv/list': () =>
    ok({
      genres: [
        { id: 10759, name: 'Action & Adventure' },
        { id: 18, name: 'Drama' },
      ],
    }),
  '/discover/movie': (query) => discover('movie', query),
  '/discover/tv': (query) => discover('tv', query),
  '/movie/238': () => ok(godfatherDetails),
  '/tv/1396': () => ok(breakingBadDetails),
}

function answer(routes: Map<string, TmdbRoute>, request: IncomingMessage): TmdbAnswer {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1')
  const path = url.pathname.replace(/^\/3/, '')
  const route = routes.get(path)
  return route ? route(url.searchParams) : notFound
}

/** With `apiToken`, a request without that bearer token is answered 401, as TMDB does. */
export async function startTmdbTestServer(options: { apiToken?: string } = {}): Promise<TmdbTestServer> {
  const requests: TmdbRequest[] = []
  const routes = new Map(Object.entries(defaultRoutes))
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push({
      path: url.pathname.replace(/^\/3/, ''),
      query: url.searchParams,
      authorization: request.headers.authorization,
    })
    const refused = options.apiToken !== undefined && request.headers.authorization !== `Bearer ${options.apiToken}`
    const { status, body, headers } = refused ? unauthorized : answer(routes, request)
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers })
    response.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    override: (path, route) => routes.set(path, route),
    reset() {
      requests.length = 0
      routes.clear()
      for (const [path, route] of Object.entries(defaultRoutes)) routes.set(path, route)
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
