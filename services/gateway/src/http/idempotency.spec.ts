import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { signedInAgent } from '../testing/signedIn'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let test: TestApp
let titles: MediaResult[]

beforeAll(async () => {
  test = await createTestApp()
  titles = (await test.platform.catalog.trendingMovies()).results.slice(0, 3)
  expect(titles.length).toBe(3)
})
afterAll(() => test.close())

const add = (title: MediaResult, note?: string) => ({ tmdbId: title.id, mediaType: 'movie', ...(note ? { note } : {}) })
const withKey = (key: string) => ({ headers: { 'idempotency-key': key } })
const eventsOf = async (app: TestApp, userId: string) =>
  (await app.platform.eventStore.readStream(watchlistStreamId(userId))).length

describe('Idempotency-Key', () => {
  it('appends once for the same key sent twice, and answers the second time as the first', async () => {
    const { client, user } = await signedInAgent(test.app, 'idem_twice')
    const first = await client.post('/api/watchlist', add(titles[0]!, 'for Sunday'), withKey('action-1'))
    const again = await client.post('/api/watchlist', add(titles[0]!, 'for Sunday'), withKey('action-1'))

    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.body).toBe(first.body)
    expect(again.json<{ position: string }>().position).toBe(first.json<{ position: string }>().position)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(await eventsOf(test, user.id)).toBe(1)
    // Without a key the same add is a second request, refused as a duplicate: the key is what made it one.
    expect((await client.post('/api/watchlist', add(titles[0]!, 'for Sunday'))).statusCode).toBe(409)
  })

  it("keeps one user's key apart from another's", async () => {
    const ann = await signedInAgent(test.app, 'idem_ann')
    const ben = await signedInAgent(test.app, 'idem_ben')
    const byAnn = await ann.client.post('/api/watchlist', add(titles[1]!), withKey('shared-key'))
    const byBen = await ben.client.post('/api/watchlist', add(titles[1]!), withKey('shared-key'))

    expect(byAnn.statusCode).toBe(201)
    expect(byBen.statusCode).toBe(201)
    expect(byBen.headers['idempotent-replayed']).toBeUndefined()
    expect(await eventsOf(test, ann.user.id)).toBe(1)
    expect(await eventsOf(test, ben.user.id)).toBe(1)
  })

  it('refuses a different request sent with a key already used, and changes nothing', async () => {
    const { client, user } = await signedInAgent(test.app, 'idem_other')
    await client.post('/api/watchlist', add(titles[0]!), withKey('action-2'))
    const other = await client.post('/api/watchlist', add(titles[2]!), withKey('action-2'))

    expect(other.statusCode).toBe(422)
    expect(other.json<{ message: string }>().message).toMatch(/already used for a different request/)
    expect(await eventsOf(test, user.id)).toBe(1)
  })

  it('replays a refusal too, so a retried request never turns into a different answer', async () => {
    const { client } = await signedInAgent(test.app, 'idem_refused')
    await client.post('/api/watchlist', add(titles[0]!))
    const refused = await client.post('/api/watchlist', add(titles[0]!), withKey('action-3'))
    const again = await client.post('/api/watchlist', add(titles[0]!), withKey('action-3'))

    expect(refused.statusCode).toBe(409)
    expect(again.statusCode).toBe(409)
    expect(again.body).toBe(refused.body)
  })

  it('answers a retry sent while the first is still being handled 409, and replays the first once it is done', async () => {
    const { client, user } = await signedInAgent(test.app, 'idem_inflight')
    const { catalog } = test.platform
    const details = catalog.details.bind(catalog)
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    catalog.details = async (...args) => {
      catalog.details = details
      await released
      return details(...args)
    }
    const first = client.post('/api/watchlist', add(titles[0]!, 'tonight'), withKey('action-inflight'))
    const [retry, other] = await Promise.all([
      client.post('/api/watchlist', add(titles[0]!, 'tonight'), withKey('action-inflight')),
      client.post('/api/watchlist', add(titles[1]!), withKey('action-inflight')),
    ])
    release()

    expect(retry.statusCode).toBe(409)
    expect(retry.json<{ message: string }>().message).toMatch(/still being handled/)
    // Not a refusal: the client asks again after this long, under the same key, for the first's answer.
    expect(retry.headers['retry-after']).toBe('1')
    expect(other.statusCode).toBe(422)
    expect((await first).statusCode).toBe(201)
    const later = await client.post('/api/watchlist', add(titles[0]!, 'tonight'), withKey('action-inflight'))
    expect(later.headers['idempotent-replayed']).toBe('true')
    expect(later.body).toBe((await first).body)
    expect(await eventsOf(test, user.id)).toBe(1)
  })

  it('refuses a key that is not a short token', async () => {
    const { client } = await signedInAgent(test.app, 'idem_badkey')
    const answer = await client.post('/api/watchlist', add(titles[0]!), withKey('x'.repeat(200)))
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/Idempotency-Key/)
  })
})

describe('Idempotency-Key across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-idempotency-restart-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('still answers a key recorded before the restart, without appending again', async () => {
    const before = await createTestApp({ dataDir })
    const title = (await before.platform.catalog.trendingMovies()).results[0]!
    const { client, user } = await signedInAgent(before.app, 'idem_restart')
    const first = await client.post('/api/watchlist', add(title), withKey('before-restart'))
    await before.close()

    const after = await createTestApp({ dataDir })
    try {
      // The same browser: its session cookie was issued before the restart, the session store on disk knows it.
      const browser = agent(after.app)
      for (const [name, value] of client.cookies) browser.cookies.set(name, value)
      const again = await browser.post('/api/watchlist', add(title), withKey('before-restart'))
      expect(again.statusCode).toBe(201)
      expect(again.body).toBe(first.body)
      expect(await eventsOf(after, user.id)).toBe(1)
    } finally {
      await after.close()
    }
  })
})
