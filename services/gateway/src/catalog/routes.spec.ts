import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GenresResponse, MediaDetails, MediaResultList } from '@reelmates/contracts/catalog'
import { createOfflineCatalog } from '@reelmates/infra/catalog/offline/offlineCatalog'
import type { Catalog } from '@reelmates/infra/catalog/port'
import { createSharedCache } from '@reelmates/infra/catalog/tmdb/sharedCache'
import { createTmdbCatalog } from '@reelmates/infra/catalog/tmdb/tmdbCatalog'
import { createTmdbClient } from '@reelmates/infra/catalog/tmdb/tmdbClient'
import { serverError, startTmdbTestServer, type TmdbTestServer } from '@reelmates/infra/catalog/tmdb/tmdbTestServer'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { registerErrorHandling } from '../http/errors'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { catalogRoutes } from './routes'
import { catalogCacheRoutes } from './cacheRoutes'

/** Stands in for the session-based admin check: the routes must use whatever preHandler they are given. */
async function adminByHeader(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers['x-test-role'] !== 'Admin') {
    await reply.code(403).send({ message: "You don't have permission to access this page.", error: 'Forbidden' })
  }
}

/** The offline catalog, noting each autocomplete it is asked for. */
function countingAutocomplete(): Catalog & { calls: string[] } {
  const offline = createOfflineCatalog()
  const calls: string[] = []
  return {
    ...offline,
    calls,
    autocomplete: (query) => {
      calls.push(query)
      return offline.autocomplete(query)
    },
  }
}

async function appWith(catalog: Catalog): Promise<FastifyInstance> {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  await app.register(catalogRoutes, { prefix: '/api', catalog })
  await app.register(catalogCacheRoutes, { prefix: '/api', catalog, requireAdmin: adminByHeader })
  await app.ready()
  return app
}

