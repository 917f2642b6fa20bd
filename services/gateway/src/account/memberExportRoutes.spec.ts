import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { memberExport, type MemberExport } from '@reelmates/contracts/memberExport'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { password, register, type Registered } from './accountFixtures'

/**
 * "Download all my data": ann and bob are friends and act on each other's watches; cat has asked ann,
 * ann has asked dan. Each text is unique, so finding it in the file says whose words got in.
 */
const words = {
  annNote: 'ann-watchlist-note-5521',
  annReview: 'ann-review-5521',
  annPrivateReview: 'ann-private-review-5521',
  annComment: 'ann-comment-on-bob-5521',
  annRecommendation: 'ann-recommends-5521',
  bobReview: 'bob-public-review-5521',
  bobPrivateReview: 'bob-private-review-5521',
  bobOwnComment: 'bob-comment-on-his-own-5521',
  bobCommentOnAnn: 'bob-comment-on-ann-5521',
  bobRecommendation: 'bob-recommends-5521',
}

let t: TestApp
let ann: Registered
let bob: Registered
let titles: Awaited<ReturnType<TestApp['platform']['catalog']['trendingMovies']>>['results'] = []

async function ok(answer: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const settled = await answer
  expect(settled.statusCode, settled.body).toBeLessThan(300)
  return settled
}
const title = (index: number) => {
  const found = titles[index]
  if (!found) throw new Error(`no title ${index} in the catalog`)
  return { tmdbId: found.id, mediaType: 'movie' as const }
}
const activityOf = (answer: LightMyRequestResponse) =>
  `/api/activities/${encodeURIComponent(`watched:${answer.json<{ entryId: string }>().entryId}`)}`
const emoji = (symbol: string) => encodeURIComponent(symbol)
const instant = expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown

async function befriend(from: Registered, to: Registered, accept = true) {
  const { friendship } = (await ok(from.client.post('/api/friendships', { username: to.user.username }))).json<{
    friendship: { id: string }
  }>()
  if (accept) await ok(to.client.post(`/api/friendships/${friendship.id}/accept`))
}

async function exportOf(member: Registered): Promise<{ answer: LightMyRequestResponse; file: MemberExport }> {
  const answer = await member.client.get('/api/user/export')
  expect(answer.statusCode, answer.body).toBe(200)
  return { answer, file: memberExport.parse(answer.json()) }
}

beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 5)
  ann = await register(t.app, 'ann5521')
  bob = await register(t.app, 'bob5521')
  const cat = await register(t.app, 'cat5521')
  const dan = await register(t.app, 'dan5521')
  await befriend(ann, bob)
  await befriend(cat, ann, false)
  await befriend(ann, dan, false)

  await ok(ann.client.post('/api/watchlist', { ...title(0), note: words.annNote }))
  const annWatch = await ok(ann.client.post('/api/watched', { ...title(1), rating: 7, review: words.annReview }))
  await ok(ann.client.post('/api/watched', { ...title(2), rating: 4, isPrivate: true, review: words.annPrivateReview }))
  const bobWatch = await ok(bob.client.post('/api/watched', { ...title(0), rating: 9, review: words.bobReview }))
  await ok(bob.client.post('/api/watched', { ...title(3), rating: 2, isPrivate: true, review: words.bobPrivateReview }))

  await ok(ann.client.post(`${activityOf(bobWatch)}/comments`, { content: words.annComment }))
  await ok(bob.client.post(`${activityOf(bobWatch)}/comments`, { content: words.bobOwnComment }))
  const bobsComment = await ok(bob.client.post(`${activityOf(annWatch)}/comments`, { content: words.bobCommentOnAnn }))
  await ok(ann.client.put(`${activityOf(bobWatch)}/reactions/${emoji('🔥')}`))
  await ok(ann.client.put(`/api/comments/${bobsComment.json<{ id: string }>().id}/reactions/${emoji('👍')}`))
  await ok(bob.client.put(`${activityOf(annWatch)}/reactions/${emoji('😂')}`))

  await ok(
    ann.client.post('/api/recommendations', {
      ...title(3),
      toUsernames: [bob.user.username],
      note: words.annRecommendation,
    }),
  )
  const toAnn = await ok(
    bob.client.post('/api/recommendations', {
      ...title(4),
      toUsernames: [ann.user.username],
      note: words.bobRecommendation,
    }),
  )
  const [received] = toAnn.json<{ recommendations: { id: string }[] }>().recommendations
  await ok(ann.client.post(`/api/recommendations/${received!.id}/accept`))
})
afterAll(() => t.close())

