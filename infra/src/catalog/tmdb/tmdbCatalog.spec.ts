import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mediaDetailsSchema, mediaResultListSchema, type MediaResultList } from '@reelmates/contracts/catalog'
import { createOfflineCatalog } from '../offline/offlineCatalog'
import { CatalogUnavailable, TitleNotFound, type Catalog } from '../port'
import { createEmbeddedReadStore } from '../../readStore/embeddedReadStore'
import type { ReadStore } from '../../readStore/port'
import { createSharedCache } from './sharedCache'
import { createTmdbCatalog } from './tmdbCatalog'
import { createTmdbClient, retryDelayMs } from './tmdbClient'
import { notFound, rateLimited, serverError, startTmdbTestServer, type TmdbTestServer } from './tmdbTestServer'

const hour = 60 * 60 * 1000
const token = 'test-read-access-token'

let server: TmdbTestServer
let clock: number
let sleeps: number[]
let errors: string[]
let catalog: Catalog
let readStore: ReadStore

beforeAll(async () => {
  server = await startTmdbTestServer({ apiToken: token })
})
afterAll(() => server.close())
afterEach(() => readStore.close())

beforeEach(async () => {
  server.reset()
  readStore = await createEmbeddedReadStore()
  clock = Date.parse('2026-11-22T08:00:00Z')
  sleeps = []
  errors = []
  catalog = createTmdbCatalog({
    client: createTmdbClient({
      apiToken: token,
      baseUrl: server.baseUrl,
      sleep: (ms) => {
        sleeps.push(ms)
        return Promise.resolve()
      },
    }),
    cache: createSharedCache(readStore, () => new Date(clock)),
    offline: createOfflineCatalog(),
    onError: (message) => errors.push(message),
  })
})

const titlesOf = (list: MediaResultList) => list.results.map((result) => result.title ?? result.name)