describe('catalog routes on the offline catalog', () => {
  const catalog = countingAutocomplete()
  let app: FastifyInstance
  beforeAll(async () => {
    app = await appWith(catalog)
  })
  afterAll(() => app.close())

  const get = (url: string) => app.inject({ method: 'GET', url })

  it('GET /api/tmdb/status says the offline catalog is in use', async () => {
    const response = await get('/api/tmdb/status')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ source: 'offline' })
  })

  it('GET /api/tmdb/autocomplete suggests The Godfather first for "godfather"', async () => {
    const response = await get('/api/tmdb/autocomplete?query=godfather')
    expect(response.statusCode).toBe(200)
    expect(response.json<{ results: { title: string }[] }>().results[0]?.title).toBe('The Godfather')
  })

  it('GET /api/tmdb/autocomplete under 2 characters answers empty results without asking the catalog', async () => {
    catalog.calls.length = 0
    for (const url of ['/api/tmdb/autocomplete?query=g', '/api/tmdb/autocomplete?query=', '/api/tmdb/autocomplete']) {
      const response = await get(url)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ results: [] })
    }
    expect(catalog.calls).toEqual([])
  })

  it('GET /api/tmdb/search answers a media result list, page 1 by default', async () => {
    const response = await get('/api/tmdb/search?query=star')
    expect(response.statusCode).toBe(200)
    const list = response.json<MediaResultList>()
    expect(list.page).toBe(1)
    expect(list.results.length).toBeGreaterThan(0)
    expect(list.total_results).toBeGreaterThanOrEqual(list.results.length)
    const second = await get('/api/tmdb/search?query=the&page=2')
    expect(second.json<MediaResultList>().page).toBe(2)
  })

  it.each([
    ['/api/tmdb/search?query=star&page=0', 'page must be at least 1'],
    ['/api/tmdb/search?query=star&page=two', 'page must be a whole number'],
    ['/api/tmdb/search?query=star&page=501', 'page must be at most 500'],
    ['/api/tmdb/search', 'query'],
    [`/api/tmdb/autocomplete?query=${'a'.repeat(201)}`, 'query must be at most 200 characters'],
    ['/api/tmdb/trending/provider/7', 'providerId must be one of 8, 9, 337, 384, 15'],
    ['/api/tmdb/trending/provider/netflix', 'providerId must be a whole number'],
    ['/api/tmdb/trending/provider/8?limit=101', 'limit must be at most 100'],
    ['/api/tmdb/trending/provider/8?limit=0', 'limit must be at least 1'],
    ['/api/tmdb/trending/provider/8?region=USA', 'region must be a two-letter country code'],
    ['/api/tmdb/trending/provider/8?region=ZZ', 'region must be a two-letter country code of ISO 3166-1, e.g. US'],
    ['/api/tmdb/trending/provider/8?region=eu', 'region must be a two-letter country code of ISO 3166-1, e.g. US'],
    ['/api/tmdb/trending/provider/8?genreId=drama', 'genreId must be a whole number'],
    ['/api/tmdb/trending/provider/8?fallback=yes', 'fallback must be true or false'],
    ['/api/tmdb/movie/abc', 'id must be a whole number'],
    ['/api/tmdb/movie/12.5/videos', 'id must be a whole number'],
    ['/api/tmdb/person/12', 'mediaType must be movie or tv'],
    ['/api/tmdb/movie/12/providers?region=1', 'region must be a two-letter country code'],
    ['/api/tmdb/movie/12/providers?region=ZZ', 'region must be a two-letter country code of ISO 3166-1, e.g. US'],
  ])('GET %s → 400 with a message', async (url, message) => {
    const response = await get(url)
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toContain(message)
  })

  it.each([
    ['/api/tmdb/trending/movies', true],
    ['/api/tmdb/trending/tv', true],
    ['/api/tmdb/upcoming/movies', false],
  ])('GET %s answers a media result list', async (url, hasTitles) => {
    const response = await get(url)
    expect(response.statusCode).toBe(200)
    const list = response.json<MediaResultList>()
    expect(list).toMatchObject({ page: 1 })
    expect(list.results.length > 0).toBe(hasTitles)
    if (!hasTitles) expect(list.notice).toEqual(expect.any(String) as unknown)
  })

  it('GET /api/tmdb/genres lists movie and TV genres', async () => {
    const response = await get('/api/tmdb/genres')
    expect(response.statusCode).toBe(200)
    const genres = response.json<GenresResponse>()
    expect(genres.movie).toContainEqual({ id: 878, name: 'Science Fiction' })
    expect(genres.tv).toContainEqual({ id: 10765, name: 'Sci-Fi & Fantasy' })
  })

  it.each([8, 9, 337, 384, 15])(
    'GET /api/tmdb/trending/provider/%i answers the service’s originals on the first call',
    async (providerId) => {
      const response = await get(`/api/tmdb/trending/provider/${providerId}`)
      expect(response.statusCode).toBe(200)
      const list = response.json<MediaResultList>()
      expect(list.results).toHaveLength(5)
      expect(list.needsFallback).toBeUndefined()
      expect(list.notice).toContain('originals')
    },
  )

  it('GET /api/tmdb/trending/provider/337 asks for the fallback above what is known, then fills up', async () => {
    const first = (await get('/api/tmdb/trending/provider/337?limit=100')).json<MediaResultList>()
    expect(first.results.length).toBeGreaterThan(0)
    expect(first).toMatchObject({
      needsFallback: true,
      fallbackUrl: '/api/tmdb/trending/provider/337?limit=100&region=US&fallback=true',
    })
    const fallback = (await get(first.fallbackUrl ?? '')).json<MediaResultList>()
    expect(fallback.results).toHaveLength(100)
    expect(fallback.notice).toContain("which are not Disney+'s catalogue")
  })

  it('GET /api/tmdb/trending/provider/8 takes limit, region, genreId and fallback', async () => {
    // The web client adds _ts to every URL (spec §7); it is not a parameter of the call.
    const response = await get(
      '/api/tmdb/trending/provider/8?limit=12&region=gb&genreId=18&fallback=true&_ts=1763800000000',
    )
    expect(response.statusCode).toBe(200)
    const list = response.json<MediaResultList>()
    expect(list.results).toHaveLength(12)
    expect(list.results.every((title) => title.genre_ids.includes(18))).toBe(true)
    expect(list.notice).toContain('known offline only in the US')
  })

  describe('TV details', () => {
    let id: number
    beforeAll(async () => {
      const [show] = (await get('/api/tmdb/autocomplete?query=stranger%20things')).json<{ results: { id: number }[] }>()
        .results
      id = show?.id ?? 0
    })

    it('GET /api/tmdb/tv/:id answers the series, its creators and no poster', async () => {
      const response = await get(`/api/tmdb/tv/${id}`)
      expect(response.statusCode).toBe(200)
      const details = response.json<MediaDetails>()
      expect(details).toMatchObject({ id, media_type: 'tv', name: 'Stranger Things', first_air_date: '2016' })
      expect(details.poster_path).toBeNull()
      expect(details.credits.crew.map((member) => member.name)).toEqual(['Matt Duffer', 'Ross Duffer'])
    })

    it('GET /api/tmdb/tv/:id/providers answers the service it is an original of', async () => {
      const response = await get(`/api/tmdb/tv/${id}/providers?region=US`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id,
        results: { US: { flatrate: [{ provider_id: 8, provider_name: 'Netflix', logo_path: null }] } },
      })
    })
  })

  describe('details', () => {
    let id: number
    beforeAll(async () => {
      const [godfather] = (await get('/api/tmdb/autocomplete?query=godfather')).json<{ results: { id: number }[] }>()
        .results
      id = godfather?.id ?? 0
    })

    it('GET /api/tmdb/movie/:id answers real fields and no poster', async () => {
      const response = await get(`/api/tmdb/movie/${id}`)
      expect(response.statusCode).toBe(200)
      expect(response.json<MediaDetails>()).toMatchObject({
        id,
        title: 'The Godfather',
        release_date: '1972-03-15',
        poster_path: null,
      })
    })

    it('GET /api/tmdb/movie/:id/videos answers the videos and the trailer', async () => {
      const response = await get(`/api/tmdb/movie/${id}/videos`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ results: [], trailer: null })
    })

    it('GET /api/tmdb/movie/:id/providers answers the providers per region', async () => {
      const response = await get(`/api/tmdb/movie/${id}/providers?region=US`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ id, results: {} })
    })

    it('GET /api/tmdb/tv/:id of an unknown title → 404 with a message', async () => {
      const response = await get('/api/tmdb/tv/-5')
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'No TV show with id -5 was found.', error: 'Not Found' })
    })
  })

  it('POST /api/admin/refresh-api-cache is for admins only', async () => {
    const refused = await app.inject({ method: 'POST', url: '/api/admin/refresh-api-cache' })
    expect(refused.statusCode).toBe(403)
    const done = await app.inject({
      method: 'POST',
      url: '/api/admin/refresh-api-cache',
      headers: { 'x-test-role': 'Admin' },
    })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ message: 'Catalog cache cleared (0 entries).', cleared: 0 })
  })
})