describe('GET /api/user/export', () => {
  it('answers 401 to someone signed out', async () => {
    const answer = await agent(t.app).get('/api/user/export')
    expect(answer.statusCode).toBe(401)
    expect(answer.json()).toMatchObject({ message: 'You need to sign in first.' })
  })

  it('names the file for the day where the member is, and refuses a time zone that is none', async () => {
    const timeZone = 'Pacific/Kiritimati'
    const answer = await ann.client.get(`/api/user/export?timeZone=${encodeURIComponent(timeZone)}`)
    expect(answer.statusCode).toBe(200)
    const day = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(answer.json<{ exportedAt: string }>().exportedAt))
    expect(answer.headers['content-disposition']).toContain(`filename="reelmates-ann5521-${day}.json"`)
    const refused = await ann.client.get('/api/user/export?timeZone=Mars%2FOlympus')
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('time zone name') as unknown })
  })

  it("gives the member a file named for them and the day, with their account and settings, never the store's keys", async () => {
    const { answer, file } = await exportOf(ann)
    const day = new Date().toISOString().slice(0, 10)
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="reelmates-ann5521-${day}.json"; filename*=UTF-8''reelmates-ann5521-${day}.json`,
    )
    expect(file.account).toEqual({
      username: 'ann5521',
      email: 'ann5521@example.com',
      bio: null,
      location: null,
      avatarUrl: null,
      createdAt: instant,
      role: 'User',
      digestType: 'weekly',
      receiveCampaignEmails: true,
      pushNotificationsEnabled: expect.any(Boolean) as unknown,
    })
    expect(answer.body).not.toMatch(/password|usernameKey|emailKey|pushSubscription|correct-horse/)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    // Readable in a text editor: one field a line, indented.
    expect(answer.body).toContain('\n  "account": {\n    "username": "ann5521",')
  })

  it('holds her watchlist, her whole log with private watches and ratings in stars, and her friends and requests', async () => {
    const { file } = await exportOf(ann)
    expect(file.watchlist.map(({ note, recommendedBy }) => [note, recommendedBy])).toEqual(
      expect.arrayContaining([
        [words.annNote, null],
        [null, 'bob5521'],
      ]),
    )
    expect(file.watched.map(({ review, stars, isPrivate }) => [review, stars, isPrivate])).toEqual(
      expect.arrayContaining([
        [words.annReview, 3.5, false],
        [words.annPrivateReview, 2, true],
      ]),
    )
    expect(file.watched).toHaveLength(2)
    expect(file.friends).toEqual({
      friends: [{ username: 'bob5521', since: instant }],
      requestsSent: [{ username: 'dan5521', sentAt: instant }],
      requestsReceived: [{ username: 'cat5521', sentAt: instant }],
    })
  })

  it('holds the comments and reactions she gave, and the recommendations both ways, with whom', async () => {
    const { file } = await exportOf(ann)
    const onBobs = { activityType: 'watched', mediaTitle: titles[0]!.title, owner: 'bob5521' }
    expect(file.comments).toEqual([
      {
        content: words.annComment,
        createdAt: instant,
        updatedAt: instant,
        on: { ...onBobs, activityId: expect.stringMatching(/^watched:/) as unknown },
      },
    ])
    expect(file.reactions.map(({ emoji, on, comment }) => [emoji, on?.owner, comment?.author])).toEqual([
      ['👍', 'ann5521', 'bob5521'],
      ['🔥', 'bob5521', undefined],
    ])
    expect(file.recommendations.sent).toEqual([
      expect.objectContaining({ note: words.annRecommendation, to: 'bob5521', status: 'pending' }),
    ])
    expect(file.recommendations.received).toEqual([
      expect.objectContaining({ note: words.bobRecommendation, from: 'bob5521', status: 'accepted' }),
    ])
  })

  it("holds nothing of another member's words: not a friend's review, private watch, or comment", async () => {
    const { answer } = await exportOf(ann)
    const theirs = [
      words.bobReview,
      words.bobPrivateReview,
      words.bobOwnComment,
      words.bobCommentOnAnn,
      'bob5521@example.com',
      'cat5521@example.com',
      '😂',
    ]
    expect(theirs.filter((text) => answer.body.includes(text))).toEqual([])
    // Her own words are in it, so the search above is looking at the whole file.
    expect(answer.body).toContain(words.annComment)
  })

  it('still gives her a file once her friend has deleted their account: he is gone from it, no error', async () => {
    await ok(bob.client.delete('/api/user', { currentPassword: password }))
    const { file } = await exportOf(ann)
    expect(file.friends.friends).toEqual([])
    expect(file.watchlist.map(({ recommendedBy }) => recommendedBy)).toEqual([null, null])
    expect(file.recommendations).toEqual({ sent: [], received: [] })
    // Her comment and reaction were on his watch, which went with his account.
    expect(file.comments).toEqual([])
    expect(file.reactions).toEqual([])
    expect(file.watched).toHaveLength(2)
  })
})
