import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { FeedAnswer } from '@reelmates/contracts/feed'
import { loadState } from '@reelmates/commands/handleCommand'
import { watched, watchedStreamId } from '@reelmates/commands/watched/watched'
import { watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { WrongExpectedRevisionError } from '@reelmates/infra/eventStore/port'
import { register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 3)
})
afterAll(() => t.close())

async function friends(ann: Registered, bob: Registered) {
  const asked = await ann.client.post('/api/friendships', { username: bob.user.username })
  const { id } = asked.json<{ friendship: { id: string } }>().friendship
  expect((await bob.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
}

describe('one diary changed from two devices at once', () => {
  it('shows what the stream holds, and friends only the public entries, after edits, removals and undos at once', async () => {
    const [ann, bob] = await Promise.all([register(t.app, 'diary_ann'), register(t.app, 'diary_bob')])
    await friends(ann, bob)
    const entries: string[] = []
    for (const title of titles) {
      const logged = await ann.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', review: 'First.' })
      entries.push(logged.json<{ entryId: string }>().entryId)
    }
    const [first, second, third] = entries.map((id) => `/api/watched/${id}`) as [string, string, string]
    const burst: Promise<LightMyRequestResponse>[] = [
      ann.client.patch(first, { review: 'From the phone.' }),
      ann.client.delete(first),
      ann.client.patch(first, { isPrivate: true }),
      ann.client.post(`${first}/restore`),
      ann.client.patch(second, { isPrivate: true }),
      ann.client.patch(second, { isPrivate: false, rating: 7 }),
      ann.client.delete(second),
      ann.client.patch(third, { review: 'From the laptop.', previousReview: 'First.' }),
      ann.client.patch(third, { review: 'From the phone.', previousReview: 'First.' }),
      ann.client.post('/api/watched', { tmdbId: titles[0]!.id, mediaType: 'movie', removeFromWatchlist: true }),
    ]
    for (const answer of await Promise.all(burst)) {
      expect(answer.statusCode, answer.body).toBeLessThan(500)
      if (answer.statusCode >= 400) expect(answer.json<{ message: string }>().message).toBeTruthy()
    }

    const state = await loadState(t.platform.eventStore, watched, watchedStreamId(ann.user.id))
    const diary = (await ann.client.get('/api/watched')).json<{ items: { id: string; review: string | null }[] }>()
    expect(diary.items.map((item) => [item.id, item.review]).sort()).toEqual(
      [...state.entries].map(([id, entry]) => [id, entry.review]).sort(),
    )
    const publicOnes = [...state.entries].filter(([, entry]) => !entry.isPrivate).map(([id]) => `watched:${id}`)
    const feed = (await bob.client.get('/api/feed')).json<FeedAnswer>()
    const watches = feed.items.filter((item) => item.activityType === 'watched')
    expect(watches.map((item) => item.id).sort()).toEqual(publicOnes.sort())
    for (const item of watches) expect(item.review).toBe(state.entries.get(item.id.slice('watched:'.length))?.review)
  })
})

describe('a watch that also takes the title off a watchlist being changed elsewhere', () => {
  it('is logged once and answered 201 when the removal loses every race, the title left on the watchlist', async () => {
    const ann = await register(t.app, 'diary_busy')
    const title = { tmdbId: titles[1]!.id, mediaType: 'movie' }
    expect((await ann.client.post('/api/watchlist', title)).statusCode).toBe(201)
    // Another device changes the watchlist between every read and write of the removal.
    const { eventStore } = t.platform
    const append = eventStore.append.bind(eventStore)
    const busy = watchlistStreamId(ann.user.id)
    eventStore.append = async (streamId, events, options) => {
      if (streamId !== busy) return append(streamId, events, options)
      throw new WrongExpectedRevisionError(streamId, options?.expectedRevision ?? 'any', 99)
    }
    try {
      const answer = await ann.client.post('/api/watched', { ...title, removeFromWatchlist: true })
      expect(answer.statusCode, answer.body).toBe(201)
    } finally {
      eventStore.append = append
    }
    const state = await loadState(t.platform.eventStore, watched, watchedStreamId(ann.user.id))
    expect(state.entries.size).toBe(1)
    const listed = (await ann.client.get('/api/watchlist')).json<{ items: { tmdbId: number }[] }>()
    expect(listed.items.map((item) => item.tmdbId)).toEqual([title.tmdbId])
  })
})
