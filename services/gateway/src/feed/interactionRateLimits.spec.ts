import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

const max = 4
let t: TestApp
let titles: MediaResult[]
beforeAll(async () => {
  t = await createTestApp({
    env: { INTERACTION_RATE_LIMIT_MAX: String(max), INTERACTION_RATE_LIMIT_WINDOW_MS: '60000' },
  })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, max + 2)
  expect(titles).toHaveLength(max + 2)
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
async function befriend(a: Registered, b: Registered) {
  const asked = await a.client.post('/api/friendships', { username: b.user.username })
  const { id } = asked.json<{ friendship: { id: string } }>().friendship
  expect((await b.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
}
/** Ann, bob and cid, all friends, and a watch of bob's to talk about. */
async function threeFriendsAndAWatch() {
  const [ann, bob, cid] = await Promise.all([member('ann'), member('bob'), member('cid')])
  await befriend(ann, bob)
  await befriend(cid, bob)
  const watched = await bob.client.post('/api/watched', { tmdbId: titles[0]!.id, mediaType: 'movie', rating: 8 })
  expect(watched.statusCode, watched.body).toBe(201)
  return { ann, bob, cid, activity: encodeURIComponent(`watched:${watched.json<{ entryId: string }>().entryId}`) }
}
const tooMany = (what: string) => new RegExp(`^Too many ${what}\\. Please wait \\d+ seconds and try again\\.$`, 'u')

describe('the limit on comments and reactions, per member', () => {
  it('answers a burst of comments and reactions with 429, one budget for both, without holding up anyone else', async () => {
    const { ann, cid, activity } = await threeFriendsAndAWatch()
    for (let n = 0; n < max - 1; n++)
      expect((await ann.client.post(`/api/activities/${activity}/comments`, { content: `${n}` })).statusCode).toBe(201)
    expect((await ann.client.put(`/api/activities/${activity}/reactions/${encodeURIComponent('🔥')}`)).statusCode).toBe(
      200,
    )
    const comment = await ann.client.post(`/api/activities/${activity}/comments`, { content: 'one more' })
    expect(comment.statusCode).toBe(429)
    expect(comment.json<{ message: string }>().message).toMatch(tooMany('comments and reactions'))
    const reaction = await ann.client.put(`/api/activities/${activity}/reactions/${encodeURIComponent('❤️')}`)
    expect(reaction.statusCode).toBe(429)
    // Taking back is never held up.
    expect(
      (await ann.client.delete(`/api/activities/${activity}/reactions/${encodeURIComponent('🔥')}`)).statusCode,
    ).toBe(200)
    // Another member, from the same address, has a budget of their own.
    expect((await cid.client.post(`/api/activities/${activity}/comments`, { content: 'me too' })).statusCode).toBe(201)
  })

  it('answers someone signed out 401, not 429', async () => {
    const { activity } = await threeFriendsAndAWatch()
    const stranger = agent(t.app)
    for (let n = 0; n <= max; n++)
      expect((await stranger.post(`/api/activities/${activity}/comments`, { content: 'hi' })).statusCode).toBe(401)
  })
})

describe('the limit on recommendations, per member', () => {
  it('answers a burst of recommendations with 429, without holding up anyone else', async () => {
    const { ann, bob, cid } = await threeFriendsAndAWatch()
    const recommend = (from: Registered, to: Registered, index: number) =>
      from.client.post('/api/recommendations', {
        tmdbId: titles[index]!.id,
        mediaType: 'movie',
        toUsernames: [to.user.username],
      })
    for (let n = 0; n < max; n++) expect((await recommend(bob, ann, n)).statusCode).toBe(201)
    const limited = await recommend(bob, ann, max)
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ message: string }>().message).toMatch(tooMany('recommendations'))
    expect((await recommend(cid, bob, 0)).statusCode).toBe(201)
  })
})

describe('a change held up by the limit, sent again under its Idempotency-Key', () => {
  let paced: TestApp
  beforeAll(async () => {
    paced = await createTestApp({ env: { INTERACTION_RATE_LIMIT_MAX: '1', INTERACTION_RATE_LIMIT_WINDOW_MS: '1000' } })
  })
  afterAll(() => paced.close())

  it('is done once the window has passed: the 429 is not kept as the answer to its key', async () => {
    const [ann, bob] = await Promise.all([register(paced.app, 'ann_key'), register(paced.app, 'bob_key')])
    await ann.client.post('/api/friendships', { username: bob.user.username }).then(async (asked) => {
      const { id } = asked.json<{ friendship: { id: string } }>().friendship
      expect((await bob.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    })
    const watched = await bob.client.post('/api/watched', { tmdbId: titles[0]!.id, mediaType: 'movie', rating: 8 })
    const activity = encodeURIComponent(`watched:${watched.json<{ entryId: string }>().entryId}`)
    const comment = (content: string, key: string) =>
      ann.client.post(`/api/activities/${activity}/comments`, { content }, { headers: { 'idempotency-key': key } })
    expect((await comment('first', 'change-1')).statusCode).toBe(201)

    const held = await comment('second', 'change-2')
    expect(held.statusCode).toBe(429)
    expect(held.json<{ message: string }>().message).toBe(
      'Too many comments and reactions. Please wait 1 second and try again.',
    )
    // The client waits this long before sending the change again (web/src/lib/waitingChanges.ts).
    const retryAfter = Number(held.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100))

    const again = await comment('second', 'change-2')
    expect(again.statusCode, again.body).toBe(201)
    expect(again.headers['idempotent-replayed']).toBeUndefined()
    // And that answer is the key's from now on: the change is done once.
    const replayed = await comment('second', 'change-2')
    expect(replayed.headers['idempotent-replayed']).toBe('true')
    expect(replayed.body).toBe(again.body)
  })
})
