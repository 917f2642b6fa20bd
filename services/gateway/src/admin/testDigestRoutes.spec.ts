import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestDigestAnswer } from '@reelmates/contracts/digests'
import type { FeedAnswer } from '@reelmates/contracts/feed'
import { makeAdmin, mailsTo, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let admin: Registered
let ann: Registered
let bob: Registered
let watchedTitle: string
beforeAll(async () => {
  t = await createTestApp()
  admin = await register(t.app, 'digestboss')
  await makeAdmin(t.platform, admin.user.id)
  ann = await register(t.app, 'ann_preview')
  bob = await register(t.app, 'bob_preview')
  const asked = await ann.client.post('/api/friendships', { username: bob.user.username })
  const { id } = asked.json<{ friendship: { id: string } }>().friendship
  expect((await bob.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
  const [title] = (await t.platform.catalog.trendingMovies()).results
  watchedTitle = String(title!.title)
  const watched = await bob.client.post('/api/watched', { tmdbId: title!.id, mediaType: 'movie', rating: 7 })
  expect(watched.statusCode).toBe(201)
  await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
})
afterAll(() => t.close())

const preview = (username: string, who = admin) =>
  who.client.get(`/api/admin/test-digest?${new URLSearchParams({ username }).toString()}`)

describe('/api/admin/test-digest', () => {
  it('renders a member’s digest as it would go out now, with their friend’s activity', async () => {
    const answer = await preview('ann_preview')
    expect(answer.statusCode, answer.body).toBe(200)
    const digest = answer.json<TestDigestAnswer>()
    expect(digest).toMatchObject({ empty: false, setting: 'weekly', digestType: 'weekly' })
    expect(digest.subject).toBe('Your Reelmates digest: what happened this past week')
    expect(digest.text).toContain(`bob_preview watched “${watchedTitle}”`)
    expect(digest.html).toContain('<h2')
  })

  it('records and sends nothing when rendering', async () => {
    await preview('ann_preview')
    expect((await mailsTo(t.platform, ann.user.email)).filter((mail) => mail.category === 'digest')).toEqual([])
    const events = await t.platform.eventStore.readStream(`digest-${ann.user.id}`)
    expect(events).toEqual([])
  })

  it('says when there is nothing to tell', async () => {
    const loner = await register(t.app, 'loner_preview')
    const answer = await preview(loner.user.username)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ empty: true })
    const sent = await admin.client.post('/api/admin/test-digest', { username: loner.user.username })
    expect(sent.statusCode).toBe(409)
    expect(sent.json<{ message: string }>().message).toMatch(/no digest would go out/)
  })

  it('answers 404 with a message for an unknown member, and 400 without a name', async () => {
    const answer = await preview('nobody_here')
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toEqual(expect.objectContaining({ message: 'There is no member called nobody_here.' }))
    expect((await admin.client.get('/api/admin/test-digest')).statusCode).toBe(400)
  })

  it('is for admins only', async () => {
    expect((await preview('ann_preview', ann)).statusCode).toBe(403)
    expect((await agent(t.app).get('/api/admin/test-digest?username=ann_preview')).statusCode).toBe(401)
    expect((await ann.client.post('/api/admin/test-digest', { username: 'ann_preview' })).statusCode).toBe(403)
  })

  it('sends the digest to the admin who asks, once, through the outbox', async () => {
    const sent = await admin.client.post('/api/admin/test-digest', { username: 'ann_preview' })
    expect(sent.statusCode, sent.body).toBe(202)
    const mails = (await mailsTo(t.platform, admin.user.email)).filter((mail) => mail.category === 'test-digest')
    expect(mails).toHaveLength(1)
    // Marked as a test: in the admin's inbox it is never taken for their own digest.
    expect(mails[0]?.subject).toBe("[Test] ann_preview's digest · Your Reelmates digest: what happened this past week")
    expect(mails[0]?.text).toContain(`bob_preview watched “${watchedTitle}”`)
    expect(mails[0]?.text).toContain('Hi ann_preview')
    expect((await mailsTo(t.platform, ann.user.email)).filter((mail) => mail.category.includes('digest'))).toEqual([])
  })

  it('tells the other member of a recommendation’s or a friendship’s card of what was said on it, as the bell does', async () => {
    const [ann, ben] = [await register(t.app, 'ann_card'), await register(t.app, 'ben_card')]
    const asked = await ann.client.post('/api/friendships', { username: ben.user.username })
    const { id } = asked.json<{ friendship: { id: string } }>().friendship
    // Ben accepts: the friendship's card is his, addressed to Ann.
    expect((await ben.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    const [title] = (await t.platform.catalog.trendingMovies()).results
    const recommended = { tmdbId: title!.id, mediaType: 'movie', toUsernames: [ben.user.username] }
    expect((await ann.client.post('/api/recommendations', recommended)).statusCode).toBe(201)
    await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
    const cards = (await ann.client.get('/api/feed')).json<FeedAnswer>().items
    const card = (type: string) =>
      `/api/activities/${encodeURIComponent(cards.find((c) => c.activityType === type)!.id)}`

    const said = [
      await ben.client.post(`${card('friendship')}/comments`, { content: 'Friends!' }),
      await ann.client.post(`${card('recommendation')}/comments`, { content: 'Watch it this weekend' }),
      await ann.client.put(`${card('recommendation')}/reactions/${encodeURIComponent('🔥')}`),
    ]
    for (const answer of said) expect(answer.statusCode, answer.body).toBeLessThan(300)
    await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())

    const anns = (await preview('ann_card')).json<TestDigestAnswer>().text
    expect(anns).toContain('- ben_card commented on your friendship')
    const bens = (await preview('ben_card')).json<TestDigestAnswer>().text
    const toBen = `the recommendation of “${String(title!.title)}” to you`
    expect(bens).toContain(`- ann_card commented on ${toBen}`)
    expect(bens).toContain(`- ann_card reacted 🔥 to ${toBen}`)
    // Nobody is told of what they said themselves.
    expect(anns).not.toMatch(/ann_card (commented|reacted)/)
    expect(bens).not.toMatch(/ben_card (commented|reacted)/)
  })

  it('is in the OpenAPI document', async () => {
    const { paths } = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(paths['/api/admin/test-digest'] ?? {}).sort()).toEqual(['get', 'post'])
  })
})
