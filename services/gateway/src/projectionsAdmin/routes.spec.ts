import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { ProjectionsAnswer, ProjectionStatus, RebuildAnswer } from '@reelmates/contracts/projectionsAdmin'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { ACCOUNT_ERASURE } from '@reelmates/scheduler/erasure/accountErasure'
import { SCHEDULER_FAILURES } from '@reelmates/scheduler/reactor'
import { schedulerReactions } from '@reelmates/scheduler'
import { makeAdmin, password, register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let admin: Registered
let reader: Registered
let titles: MediaResult[]

const statuses = async () => {
  const answer = await admin.client.get('/api/admin/projections')
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<ProjectionsAnswer>()
}
const byName = (items: ProjectionStatus[], name: string) => items.find((item) => item.name === name)

/** Every document of every read model, collection by collection. */
async function everyReadModel(): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {}
  for (const projector of allProjectors)
    for (const collection of projector.collections)
      all[collection] = await t.platform.readStore.collection(collection).find({}, { sort: { _id: 1 } })
  return all
}

beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 5)
  admin = await register(t.app, 'operator')
  await makeAdmin(t.platform, admin.user.id)
  reader = await register(t.app, 'keepsreading')
  for (const title of titles) await reader.client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie' })
  await reader.client.post('/api/watched', {
    tmdbId: titles[0]!.id,
    mediaType: 'movie',
    watchedAt: '2026-11-20T20:00:00.000Z',
    rating: 8,
  })
  const friend = await register(t.app, 'afriendofhers')
  await friend.client.post('/api/friendships', { username: 'keepsreading' })
  // A member who signed up, did things, and whose account an admin then deleted (personal data erased).
  const gone = await register(t.app, 'deletedlater')
  await gone.client.post('/api/watchlist', { tmdbId: titles[1]!.id, mediaType: 'movie' })
  expect((await admin.client.delete(`/api/admin/users/${gone.user.id}`)).statusCode).toBe(200)
  await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
})
afterAll(() => t.close())

describe('GET /api/admin/projections', () => {
  it('lists every projector and reaction, where it is and how far behind', async () => {
    const { head, items } = await statuses()
    expect(items.map((item) => item.name)).toEqual([
      ...allProjectors.map((projector) => projector.name),
      ...schedulerReactions,
    ])
    const watchlist = byName(items, 'watchlist_items')
    expect(watchlist).toMatchObject({ kind: 'projector', status: 'live', checkpoint: head, lastError: null })
    expect(watchlist?.lag).toEqual({ events: 0, capped: false, seconds: 0 })
    expect(byName(items, ACCOUNT_ERASURE)).toMatchObject({ kind: 'reactor', setAside: 0, lastError: null })
  })

  it('is for admins only', async () => {
    expect((await reader.client.get('/api/admin/projections')).statusCode).toBe(403)
  })
})

