import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { ProjectionsAnswer } from '@reelmates/contracts/projectionsAdmin'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { makeAdmin, register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let admin: Registered
let titles: MediaResult[]
beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 4)
  admin = await register(t.app, 'rebuilder')
  await makeAdmin(t.platform, admin.user.id)
})
afterAll(() => t.close())

/** Every document of every read model, collection by collection. */
async function everyReadModel(): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {}
  for (const projector of allProjectors)
    for (const collection of projector.collections)
      all[collection] = await t.platform.readStore.collection(collection).find({}, { sort: { _id: 1 } })
  return all
}

async function rebuildEverything() {
  for (const { name } of allProjectors) {
    const answer = await admin.client.post(`/api/admin/projections/${name}/rebuild`, {})
    expect(answer.statusCode, answer.body).toBe(202)
  }
  for (let polls = 0; polls < 400; polls++) {
    const { items } = (await admin.client.get('/api/admin/projections')).json<ProjectionsAnswer>()
    if (items.every((item) => item.kind === 'reactor' || item.lastRebuild?.outcome !== 'running')) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the rebuilds did not finish')
}

describe('a rebuild while members keep changing things', () => {
  it('ends with every read model as a rebuild from the log alone makes it: no change lost or applied twice', async () => {
    const ann = await register(t.app, 'busy_ann')
    const writing = { on: true }
    const answers: LightMyRequestResponse[] = []
    const keepWriting = (async () => {
      for (let round = 0; writing.on; round++) {
        const title = titles[round % titles.length]!
        const path = `/api/watchlist/movie/${title.id}`
        answers.push(
          await ann.client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie', note: `round ${round}` }),
          await ann.client.post(`${path}/move`, { toIndex: 0 }),
          await ann.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', removeFromWatchlist: true }),
        )
        // An injected request can settle without leaving the microtask queue; a browser's cannot.
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()

    await rebuildEverything()
    writing.on = false
    await keepWriting
    expect(answers.filter((answer) => answer.statusCode >= 300).map((answer) => answer.body)).toEqual([])
    await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
    const afterTheBusyRebuild = await everyReadModel()

    await rebuildEverything()
    expect(await everyReadModel()).toEqual(afterTheBusyRebuild)
  })
})