describe('catalog routes on TMDB', () => {
  let server: TmdbTestServer
  let app: FastifyInstance
  let readStore: ReadStore

  beforeAll(async () => {
    server = await startTmdbTestServer()
    readStore = await createEmbeddedReadStore()
    const cache = createSharedCache(readStore, () => new Date())
    const client = createTmdbClient({ apiToken: 'token', baseUrl: server.baseUrl, sleep: () => Promise.resolve() })
    app = await appWith(createTmdbCatalog({ client, cache }))
  })
  afterAll(async () => {
    await app.close()
    await server.close()
    await readStore.close()
  })

  it('GET /api/tmdb/movie/:id answers TMDB details with the selected trailer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/tmdb/movie/238' })
    expect(response.statusCode).toBe(200)
    expect(response.json<MediaDetails>()).toMatchObject({ title: 'The Godfather', trailer: { key: 'official1' } })
    const providers = await app.inject({ method: 'GET', url: '/api/tmdb/movie/238/providers?region=fr' })
    expect(Object.keys(providers.json<{ results: object }>().results)).toEqual(['FR'])
  })

  it('an upstream failure → 502 with the spec message', async () => {
    server.override('/trending/tv/week', () => serverError)
    const response = await app.inject({ method: 'GET', url: '/api/tmdb/trending/tv' })
    expect(response.statusCode).toBe(502)
    expect(response.json()).toEqual({ message: 'Failed to get trending TV shows', error: 'Bad Gateway' })
  })

  it('a title TMDB does not know → 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/tmdb/movie/999' })).statusCode).toBe(404)
  })

  it('POST /api/admin/refresh-api-cache empties the shared cache', async () => {
    await app.inject({ method: 'GET', url: '/api/tmdb/trending/movies' })
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/refresh-api-cache',
      headers: { 'x-test-role': 'Admin' },
    })
    expect(response.json<{ cleared: number }>().cleared).toBeGreaterThan(0)
    expect(await readStore.collection('catalog_cache').countDocuments()).toBe(0)
  })
})