describe('POST /api/admin/projections/:name/rebuild', () => {
  it('rebuilds every read model into documents equal to before, while users keep reading', async () => {
    const before = await everyReadModel()
    const reading = { on: true }
    const reads: number[] = []
    const keepReading = (async () => {
      while (reading.on) {
        for (const url of ['/api/watchlist', '/api/user', '/api/watched', '/api/friendships']) {
          reads.push((await reader.client.get(url)).statusCode)
          // An injected request can settle without ever leaving the microtask queue; a browser's
          // cannot. Without this turn of the event loop, the reads would starve the rebuild.
          await new Promise((resolve) => setImmediate(resolve))
        }
      }
    })()

    for (const { name } of allProjectors) {
      const answer = await admin.client.post(`/api/admin/projections/${name}/rebuild`, {})
      expect(answer.statusCode, answer.body).toBe(202)
      expect(answer.json<RebuildAnswer>().run.outcome).toBe('running')
    }
    let items: ProjectionStatus[] = []
    for (let polls = 0; polls < 400; polls++) {
      items = (await statuses()).items
      // One rebuild replays at a time; the others asked for wait their turn.
      expect(items.filter((item) => item.rebuild?.waiting === false).length).toBeLessThanOrEqual(1)
      if (items.every((item) => item.kind === 'reactor' || item.lastRebuild?.outcome !== 'running')) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    reading.on = false
    await keepReading

    for (const { name } of allProjectors) {
      expect(byName(items, name)?.lastRebuild).toMatchObject({ outcome: 'done', error: null })
      expect(byName(items, name)?.lastRebuild?.durationMs).toBeGreaterThanOrEqual(0)
      expect(byName(items, name)?.rebuild).toBeNull()
    }
    expect(await everyReadModel()).toEqual(before)
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.filter((status) => status !== 200)).toEqual([])
  })

  it('shows a rebuild in progress with how far it has come', async () => {
    const answer = await admin.client.post('/api/admin/projections/event_index/rebuild', {})
    expect(answer.statusCode).toBe(202)
    const { items } = await statuses()
    const progress = byName(items, 'event_index')
    // Either still replaying (with a fraction) or already swapped in: never anything else.
    if (progress?.rebuild) expect(progress.rebuild.progress).toBeLessThanOrEqual(1)
    else expect(progress?.lastRebuild?.outcome).not.toBe('failed')
  })

  it('answers 404 for a read model that does not exist', async () => {
    const answer = await admin.client.post('/api/admin/projections/nothing_here/rebuild', {})
    expect(answer.statusCode).toBe(404)
    expect(answer.json<{ message: string }>().message).toMatch(/nothing_here/)
  })

  it('answers 409 for a reaction, saying reactions are not rebuilt', async () => {
    const answer = await admin.client.post(`/api/admin/projections/${ACCOUNT_ERASURE}/rebuild`, {})
    expect(answer.statusCode).toBe(409)
    expect(answer.json<{ message: string }>().message).toMatch(
      new RegExp(`^${ACCOUNT_ERASURE} is a reaction; reactions follow the log and are not rebuilt`),
    )
  })
})

describe('POST /api/admin/projections/:name/retry', () => {
  it('tries the set-aside failures of a reaction again, and keeps those that still fail', async () => {
    const leaving = await register(t.app, 'leavingsoon')
    expect((await leaving.client.delete('/api/user', { currentPassword: password })).statusCode).toBeLessThan(300)
    await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 5_000)
    const [deleted] = (await t.platform.eventStore.readStream(`account-${leaving.user.id}`)).filter(
      (event) => event.type === 'AccountDeleted',
    )
    const failures = t.platform.readStore.collection(SCHEDULER_FAILURES)
    // As a failing mail server or vault would have left them: one event that can be erased again
    // (erasure is idempotent), and one that no longer exists.
    await failures.insertOne({
      _id: `${ACCOUNT_ERASURE}:${deleted?.id}`,
      reaction: ACCOUNT_ERASURE,
      streamId: deleted?.streamId,
      revision: deleted?.revision,
      position: String(deleted?.position),
      error: 'vault did not answer',
    })
    await failures.insertOne({
      _id: `${ACCOUNT_ERASURE}:gone`,
      reaction: ACCOUNT_ERASURE,
      streamId: 'account-nobody',
      revision: 0,
      position: '1',
      error: 'mail server down',
    })
    expect(byName((await statuses()).items, ACCOUNT_ERASURE)).toMatchObject({
      setAside: 2,
      status: 'failures_set_aside',
      lastError: 'vault did not answer',
    })

    const answer = await admin.client.post(`/api/admin/projections/${ACCOUNT_ERASURE}/retry`, {})
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ name: ACCOUNT_ERASURE, stillFailing: 1 })
    expect(byName((await statuses()).items, ACCOUNT_ERASURE)).toMatchObject({
      setAside: 1,
      lastError: 'the event is no longer in the log',
    })
  })

  it('answers 404 for a reaction that does not exist', async () => {
    const answer = await admin.client.post('/api/admin/projections/nothing_here/retry', {})
    expect(answer.statusCode).toBe(404)
    expect(answer.json<{ message: string }>().message).toMatch(/nothing_here/)
  })

  it('answers 409 for a read model, saying only reactions have failures to retry', async () => {
    const answer = await admin.client.post('/api/admin/projections/users/retry', {})
    expect(answer.statusCode).toBe(409)
    expect(answer.json<{ message: string }>().message).toMatch(
      /^users is a read model; only a reaction's set-aside failures are retried/,
    )
  })
})
