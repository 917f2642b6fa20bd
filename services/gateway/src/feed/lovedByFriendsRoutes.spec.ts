import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { LovedByFriendsAnswer } from '@reelmates/contracts/lovedByFriends'
import { register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
let clock = Date.parse('2026-11-22T10:00:00.000Z')
beforeAll(async () => {
  // Each request a second later, so watches have an order.
  t = await createTestApp({ now: () => new Date((clock += 1000)) })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 3)
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
async function befriend(a: Registered, b: Registered) {
  const asked = await a.client.post('/api/friendships', { username: b.user.username })
  expect(asked.statusCode, asked.body).toBe(201)
  const { id } = asked.json<{ friendship: { id: string } }>().friendship
  expect((await b.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
}
async function watch(who: Registered, title: MediaResult, changes: Record<string, unknown> = {}) {
  const answer = await who.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', rating: 9, ...changes })
  expect(answer.statusCode, answer.body).toBe(201)
}
async function lovedBy(who: Registered): Promise<LovedByFriendsAnswer> {
  const answer = await who.client.get('/api/home/friends-loved')
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<LovedByFriendsAnswer>()
}

describe('GET /api/home/friends-loved', () => {
  it('answers 401 to anyone signed out', async () => {
    const answer = await agent(t.app).get('/api/home/friends-loved')
    expect(answer.statusCode).toBe(401)
    expect(typeof answer.json<{ message?: unknown }>().message).toBe('string')
  })

  it('is documented in the OpenAPI document', async () => {
    const { paths } = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(paths['/api/home/friends-loved']).toHaveProperty('get')
  })

  it('answers an empty row to a member whose friends liked nothing', async () => {
    expect(await lovedBy(await member('new'))).toEqual({ titles: [] })
  })

  it("shows a friend's public liked watch as a title card with the friend named, never a stranger's or a private one", async () => {
    const [ann, bob, cid] = await Promise.all([member('ann'), member('bob'), member('cid')])
    await befriend(ann, bob)
    const [first, second, third] = titles as [MediaResult, MediaResult, MediaResult]
    await watch(bob, first, { rating: 9 })
    await watch(bob, second, { rating: 10, isPrivate: true, review: 'private-words-5521' })
    await watch(cid, third, { rating: 10, recommend: true })

    const answer = await lovedBy(ann)
    expect(answer.titles).toHaveLength(1)
    expect(answer.titles[0]).toMatchObject({
      media: { id: first.id, media_type: 'movie', title: first.title },
      friends: [{ username: bob.user.username, avatarUrl: null }],
      friendCount: 1,
    })
    expect(JSON.stringify(answer)).not.toContain(cid.user.username)
    expect(JSON.stringify(answer)).not.toContain('private-words-5521')
  })

  it('drops a title once I watched it myself, reading my own write', async () => {
    const [ann, bob] = await Promise.all([member('ann'), member('bob')])
    await befriend(ann, bob)
    const [first] = titles as [MediaResult]
    await watch(bob, first, { rating: 8 })
    expect((await lovedBy(ann)).titles.map((title) => title.media.id)).toEqual([first.id])
    await watch(ann, first, { rating: 2, isPrivate: true })
    expect((await lovedBy(ann)).titles).toEqual([])
  })
})