describe('the TMDB catalog', () => {
  it('calls TMDB with the bearer token', async () => {
    await catalog.trendingMovies()
    expect(server.requests).toEqual([
      expect.objectContaining({ path: '/trending/movie/week', authorization: `Bearer ${token}` }),
    ])
  })

  it('maps trending movies to media results, with TMDB image paths kept for the app to complete', async () => {
    const trending = await catalog.trendingMovies()
    expect(mediaResultListSchema.parse(trending)).toEqual(trending)
    expect(trending).toMatchObject({ page: 1, total_results: 3, total_pages: 1 })
    expect(trending.results[0]).toMatchObject({
      id: 238,
      media_type: 'movie',
      title: 'The Godfather',
      poster_path: '/3bhkrj58Vtu7enYsRolD1fZdja1.jpg',
      genre_ids: [18, 80],
    })
    expect(trending.results[2]).toMatchObject({ title: 'Spirited Away', poster_path: null, backdrop_path: null })
  })

  it.each([
    ['trending movies', (c: Catalog) => c.trendingMovies(), '/trending/movie/week', 24 * hour],
    ['trending TV', (c: Catalog) => c.trendingTv(), '/trending/tv/week', 24 * hour],
    ['upcoming movies', (c: Catalog) => c.upcomingMovies(), '/movie/upcoming', 24 * hour],
    ['genres', (c: Catalog) => c.genres(), '/genre/movie/list', 24 * hour],
  ])('keeps %s for 24 hours', async (_name, call, path, lifetime) => {
    const first = await call(catalog)
    clock += lifetime - 1
    expect(await call(catalog)).toEqual(first)
    expect(server.requestsTo(path)).toHaveLength(1)
    clock += 1
    await call(catalog)
    expect(server.requestsTo(path)).toHaveLength(2)
  })

  it('asks TMDB once for calls that miss the cache at the same time', async () => {
    const [first, second] = await Promise.all([catalog.trendingMovies(), catalog.trendingMovies()])
    expect(second).toEqual(first)
    expect(server.requestsTo('/trending/movie/week')).toHaveLength(1)
  })

  it('lists trending TV shows by name', async () => {
    expect(titlesOf(await catalog.trendingTv())).toEqual(['Breaking Bad', 'The Office'])
  })

  it('marks upcoming movies as movies although TMDB omits the media type there', async () => {
    expect((await catalog.upcomingMovies()).results).toEqual([
      expect.objectContaining({ id: 129, media_type: 'movie' }),
    ])
  })

  it('lists movie and TV genres', async () => {
    expect(await catalog.genres()).toEqual({
      movie: [
        { id: 28, name: 'Action' },
        { id: 18, name: 'Drama' },
      ],
      tv: [
        { id: 10759, name: 'Action & Adventure' },
        { id: 18, name: 'Drama' },
      ],
    })
  })

  it('searches movies and shows page by page, leaving people out, without caching', async () => {
    const results = await catalog.search('godfather', 2)
    expect(titlesOf(results)).toEqual(['The Godfather', 'Breaking Bad'])
    expect(results.page).toBe(2)
    await catalog.search('godfather', 2)
    const requests = server.requestsTo('/search/multi')
    expect(requests).toHaveLength(2)
    expect(requests[0]?.query.get('query')).toBe('godfather')
    expect(requests[0]?.query.get('page')).toBe('2')
  })

  describe('autocomplete', () => {
    it('asks nothing for a query under 2 characters', async () => {
      expect(await catalog.autocomplete('g')).toEqual([])
      expect(server.requests).toEqual([])
    })

    it('suggests from TMDB and from titles already seen', async () => {
      await catalog.trendingTv()
      const suggestions = await catalog.autocomplete('break')
      expect(suggestions.map((s) => s.title ?? s.name)).toContain('Breaking Bad')
      expect(suggestions.map((s) => s.title ?? s.name)).not.toContain('Marlon Brando')
    })

    it('returns what it already knows, without throwing, when TMDB fails', async () => {
      await catalog.trendingMovies()
      server.override('/search/multi', () => serverError)
      expect((await catalog.autocomplete('godfat')).map((s) => s.title)).toEqual(['The Godfather'])
      expect(await catalog.autocomplete('zzzz')).toEqual([])
      expect(errors).toEqual(['Failed to get autocomplete suggestions', 'Failed to get autocomplete suggestions'])
    })
  })

  describe('trending per provider', () => {
    it('merges the provider movies and shows, most popular first, up to the limit', async () => {
      const list = await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'US' })
      expect(list.results).toHaveLength(5)
      const popularity = list.results.map((title) => title.popularity)
      expect(popularity).toEqual([...popularity].sort((a, b) => b - a))
      expect(new Set(list.results.map((title) => title.media_type))).toEqual(new Set(['movie', 'tv']))
      expect(list.needsFallback).toBeUndefined()
      const discover = server.requestsTo('/discover/movie')[0]?.query
      expect(discover?.get('with_watch_providers')).toBe('8')
      expect(discover?.get('watch_region')).toBe('US')
      expect(discover?.get('sort_by')).toBe('popularity.desc')
    })

    it('counts every title on the provider while the list holds only those, and no more once it was widened', async () => {
      expect((await catalog.trendingForProvider({ providerId: 8, limit: 20, region: 'US' })).total_results).toBe(60)
      const widened = await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'FR', fallback: true })
      expect(widened.results).toHaveLength(5)
      expect(widened.total_results).toBe(5)
    })

    it('keeps a full list of 5 or fewer for 24 hours', async () => {
      await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'US' })
      clock += 24 * hour - 1
      await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'US' })
      expect(server.requestsTo('/discover/movie')).toHaveLength(1)
      clock += 1
      await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'US' })
      expect(server.requestsTo('/discover/movie')).toHaveLength(2)
    })

    it('reads as many TMDB pages as a larger limit needs and keeps that list for 1 hour', async () => {
      const list = await catalog.trendingForProvider({ providerId: 8, limit: 45, region: 'US' })
      expect(list.results).toHaveLength(45)
      expect(server.requestsTo('/discover/movie').map((r) => r.query.get('page'))).toEqual(['1', '2'])
      clock += hour - 1
      await catalog.trendingForProvider({ providerId: 8, limit: 45, region: 'US' })
      expect(server.requestsTo('/discover/movie')).toHaveLength(2)
      clock += 1
      await catalog.trendingForProvider({ providerId: 8, limit: 45, region: 'US' })
      expect(server.requestsTo('/discover/movie')).toHaveLength(4)
    })

    it('reads no more pages than TMDB has', async () => {
      await catalog.trendingForProvider({ providerId: 8, limit: 100, region: 'FR' })
      expect(server.requestsTo('/discover/movie').map((r) => r.query.get('page'))).toEqual(['1'])
    })

    it('does not keep a list shorter than its limit, and asks the client to fall back', async () => {
      const short = await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'FR' })
      expect(short.results).toHaveLength(3)
      expect(short).toMatchObject({
        needsFallback: true,
        fallbackUrl: '/api/tmdb/trending/provider/8?limit=5&region=FR&fallback=true',
      })
      await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'FR' })
      expect(server.requestsTo('/discover/movie')).toHaveLength(2)
    })

    it('on fallback, widens to the US and keeps the regional titles first', async () => {
      const list = await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'FR', fallback: true })
      expect(list.results).toHaveLength(5)
      expect(list.needsFallback).toBeUndefined()
      expect(
        list.results
          .slice(0, 3)
          .map((title) => title.id)
          .sort(),
      ).toEqual([150_000, 150_001, 250_000])
      expect(server.requestsTo('/discover/movie').map((r) => r.query.get('watch_region'))).toEqual(['FR', 'US'])
    })

    it('on fallback, drops the genre before the region', async () => {
      const list = await catalog.trendingForProvider({
        providerId: 8,
        limit: 5,
        region: 'US',
        genreId: 27,
        fallback: true,
      })
      expect(list.results[0]?.id).toBe(101_000)
      expect(list.results).toHaveLength(5)
      expect(server.requestsTo('/discover/movie').map((r) => r.query.get('with_genres'))).toEqual(['27', null])
    })

    it('answers an empty list with needsFallback for a provider TMDB has nothing for', async () => {
      expect(await catalog.trendingForProvider({ providerId: 337, limit: 5, region: 'US' })).toMatchObject({
        results: [],
        needsFallback: true,
      })
    })
  })

  describe('details', () => {
    it('reads a movie with credits, videos, watch providers and similar titles in one call', async () => {
      const details = await catalog.details('movie', 238)
      expect(mediaDetailsSchema.parse(details)).toEqual(details)
      expect(server.requests).toHaveLength(1)
      expect(server.requests[0]?.query.get('append_to_response')).toBe('credits,videos,watch/providers,similar')
      expect(details).toMatchObject({
        id: 238,
        media_type: 'movie',
        title: 'The Godfather',
        runtime: 175,
        tagline: "An offer you can't refuse.",
        genres: [
          { id: 18, name: 'Drama' },
          { id: 80, name: 'Crime' },
        ],
        genre_ids: [18, 80],
      })
      expect(details.credits.cast.map((person) => person.character)).toEqual(['Don Vito Corleone', 'Michael Corleone'])
      expect(details.credits.crew.map((person) => person.job)).toEqual(['Director'])
      expect(details.watch_providers.US?.flatrate?.[0]).toMatchObject({ provider_id: 8, provider_name: 'Netflix' })
      expect(details.similar.map((title) => title.title)).toEqual(['Fight Club', 'Spirited Away'])
      expect(details.similar.every((title) => title.media_type === 'movie')).toBe(true)
    })

    it('picks the official YouTube trailer', async () => {
      expect((await catalog.details('movie', 238)).trailer?.key).toBe('official1')
    })

    it('picks any YouTube trailer when none is official', async () => {
      expect((await catalog.details('tv', 1396)).trailer?.key).toBe('bbUnofficial')
    })

    it('reads a show with its seasons and episodes', async () => {
      expect(await catalog.details('tv', 1396)).toMatchObject({
        name: 'Breaking Bad',
        media_type: 'tv',
        number_of_seasons: 5,
        number_of_episodes: 62,
        episode_run_time: [45, 47],
        networks: [{ id: 174, name: 'AMC', logo_path: '/alqLicR1ZMHMaZGP3xRQxn9sq7p.png' }],
      })
      expect(server.requests[0]?.path).toBe('/tv/1396')
    })

    it('keeps details for 24 hours', async () => {
      await catalog.details('movie', 238)
      clock += 24 * hour - 1
      await catalog.details('movie', 238)
      expect(server.requests).toHaveLength(1)
    })

    it('answers TitleNotFound for a 404', async () => {
      await expect(catalog.details('movie', 999_999)).rejects.toBeInstanceOf(TitleNotFound)
    })

    it('hands negative ids to the offline catalog, so titles saved offline still open', async () => {
      const [film] = (await createOfflineCatalog().trendingMovies()).results
      const details = await catalog.details('movie', film?.id ?? 0)
      expect(details.title).toBe(film?.title)
      expect(server.requests).toEqual([])
    })
  })

  describe('failures', () => {
    it.each([
      ['search', '/search/multi', (c: Catalog) => c.search('godfather', 1), 'Failed to search media'],
      ['trending movies', '/trending/movie/week', (c: Catalog) => c.trendingMovies(), 'Failed to get trending movies'],
      ['trending TV', '/trending/tv/week', (c: Catalog) => c.trendingTv(), 'Failed to get trending TV shows'],
      ['upcoming', '/movie/upcoming', (c: Catalog) => c.upcomingMovies(), 'Failed to get upcoming movies'],
      ['genres', '/genre/tv/list', (c: Catalog) => c.genres(), 'Failed to get genres'],
      [
        'provider',
        '/discover/tv',
        (c: Catalog) => c.trendingForProvider({ providerId: 8, limit: 5, region: 'US' }),
        'Failed to get trending for provider 8',
      ],
      ['details', '/movie/238', (c: Catalog) => c.details('movie', 238), 'Failed to get details for movie 238'],
    ])('throws the spec message when %s fails with a 500', async (_name, path, call, message) => {
      server.override(path, () => serverError)
      const failure = call(catalog)
      await expect(failure).rejects.toBeInstanceOf(CatalogUnavailable)
      await expect(failure).rejects.toThrow(message)
    })

    it('throws the spec message when TMDB cannot be reached', async () => {
      const closed = await startTmdbTestServer()
      await closed.close()
      const unreachable = createTmdbCatalog({
        client: createTmdbClient({ apiToken: token, baseUrl: closed.baseUrl }),
        cache: createSharedCache(readStore, () => new Date(clock)),
      })
      await expect(unreachable.upcomingMovies()).rejects.toThrow('Failed to get upcoming movies')
    })

    it('says the token was refused when TMDB answers 401, behind the spec message', async () => {
      const wrongToken = createTmdbCatalog({
        client: createTmdbClient({ apiToken: 'not-the-token', baseUrl: server.baseUrl }),
        cache: createSharedCache(readStore, () => new Date(clock)),
      })
      const failure = wrongToken.trendingMovies()
      await expect(failure).rejects.toThrow('Failed to get trending movies')
      const error = await failure.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CatalogUnavailable)
      expect((error as CatalogUnavailable).cause).toMatchObject({
        status: 401,
        message: expect.stringContaining('TMDB refused the API token (401: Invalid API key') as unknown,
      })
      expect((error as Error & { cause: Error }).cause.message).toContain('TMDB_API_TOKEN')
    })

    it('throws the spec message on a 404 from a list endpoint', async () => {
      server.override('/trending/movie/week', () => notFound)
      await expect(catalog.trendingMovies()).rejects.toThrow('Failed to get trending movies')
    })

    it('does not cache a failure', async () => {
      server.override('/trending/movie/week', () => serverError)
      await expect(catalog.trendingMovies()).rejects.toThrow()
      server.reset()
      expect((await catalog.trendingMovies()).results).toHaveLength(3)
    })

    it('waits as long as Retry-After says after a 429, then succeeds', async () => {
      let calls = 0
      server.override('/trending/movie/week', () =>
        ++calls === 1
          ? rateLimited('2')
          : { status: 200, body: { page: 1, results: [], total_pages: 1, total_results: 0 } },
      )
      expect((await catalog.trendingMovies()).results).toEqual([])
      expect(sleeps).toEqual([2000])
      expect(server.requestsTo('/trending/movie/week')).toHaveLength(2)
    })

    it('gives up after a bounded number of 429s with the spec message', async () => {
      server.override('/trending/tv/week', () => rateLimited('1'))
      await expect(catalog.trendingTv()).rejects.toThrow('Failed to get trending TV shows')
      expect(server.requestsTo('/trending/tv/week')).toHaveLength(4)
      expect(sleeps).toEqual([1000, 1000, 1000])
    })
  })

  it('shares its cache with every gateway instance on the same read store', async () => {
    await catalog.trendingMovies()
    const otherInstance = createTmdbCatalog({
      client: createTmdbClient({ apiToken: token, baseUrl: server.baseUrl }),
      cache: createSharedCache(readStore, () => new Date(clock)),
    })
    expect((await otherInstance.trendingMovies()).results).toHaveLength(3)
    expect(server.requestsTo('/trending/movie/week')).toHaveLength(1)
  })

  it('empties its cache on request', async () => {
    await catalog.trendingMovies()
    await catalog.genres()
    expect(await catalog.clearCache()).toBe(2)
    await catalog.trendingMovies()
    expect(server.requestsTo('/trending/movie/week')).toHaveLength(2)
  })

  it('says it is TMDB, with the notice TMDB asks for', () => {
    expect(catalog.status()).toMatchObject({
      source: 'tmdb',
      attribution: 'This product uses the TMDB API but is not endorsed or certified by TMDB.',
    })
  })
})

describe('the delay after a 429', () => {
  const now = Date.parse('2026-11-22T08:00:00Z')

  it('is Retry-After in seconds', () => expect(retryDelayMs('3', 0, now, 10_000)).toBe(3000))
  it('or until a Retry-After date', () =>
    expect(retryDelayMs(new Date(now + 4000).toUTCString(), 0, now, 10_000)).toBe(4000))
  it('backs off exponentially without Retry-After', () => {
    expect(retryDelayMs(null, 0, now, 10_000)).toBe(500)
    expect(retryDelayMs(null, 2, now, 10_000)).toBe(2000)
  })
  it('never exceeds its cap', () => expect(retryDelayMs('3600', 0, now, 10_000)).toBe(10_000))
})
