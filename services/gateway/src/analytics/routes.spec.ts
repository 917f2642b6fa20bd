import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsAnswer } from '@reelmates/contracts/analytics'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { allProjectors } from '@reelmates/projections/allProjectors'
import type { Projector } from '@reelmates/projections/projector'
import { makeAdmin, register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

const today = '2026-11-22'
const clock = () => new Date(`${today}T12:00:00.000Z`)

describe('GET /api/admin/analytics', () => {
  let t: TestApp
  let admin: Registered
  let titles: MediaResult[]

  beforeAll(async () => {
    t = await createTestApp({ now: clock })
    titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 2)
    admin = await register(t.app, 'counter')
    await makeAdmin(t.platform, admin.user.id)
    const watcher = await register(t.app, 'watchesalot')
    await register(t.app, 'signsuponly')
    for (const title of titles) await watcher.client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie' })
    await admin.client.post('/api/watchlist', { tmdbId: titles[1]!.id, mediaType: 'movie' })
    await watcher.client.post('/api/watched', {
      tmdbId: titles[1]!.id,
      mediaType: 'movie',
      watchedAt: `${today}T10:00:00.000Z`,
    })
    await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
  })
  afterAll(() => t.close())

  it('answers the series of the chosen range, one entry a day ending today', async () => {
    const answer = await admin.client.get('/api/admin/analytics?days=7')
    expect(answer.statusCode, answer.body).toBe(200)
    const { days, mostWatchedThisWeek, mostWatchlistedThisWeek, notRecordedYet } = answer.json<AnalyticsAnswer>()
    expect(days.map((day) => day.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ])
    expect(days.at(-1)).toMatchObject({ signUps: 3, watches: 1, activeUsers: 3, weeklyActiveUsers: 3 })
    expect(days[0]).toMatchObject({ signUps: 0, activeUsers: 0 })
    expect(mostWatchedThisWeek).toEqual([
      { tmdbId: titles[1]!.id, mediaType: 'movie', title: titles[1]!.title, count: 1 },
    ])
    expect(mostWatchlistedThisWeek.map((title) => [title.tmdbId, title.count])).toEqual([
      [titles[1]!.id, 2],
      [titles[0]!.id, 1],
    ])
    expect(notRecordedYet).toEqual([])
    expect((await admin.client.get('/api/admin/analytics?days=90')).json<AnalyticsAnswer>().days).toHaveLength(90)
  })

  it('refuses any range but 7, 30 or 90 days', async () => {
    const answer = await admin.client.get('/api/admin/analytics?days=12')
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/7, 30 or 90/)
  })
})

describe('a slow analytics read model', () => {
  let t: TestApp
  let release: () => void = () => undefined
  afterEach(() => release())

  /** The real analytics projector, held at every event until the test lets it go. */
  function heldBack(projector: Projector): Projector {
    let gate = Promise.resolve()
    return {
      ...projector,
      async project(event, db) {
        await gate
        return projector.project(event, db)
      },
      hold() {
        gate = new Promise((resolve) => (release = resolve))
      },
    } as Projector & { hold: () => void }
  }

  it("never delays the read-your-writes of a user's own screens", async () => {
    const slow = heldBack(allProjectors.find((projector) => projector.name === 'analytics')!) as Projector & {
      hold: () => void
    }
    t = await createTestApp({
      projectors: allProjectors.map((projector) => (projector.name === 'analytics' ? slow : projector)),
      env: { READ_YOUR_WRITES_TIMEOUT_MS: '3000' },
    })
    const admin = await register(t.app, 'slowcounter')
    await makeAdmin(t.platform, admin.user.id)
    const [title] = (await t.platform.catalog.trendingMovies()).results
    slow.hold()

    const added = await admin.client.post('/api/watchlist', { tmdbId: title!.id, mediaType: 'movie' })
    const position = added.json<{ position: string }>().position
    const started = performance.now()
    const watchlist = await admin.client.get('/api/watchlist', { headers: { 'X-Min-Position': position } })
    const waited = performance.now() - started

    expect(watchlist.statusCode).toBe(200)
    expect(watchlist.json<{ items: { tmdbId: number }[] }>().items.map((item) => item.tmdbId)).toEqual([title!.id])
    expect(watchlist.headers['x-read-models-behind']).toBeUndefined()
    // Well below the 3 s a wait for the held analytics would take.
    expect(waited).toBeLessThan(2_000)

    const charts = await admin.client.get('/api/admin/analytics?days=7', { headers: { 'X-Min-Position': position } })
    expect(charts.statusCode).toBe(200)
    expect(charts.headers['x-read-models-behind']).toBe('analytics')
    release()
    await t.close()
  })
})
