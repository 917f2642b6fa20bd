import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { RecommendAnswer, RecommendationsAnswer } from '@reelmates/contracts/recommendations'
import { mailsTo, register, testClock, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

/**
 * Anyone may type a member's address, friend or not: what one sender can put in that member's inbox,
 * bell and mailbox that way is bounded, and nothing at all once the member has turned them away. The
 * sender's answers never differ from those for an address without an account.
 */
let t: TestApp
let titles: MediaResult[]
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PUBLIC_URL: 'https://reelmates.test' } })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 5)
  expect(titles).toHaveLength(5)
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const title = (index: number) => ({ tmdbId: titles[index]!.id, mediaType: 'movie' as const })
const recommend = (from: Registered, index: number, toEmail: string) =>
  from.client.post('/api/recommendations', { ...title(index), toEmail, note: `Note ${index}` })
const settled = async () => {
  await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
  expect(await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)).toBe(true)
}
const received = async (who: Registered) =>
  (await who.client.get('/api/recommendations?box=received')).json<RecommendationsAnswer>().items
const bellLines = async (who: Registered) =>
  (await who.client.get('/api/notifications')).json<{ items: { text: string }[] }>().items.map((item) => item.text)
const mailsFrom = async (to: Registered, from: Registered) =>
  (await mailsTo(t.platform, to.user.email)).filter((mail) => mail.text.includes(from.user.username))
const askFriendship = async (from: Registered, to: Registered) =>
  (await from.client.post('/api/friendships', { username: to.user.username })).json<{ friendship: { id: string } }>()
    .friendship.id

describe('recommendations by email address', () => {
  it('lets one sender reach one address three times in 30 days, member or not, with the same refusal after', async () => {
    const ann = await member('ann')
    const dan = await member('dan')
    const newcomer = `nobody${(counter += 1)}@example.org`
    for (const to of [dan.user.email, newcomer])
      for (const index of [0, 1, 2]) expect((await recommend(ann, index, to)).statusCode).toBe(201)

    const toMember = await recommend(ann, 3, dan.user.email)
    const toNobody = await recommend(ann, 3, newcomer)
    expect(toMember.statusCode).toBe(429)
    expect(toMember.json()).toEqual(toNobody.json())
    expect(toMember.json<{ message: string }>().message).toMatch(/at most 3 recommendations from you in 30 days/)

    await settled()
    expect(await received(dan)).toHaveLength(3)
    expect(await mailsFrom(dan, ann)).toHaveLength(3)

    clock.advance(30 * 24 * 60 * 60 * 1000)
    expect((await recommend(ann, 3, dan.user.email)).statusCode).toBe(201)
  })

  it('delivers nothing from a sender whose friend request the member declined, and answers the sender as ever', async () => {
    const ann = await member('ann')
    const dan = await member('dan')
    const id = await askFriendship(dan, ann)
    expect((await ann.client.post(`/api/friendships/${id}/decline`)).statusCode).toBe(200)
    await settled()
    const before = (await mailsFrom(ann, dan)).length

    const toAnn = await recommend(dan, 0, ann.user.email)
    const toNobody = await recommend(dan, 0, `nobody${(counter += 1)}@example.org`)
    expect(toAnn.statusCode, toAnn.body).toBe(201)
    const shape = (answer: typeof toAnn) =>
      answer.json<RecommendAnswer>().recommendations.map(({ to, status, emailSent, note }) => ({
        to,
        status,
        emailSent,
        note,
      }))
    expect(shape(toAnn)).toEqual(shape(toNobody))

    await settled()
    expect(await received(ann)).toEqual([])
    expect((await bellLines(ann)).filter((line) => line.includes('recommended'))).toEqual([])
    expect(await mailsFrom(ann, dan)).toHaveLength(before)
    // The Sent list tells them apart by nothing, not even by which one was mailed.
    const sent = (await dan.client.get('/api/recommendations?box=sent')).json<RecommendationsAnswer>().items
    expect(sent.map(({ to, status, emailSent }) => ({ to, status, emailSent }))).toEqual([
      { to: null, status: 'pending', emailSent: true },
      { to: null, status: 'pending', emailSent: true },
    ])
  })

  it('delivers nothing from a friend the member unfriended, and again once they are friends', async () => {
    const ann = await member('ann')
    const dan = await member('dan')
    const id = await askFriendship(dan, ann)
    expect((await ann.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    expect((await ann.client.delete(`/api/friendships/${id}`)).statusCode).toBe(200)

    expect((await recommend(dan, 0, ann.user.email)).statusCode).toBe(201)
    await settled()
    expect(await received(ann)).toEqual([])

    const again = await askFriendship(dan, ann)
    expect((await ann.client.post(`/api/friendships/${again}/accept`)).statusCode).toBe(200)
    expect((await recommend(dan, 1, ann.user.email)).statusCode).toBe(201)
    await settled()
    expect((await received(ann)).map((item) => item.tmdbId)).toEqual([titles[1]!.id])
  })

  it('still delivers to the one who was turned away, from the member who said no', async () => {
    const ann = await member('ann')
    const dan = await member('dan')
    const id = await askFriendship(dan, ann)
    expect((await ann.client.post(`/api/friendships/${id}/decline`)).statusCode).toBe(200)
    expect((await recommend(ann, 0, dan.user.email)).statusCode).toBe(201)
    await settled()
    expect(await received(dan)).toHaveLength(1)
  })

  it('records a friend named and their address typed in one send as two, as for anyone else’s address', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    const cat = await member('cat')
    for (const friend of [bob, cat]) {
      const id = await askFriendship(ann, friend)
      expect((await friend.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    }
    const send = (to: Registered, toEmail: string) =>
      ann.client.post('/api/recommendations', { ...title(0), toUsernames: [to.user.username], toEmail })
    // Which of these was the named friend's own address must not show in what comes back: dropping
    // it told any member whose address it was.
    const own = await send(bob, bob.user.email)
    const other = await send(cat, bob.user.email.replace('@', '+x@'))
    for (const answer of [own, other]) expect(answer.statusCode).toBe(201)
    expect(own.json<RecommendAnswer>().recommendations.map((item) => item.toEmail)).toEqual([null, bob.user.email])
    expect(other.json<RecommendAnswer>().recommendations).toHaveLength(2)
    await settled()
    expect((await received(bob)).map((item) => item.tmdbId)).toEqual([titles[0]!.id, titles[0]!.id])
  })
})
