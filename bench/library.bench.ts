/**
 * The watchlist under load, each figure next to a hello-world baseline measured the same way in the
 * same run: add-to-watchlist round trips with 50 concurrent users, and `GET /api/watchlist` for a
 * user with 500 titles.
 */
import Fastify from 'fastify'
import autocannon from 'autocannon'
import { pathToFileURL } from 'node:url'
import { createTestApp } from '../services/gateway/src/testing/testApp'
import { httpClient } from '../services/gateway/test/serverProcess'

const users = 50
const durationMs = 5_000

/**
 * `users` concurrent loops, each doing `step` until time runs out; answers the steps per second that
 * did what they were for (`step` answers false for one that did not, e.g. an add refused with 409).
 */
async function roundTripsPerSecond(step: (user: number, n: number) => Promise<boolean>): Promise<number> {
  const deadline = Date.now() + durationMs
  let done = 0
  await Promise.all(
    Array.from({ length: users }, async (_, user) => {
      for (let n = 0; Date.now() < deadline; n++) {
        if (await step(user, n)) done++
      }
    }),
  )
  return Math.round(done / (durationMs / 1000))
}

export async function benchLibrary(): Promise<Record<string, number | string>> {
  const hello = Fastify()
  hello.post('/hello', async () => ({ hello: 'world' }))
  hello.get('/hello', async () => ({ hello: 'world' }))
  const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 })

  const test = await createTestApp()
  const url = await test.app.listen({ host: '127.0.0.1', port: 0 })
  try {
    const catalog = test.platform.catalog
    const titles: number[] = []
    for (let page = 1; titles.length < 2_000; page++) {
      const list = await catalog.search('the', page)
      if (list.results.length === 0) break
      titles.push(...list.results.filter((r) => r.media_type === 'movie').map((r) => r.id))
    }
    if (titles.length < 500) throw new Error(`the catalog gave only ${titles.length} movies for the benchmark`)

    const clients = await Promise.all(
      Array.from({ length: users }, async (_, n) => {
        const client = httpClient(url)
        const answer = await client.call('POST', '/api/register', {
          username: `bench${n}`,
          email: `bench${n}@example.com`,
          password: 'bench-password',
        })
        if (!answer.ok) throw new Error(`register: ${answer.status} ${await answer.text()}`)
        return client
      }),
    )

    const baselinePost = await roundTripsPerSecond(async () => {
      const answer = await fetch(`${helloUrl}/hello`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      await answer.arrayBuffer()
      return answer.ok
    })
    // Each user walks through the titles from its own starting point, so an add is a new title until
    // a user has added them all; a 409 (already there) is counted apart, not as an add.
    let refused = 0
    const adds = await roundTripsPerSecond(async (user, n) => {
      const tmdbId = titles[(user * 37 + n) % titles.length]!
      const answer = await clients[user]!.call('POST', '/api/watchlist', { tmdbId, mediaType: 'movie' })
      await answer.arrayBuffer()
      if (answer.status === 409) refused++
      else if (answer.status !== 201) throw new Error(`add: ${answer.status}`)
      return answer.status === 201
    })

    // One user with exactly 500 titles on the watchlist.
    const reader = httpClient(url)
    await reader.call('POST', '/api/register', {
      username: 'bench_reader',
      email: 'reader@example.com',
      password: 'bench-password',
    })
    let position = '0'
    for (const tmdbId of titles.slice(0, 500)) {
      const answer = await reader.call('POST', '/api/watchlist', { tmdbId, mediaType: 'movie' })
      position = ((await answer.json()) as { position: string }).position
    }
    const check = await reader.call('GET', '/api/watchlist?pageSize=500', undefined, { 'x-min-position': position })
    const total = ((await check.json()) as { total: number }).total
    if (total !== 500) throw new Error(`expected 500 titles, the read model has ${total}`)
    const cookie = reader.cookieHeader()

    const cannon = async (target: string, headers: Record<string, string> = {}) => {
      const result = await autocannon({ url: target, connections: users, duration: durationMs / 1000, headers })
      if (result.non2xx > 0) throw new Error(`${target}: ${result.non2xx} non-2xx answers`)
      return Math.round(result.requests.average)
    }
    const baselineGet = await cannon(`${helloUrl}/hello`)
    const list = await cannon(`${url}/api/watchlist?pageSize=500`, { cookie })

    return {
      'hello-world POST round trips/s (50 users)': baselinePost,
      'POST /api/watchlist round trips/s (50 users)': adds,
      'add-to-watchlist / baseline': Number((adds / baselinePost).toFixed(3)),
      'adds refused with 409 (not counted)': refused,
      'hello-world GET req/s': baselineGet,
      'GET /api/watchlist (500 titles) req/s': list,
      'list 500 / baseline': Number((list / baselineGet).toFixed(3)),
    }
  } finally {
    await hello.close()
    await test.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.table(await benchLibrary())
}
