import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { MyStatsAnswer } from '@reelmates/contracts/myStats'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { register, type Registered } from './accountFixtures'

let t: TestApp
let titles: MediaResult[]
beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 3)
  expect(titles).toHaveLength(3)
})
afterAll(() => t.close())

const thisYear = new Date().getUTCFullYear()
const watch = (who: Registered, title: MediaResult, extra: Record<string, unknown>) =>
  who.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', ...extra })

describe('GET /api/user/stats', () => {
  it('needs a signed-in member', async () => {
    const answer = await agent(t.app).get('/api/user/stats')
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ message: expect.any(String) as unknown })
  })

  it("counts this year in the reader's time zone, and refuses one that is not a time zone (400)", async () => {
    const reader = await register(t.app, 'stats_zone')
    const zone = async (timeZone: string) =>
      reader.client.get(`/api/user/stats?timeZone=${encodeURIComponent(timeZone)}`)
    const auckland = await zone('Pacific/Auckland')
    expect(auckland.statusCode).toBe(200)
    const nowThere = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Auckland', year: 'numeric' }).format(),
    )
    expect(auckland.json<MyStatsAnswer>().year).toBe(nowThere)
    for (const bad of ['Mars/Olympus_Mons', 'x'.repeat(65), '']) {
      const refused = await zone(bad)
      expect(refused.statusCode).toBe(400)
      expect(refused.json<{ message: string }>().message).toContain('timeZone must be a time zone name')
    }
  })

  it('tells a new member the truth: nothing watched, no average', async () => {
    const newcomer = await register(t.app, 'stats_newcomer')
    expect((await newcomer.client.get('/api/user/stats')).json()).toEqual({
      year: thisYear,
      watchedThisYear: 0,
      watchedTotal: 0,
      averageRating: null,
      ratedCount: 0,
      ratingSpread: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      topGenres: [],
      topServices: [],
      favourites: [],
    })
  })

  it("sums up my own log, private watches included, and nobody else's", async () => {
    const me = await register(t.app, 'stats_me')
    const other = await register(t.app, 'stats_other')
    const [first, second, third] = titles as [MediaResult, MediaResult, MediaResult]
    for (const [title, extra] of [
      [first, { rating: 9, streamingService: 'Netflix' }],
      [second, { rating: 6, streamingService: 'netflix', isPrivate: true }],
      [third, { rating: null, streamingService: 'Hulu', watchedAt: `${thisYear - 1}-06-01T20:00:00.000Z` }],
      [first, { rating: 10, streamingService: 'Netflix' }],
    ] as const) {
      expect((await watch(me, title, extra)).statusCode).toBe(201)
    }
    expect((await watch(other, second, { rating: 1, streamingService: 'Disney+' })).statusCode).toBe(201)

    const stats = (await me.client.get('/api/user/stats')).json<MyStatsAnswer>()
    expect(stats).toMatchObject({
      year: thisYear,
      watchedThisYear: 3,
      watchedTotal: 4,
      averageRating: 8.33,
      ratedCount: 3,
      ratingSpread: [0, 0, 0, 0, 0, 1, 0, 0, 1, 1],
      topServices: [
        { name: 'Netflix', watches: 3 },
        { name: 'Hulu', watches: 1 },
      ],
    })
    expect(stats.favourites.map((title) => [title.tmdbId, title.rating])).toEqual([
      [first.id, 10],
      [second.id, 6],
    ])
    // Genres come named from the catalog, most watched first.
    expect(stats.topGenres.length).toBeGreaterThan(0)
    const counts = stats.topGenres.map((genre) => genre.watches)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(stats.topGenres.every((genre) => genre.name.length > 0)).toBe(true)
  })
})
