import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { signedInAgent } from '../testing/signedIn'

let test: TestApp
let movieId: number
const entryId = '0b6f2f43-3c1f-4f6e-9d0c-5b8a0f0e7a11'

beforeAll(async () => {
  test = await createTestApp()
  movieId = (await test.platform.catalog.trendingMovies()).results[0]!.id
})
afterAll(() => test.close())

type Method = 'get' | 'post' | 'patch' | 'delete'
const routes = (): [Method, string, unknown?][] => [
  ['get', '/api/watchlist'],
  ['post', '/api/watchlist', { tmdbId: movieId, mediaType: 'movie' }],
  ['patch', `/api/watchlist/movie/${movieId}`, { note: 'x' }],
  ['post', `/api/watchlist/movie/${movieId}/move`, { toIndex: 0 }],
  ['delete', `/api/watchlist/movie/${movieId}`],
  ['get', '/api/watchlist/export'],
  ['get', '/api/watched'],
  ['post', '/api/watched', { tmdbId: movieId, mediaType: 'movie' }],
  ['patch', `/api/watched/${entryId}`, { rating: 5 }],
  ['delete', `/api/watched/${entryId}`],
  ['get', '/api/watched/export'],
  ['get', `/api/library/status/movie/${movieId}`],
  ['get', '/api/library/watched-titles'],
]

describe('library API, every route', () => {
  it('answers 401 with the error JSON to someone not signed in, and changes nothing', async () => {
    const anonymous = agent(test.app)
    for (const [method, url, body] of routes()) {
      const answer =
        method === 'get' || method === 'delete' ? await anonymous[method](url) : await anonymous[method](url, body)
      expect(answer.statusCode, `${method} ${url}`).toBe(401)
      expect(answer.json<{ message: string }>().message, `${method} ${url}`).toEqual(expect.any(String))
    }
    expect(await test.platform.readStore.collection('watchlist_items').countDocuments()).toBe(0)
    expect(await test.platform.readStore.collection('watched_items').countDocuments()).toBe(0)
  })

  it('refuses bad title paths on the status call and bad export formats', async () => {
    const { client } = await signedInAgent(test.app, 'lib_bad')
    const cases: [string, RegExp][] = [
      ['/api/library/status/book/1', /mediaType must be movie or tv/],
      ['/api/library/status/movie/abc', /tmdbId must be a number/],
      ['/api/library/status/movie/1.5', /whole number/],
      ['/api/library/status/movie/0', /tmdbId must not be 0/],
      ['/api/watchlist/export?format=xml', /format must be csv or json/],
      ['/api/watched/export?format=xlsx', /format must be csv or json/],
    ]
    for (const [url, message] of cases) {
      const answer = await client.get(url)
      expect(answer.statusCode, url).toBe(400)
      expect(answer.json<{ message: string }>().message, url).toMatch(message)
    }
    expect((await client.get(`/api/library/status/tv/${movieId}`)).statusCode).toBe(200)
  })

  it('documents the error answers of each route in the OpenAPI document', async () => {
    const document = (await test.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }>()
    const declared = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {})
    const expected: [string, string, string[]][] = [
      ['/api/watchlist', 'get', ['200', '400', '401']],
      ['/api/watchlist', 'post', ['201', '400', '401', '404', '409']],
      ['/api/watchlist/{mediaType}/{tmdbId}', 'patch', ['200', '400', '401', '404']],
      ['/api/watchlist/{mediaType}/{tmdbId}/move', 'post', ['200', '400', '401', '404']],
      ['/api/watchlist/{mediaType}/{tmdbId}', 'delete', ['200', '400', '401', '404']],
      ['/api/watched', 'get', ['200', '400', '401']],
      ['/api/watched', 'post', ['201', '400', '401', '404']],
      ['/api/watched/{entryId}', 'patch', ['200', '400', '401', '404']],
      ['/api/watched/{entryId}', 'delete', ['200', '400', '401', '404']],
      ['/api/library/status/{mediaType}/{tmdbId}', 'get', ['200', '400', '401']],
      ['/api/watchlist/export', 'get', ['400', '401']],
      ['/api/watched/export', 'get', ['400', '401']],
    ]
    for (const [path, method, statuses] of expected) {
      expect(declared(path, method).sort(), `${method} ${path}`).toEqual(expect.arrayContaining(statuses))
    }
  })
})