describe('catalog routes in the real composition (embedded column, no TMDB token)', () => {
  let test: TestApp
  beforeAll(async () => {
    test = await createTestApp()
  })
  afterAll(() => test.close())

  it('serves the offline catalog and says so', async () => {
    const client = agent(test.app)
    expect((await client.get('/api/tmdb/status')).json()).toMatchObject({ source: 'offline' })
    const godfather = await client.get('/api/tmdb/search?query=godfather')
    expect(godfather.json<MediaResultList>().results[0]?.title).toBe('The Godfather')
  })

  it('answers trending movies, trending TV, genres and each provider page with titles on the first call', async () => {
    const client = agent(test.app)
    for (const url of ['/api/tmdb/trending/movies', '/api/tmdb/trending/tv']) {
      expect((await client.get(url)).json<MediaResultList>().results.length, url).toBeGreaterThan(0)
    }
    const genres = (await client.get('/api/tmdb/genres')).json<GenresResponse>()
    expect([genres.movie.length > 0, genres.tv.length > 0]).toEqual([true, true])
    for (const providerId of [8, 9, 337, 384, 15]) {
      const list = (await client.get(`/api/tmdb/trending/provider/${providerId}`)).json<MediaResultList>()
      expect({ providerId, titles: list.results.length, needsFallback: list.needsFallback }).toEqual({
        providerId,
        titles: 5,
        needsFallback: undefined,
      })
    }
  })

  it('refreshes the API cache for an admin only', async () => {
    const client = agent(test.app)
    expect((await client.post('/api/admin/refresh-api-cache')).statusCode).toBe(401)
    const registered = await client.post('/api/register', {
      username: 'cinephile',
      email: 'cinephile@example.com',
      password: 'correct-horse',
    })
    expect(registered.statusCode, registered.body).toBe(201)
    expect((await client.post('/api/admin/refresh-api-cache')).statusCode).toBe(403)

    const userId = registered.json<{ id: string }>().id
    const { position } = await handleCommand(test.platform.eventStore, {
      decider: account,
      streamId: accountStreamId(userId),
      command: { type: 'ChangeRole', userId, role: 'Admin' },
      metadata: { correlationId: 'test', causationId: 'test', actorId: 'test', occurredAt: new Date().toISOString() },
    })
    if (position !== null) await test.platform.projections.waitForPosition(position)
    const refreshed = await client.post('/api/admin/refresh-api-cache')
    expect(refreshed.statusCode).toBe(200)
    expect(refreshed.json()).toEqual({ message: 'Catalog cache cleared (0 entries).', cleared: 0 })
  })

  it('refuses the refresh without the CSRF token', async () => {
    const client = agent(test.app)
    expect((await client.post('/api/admin/refresh-api-cache', undefined, { csrf: false })).statusCode).toBe(403)
  })
})
