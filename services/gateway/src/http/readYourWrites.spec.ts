import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allProjectors } from '@reelmates/projections/allProjectors'
import type { Projector } from '@reelmates/projections/projector'
import { watchlistItems } from '@reelmates/projections/watchlist/watchlistItems'
import { signedInAgent } from '../testing/signedIn'
import { createTestApp, type TestApp } from '../testing/testApp'

/** A read model that holds every profile update until the test lets it through. */
function gatedProjector() {
  let open: () => void = () => undefined
  let gate = Promise.resolve()
  const projector: Projector = {
    name: 'gated_profiles',
    version: 1,
    collections: ['gated_profiles'],
    handles: ['ProfileUpdated'],
    async project(event, db) {
      await gate
      await db
        .collection('gated_profiles')
        .updateOne({ _id: event.streamId }, { $set: { seen: true } }, { upsert: true })
    },
  }
  return {
    projector,
    close: () => {
      gate = new Promise<void>((resolve) => (open = resolve))
    },
    open: () => open(),
  }
}

/** The real app with one more read model, and a short read-your-writes wait. */
const appWith = (extra: Projector) =>
  createTestApp({ projectors: [...allProjectors, extra], env: { READ_YOUR_WRITES_TIMEOUT_MS: '1500' } })

const settledWithin = async <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

describe('read-your-writes (X-Min-Position)', () => {
  const gated = gatedProjector()
  let test: TestApp
  beforeAll(async () => (test = await appWith(gated.projector)))
  afterAll(() => test.close())

  it('holds a query until every read model has reached the position the command answered', async () => {
    const { client } = await signedInAgent(test.app, 'waiting')
    gated.close()
    const updated = await client.put('/api/user/profile', { bio: 'held back' })
    expect(updated.statusCode).toBe(200)
    const { position } = updated.json<{ position: string }>()

    const query = test.app.inject({ url: '/api/health', headers: { 'x-min-position': position } })
    expect(await settledWithin(query, 300)).toBe(false)
    gated.open()
    const answer = await query
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-read-models-behind']).toBeUndefined()
    expect(await test.platform.readStore.collection('gated_profiles').countDocuments({})).toBeGreaterThan(0)
  })

  it('answers anyway after the bounded wait, flagged as behind', async () => {
    const { client } = await signedInAgent(test.app, 'toolate')
    gated.close()
    const updated = await client.put('/api/user/profile', { bio: 'never in time' })
    const { position } = updated.json<{ position: string }>()
    const answer = await test.app.inject({ url: '/api/health', headers: { 'x-min-position': position } })
    gated.open()
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-read-models-behind']).toBe('gated_profiles')
  })

  it('does not hold a query back for a slow read model it does not read', async () => {
    const { client } = await signedInAgent(test.app, 'notheld')
    gated.close()
    const updated = await client.put('/api/user/profile', { bio: 'slow elsewhere' })
    const { position } = updated.json<{ position: string }>()

    const query = client.get('/api/watchlist', { headers: { 'x-min-position': position } })
    try {
      expect(await settledWithin(query, 300)).toBe(true)
      const answer = await query
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['x-read-models-behind']).toBeUndefined()
      // The gated read model really is behind: a route that reads every read model would have waited.
      expect(test.platform.projections.readModelsBehind(BigInt(position))).toEqual(['gated_profiles'])
    } finally {
      gated.open()
    }
  })

  it('does not wait for a position beyond the head of the log', async () => {
    // Waiting for it would time out and flag the answer as behind.
    const answer = await test.app.inject({ url: '/api/health', headers: { 'x-min-position': '9'.repeat(25) } })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-read-models-behind']).toBeUndefined()
  })
})

describe('read-your-writes with a failed read model', () => {
  let test: TestApp
  // watchlist_items as it would be with a bug: it cannot apply an add of this one title.
  let poisonTitle = 0
  const broken: Projector = {
    ...watchlistItems,
    async project(event, db) {
      if (event.type === 'TitleAddedToWatchlist' && event.data.tmdbId === poisonTitle) throw new Error('a bug')
      await watchlistItems.project(event, db)
    },
  }

  beforeAll(async () => {
    test = await createTestApp({
      projectors: allProjectors.map((projector) => (projector.name === broken.name ? broken : projector)),
      env: { READ_YOUR_WRITES_TIMEOUT_MS: '1500' },
    })
    poisonTitle = (await test.platform.catalog.trendingMovies()).results[0]?.id ?? 0
  })
  afterAll(() => test.close())

  it('names the failed read model in X-Read-Models-Behind on every query that reads it, and only those', async () => {
    const { client } = await signedInAgent(test.app, 'failing')
    const added = await client.post('/api/watchlist', { tmdbId: poisonTitle, mediaType: 'movie' })
    expect(added.statusCode).toBe(201)
    await test.platform.projections.waitForPosition(BigInt(added.json<{ position: string }>().position), 1500)

    const withPosition = await client.get('/api/watchlist')
    const without = await client.get('/api/watchlist', { headers: { 'x-min-position': '0' } })
    const unrelated = await client.get('/api/watched')

    expect(test.platform.projections.status().find((p) => p.name === broken.name)?.state).toBe('failed')
    expect(withPosition.statusCode).toBe(200)
    expect(withPosition.headers['x-read-models-behind']).toBe('watchlist_items')
    expect(without.headers['x-read-models-behind']).toBe('watchlist_items')
    expect(unrelated.headers['x-read-models-behind']).toBeUndefined()
  })
})

describe('read-your-writes on routes that read no read model', () => {
  const gated = gatedProjector()
  let test: TestApp
  beforeAll(async () => (test = await appWith(gated.projector)))
  afterAll(() => test.close())

  it('answers a catalog search at once, however far behind the read models are', async () => {
    const { client } = await signedInAgent(test.app, 'searcher')
    gated.close()
    try {
      const updated = await client.put('/api/user/profile', { bio: 'then a search' })
      const { position } = updated.json<{ position: string }>()
      const search = client.get('/api/tmdb/trending/movies', { headers: { 'x-min-position': position } })
      expect(await settledWithin(search, 300)).toBe(true)
      expect((await search).headers['x-read-models-behind']).toBeUndefined()
    } finally {
      gated.open()
    }
  })
})
