import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { loadState } from '@reelmates/commands/handleCommand'
import { watchlist, watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { signedInAgent } from '../testing/signedIn'
import { createTestApp, type TestApp } from '../testing/testApp'

let test: TestApp
let titles: MediaResult[]
beforeAll(async () => {
  test = await createTestApp()
  titles = (await test.platform.catalog.trendingMovies()).results.slice(0, 6)
  expect(titles).toHaveLength(6)
})
afterAll(() => test.close())

const path = (index: number) => `/api/watchlist/movie/${titles[index]!.id}`

describe('one watchlist changed from two devices at once', () => {
  it('keeps the order the stream says, without holes or doubles, after a burst of every change', async () => {
    const { client, user } = await signedInAgent(test.app, 'wl_burst')
    for (const title of titles) await client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie' })
    const burst: Promise<LightMyRequestResponse>[] = [
      client.post(`${path(0)}/move`, { toIndex: 5 }),
      client.post(`${path(5)}/move`, { toIndex: 0 }),
      client.delete(path(2)),
      client.patch(path(2), { note: 'from the phone' }),
      client.post(`${path(2)}/restore`),
      client.post(`${path(3)}/move`, { toIndex: 1 }),
      client.delete(path(4)),
      client.post(`${path(4)}/move`, { toIndex: 0 }),
      client.post('/api/watchlist', { tmdbId: titles[4]!.id, mediaType: 'movie' }),
      client.patch(path(1), { note: 'from the laptop' }),
      client.patch(path(1), { note: 'from the phone' }),
      client.delete(path(1)),
      client.post(`${path(1)}/restore`),
      client.post(`${path(3)}/move`, { toIndex: 4 }),
    ]
    for (const answer of await Promise.all(burst)) {
      expect(answer.statusCode, answer.body).toBeLessThan(500)
      if (answer.statusCode >= 400) expect(answer.json<{ message: string }>().message).toBeTruthy()
    }

    const state = await loadState(test.platform.eventStore, watchlist, watchlistStreamId(user.id))
    const { items } = (await client.get('/api/watchlist')).json<{ items: WatchlistItem[] }>()
    expect(items.map((item) => item.order)).toEqual(items.map((_, index) => index))
    expect(items.map((item) => `${item.mediaType}:${item.tmdbId}`)).toEqual(state.order)
    for (const item of items) {
      expect(item.note).toBe(state.titles.get(`${item.mediaType}:${item.tmdbId}`)?.note ?? null)
    }
  })
})
