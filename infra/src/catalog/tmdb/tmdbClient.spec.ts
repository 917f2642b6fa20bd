import { describe, expect, it } from 'vitest'
import { createTmdbClient } from './tmdbClient'

/** undici's fetch rejects this way when the socket it reused was closed by the other end. */
const failedWith = (code: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(`read ${code}`), { code }) })

function clientOver(outcomes: Array<Error | Response>) {
  const calls: string[] = []
  const client = createTmdbClient({
    apiToken: 'token',
    baseUrl: 'http://127.0.0.1:9/3',
    sleep: () => Promise.resolve(),
    fetch: (url) => {
      calls.push(url instanceof Request ? url.url : url.toString())
      const next = outcomes.shift()
      if (!next) throw new Error('no more answers in this test')
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
    },
  })
  return { client, calls }
}

const ok = () => Response.json({ page: 1 })

describe('the TMDB client', () => {
  it.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])(
    'sends a GET again when its connection was reset (%s)',
    async (code) => {
      const { client, calls } = clientOver([failedWith(code), ok()])
      await expect(client.get('/trending/movie/week')).resolves.toEqual({ page: 1 })
      expect(calls).toEqual(['http://127.0.0.1:9/3/trending/movie/week', 'http://127.0.0.1:9/3/trending/movie/week'])
    },
  )

  it('gives up after its retries when the connection keeps being reset', async () => {
    const { client, calls } = clientOver([1, 2, 3, 4].map(() => failedWith('ECONNRESET')))
    await expect(client.get('/genre/movie/list')).rejects.toThrow('fetch failed')
    expect(calls).toHaveLength(4)
  })

  it('does not retry a refused connection or a timeout: TMDB is down, and the caller falls back', async () => {
    for (const error of [failedWith('ECONNREFUSED'), new DOMException('timed out', 'TimeoutError')]) {
      const { client, calls } = clientOver([error, ok()])
      await expect(client.get('/movie/upcoming')).rejects.toBe(error)
      expect(calls).toHaveLength(1)
    }
  })
})
