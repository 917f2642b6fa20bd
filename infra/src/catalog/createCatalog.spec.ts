import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from '../readStore/embeddedReadStore'
import type { ReadStore } from '../readStore/port'
import { createCatalog } from './createCatalog'
import { startTmdbTestServer, type TmdbTestServer } from './tmdb/tmdbTestServer'

describe('choosing the catalog', () => {
  let readStore: ReadStore
  let server: TmdbTestServer
  beforeAll(async () => {
    readStore = await createEmbeddedReadStore()
    server = await startTmdbTestServer()
  })
  afterAll(async () => {
    await readStore.close()
    await server.close()
  })

  it('is the offline catalog without a TMDB token', async () => {
    const catalog = await createCatalog({ config: {}, readStore })
    expect(catalog.status().source).toBe('offline')
    expect((await catalog.trendingMovies()).results.length).toBeGreaterThan(0)
  })

  it('is TMDB with a token, and still opens titles saved offline', async () => {
    const offline = await createCatalog({ config: {}, readStore })
    const [savedOffline] = (await offline.trendingMovies()).results
    const catalog = await createCatalog({ config: { tmdb: { apiToken: 'token', baseUrl: server.baseUrl } }, readStore })
    expect(catalog.status().source).toBe('tmdb')
    expect((await catalog.trendingMovies()).results[0]?.title).toBe('The Godfather')
    expect((await catalog.details('movie', savedOffline?.id ?? 0)).title).toBe(savedOffline?.title)
    expect(server.requests.map((request) => request.path)).toEqual(['/trending/movie/week'])
  })
})
