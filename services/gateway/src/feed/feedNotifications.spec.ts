import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { FeedAnswer } from '@reelmates/contracts/feed'
import type { NotificationsAnswer } from '@reelmates/contracts/notifications'
import { register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

/** What comments and reactions put in the bell, from the routes that make them to `GET /api/notifications`. */
let t: TestApp
let title: MediaResult
let clock = Date.parse('2026-11-22T10:00:00.000Z')
beforeAll(async () => {
  // Each request a second later, so the bell's lines have an order.
  t = await createTestApp({ now: () => new Date((clock += 1000)) })
  const [first] = (await t.platform.catalog.trendingMovies()).results
  if (!first) throw new Error('the test catalog has no trending movie')
  title = first
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const enc = encodeURIComponent

/** Waits until every read model holds what the answered change appended. */
async function done<Answer extends { statusCode: number; body: string; json: () => unknown }>(answer: Answer) {
  expect(answer.statusCode, answer.body).toBeLessThan(300)
  const { position } = answer.json() as { position?: string }
  if (position) await t.platform.projections.waitForPosition(BigInt(position), 5_000)
  return answer
}
async function befriend(a: Registered, b: Registered) {
  const asked = await done(await a.client.post('/api/friendships', { username: b.user.username }))
  const { id } = asked.json<{ friendship: { id: string } }>().friendship
  await done(await b.client.post(`/api/friendships/${id}/accept`))
  return id
}
const texts = async (who: Registered) => {
  const answer = await who.client.get('/api/notifications')
  expect(answer.statusCode, answer.body).toBe(200)
  return answer
    .json<NotificationsAnswer>()
    .items.filter((item) => item.kind !== 'friend-request' && item.kind !== 'friendship-accepted')
    .map((item) => [item.kind, item.text])
}

describe('notifications of comments and reactions', () => {
  it('name the title, gather an activity’s comments, tell the thread, leave out who can no longer read it (of a thread or a reaction to their comment), and lose a deleted comment’s commenter', async () => {
    const [ann, bob, cat, dan] = await Promise.all([member('ann'), member('bob'), member('cat'), member('dan')])
    await befriend(ann, bob)
    await befriend(cat, bob)
    const dansFriendship = await befriend(dan, bob)
    const watched = await done(await bob.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie' }))
    const path = `/api/activities/${enc(`watched:${watched.json<{ entryId: string }>().entryId}`)}`

    const anns = await done(await ann.client.post(`${path}/comments`, { content: 'Loved it' }))
    const dans = await done(await dan.client.post(`${path}/comments`, { content: 'Me too' }))
    // Dan commented, then unfriended the owner: the activity is no longer his to read.
    await done(await dan.client.delete(`/api/friendships/${dansFriendship}`))
    const cats = await done(await cat.client.post(`${path}/comments`, { content: 'Same' }))
    await done(await ann.client.put(`${path}/reactions/${enc('🔥')}`))
    await done(await bob.client.put(`/api/comments/${anns.json<{ id: string }>().id}/reactions/${enc('❤️')}`))
    // Dan's comment stays, but a reaction to it would lead him to a page he can no longer open.
    await done(await bob.client.put(`/api/comments/${dans.json<{ id: string }>().id}/reactions/${enc('❤️')}`))

    const named = title.title
    // An activity's comments are one line per bell, naming the latest commenter first.
    expect(await texts(bob)).toEqual([
      ['reaction', `${ann.user.username} reacted to your watch of ${named}`],
      ['comment', `${cat.user.username} and 2 others commented on your watch of ${named}`],
    ])
    expect(await texts(ann)).toEqual([
      ['reaction', `${bob.user.username} reacted to your comment on ${named}`],
      ['thread-comment', `${cat.user.username} and ${dan.user.username} also commented on ${named}`],
    ])
    expect(await texts(dan)).toEqual([])
    expect(await texts(cat)).toEqual([])
    const [reaction, thread] = (await ann.client.get('/api/notifications')).json<NotificationsAnswer>().items
    const activityPage = `/activity/${path.slice('/api/activities/'.length)}`
    // Bob's reaction to Ann's comment leads to her comment, and the thread's line to its newest, cat's.
    expect(reaction?.url).toBe(`${activityPage}#comment-${anns.json<{ id: string }>().id}`)
    expect(thread?.url).toBe(`${activityPage}#comment-${cats.json<{ id: string }>().id}`)

    await done(await cat.client.delete(`/api/comments/${cats.json<{ id: string }>().id}`))
    expect(await texts(ann)).toEqual([
      ['reaction', `${bob.user.username} reacted to your comment on ${named}`],
      ['thread-comment', `${dan.user.username} also commented on ${named}`],
    ])
    // …and, cat's gone, to the newest left, dan's.
    const [, threadLeft] = (await ann.client.get('/api/notifications')).json<NotificationsAnswer>().items
    expect(threadLeft?.url).toBe(`${activityPage}#comment-${dans.json<{ id: string }>().id}`)
    expect(await texts(bob)).toEqual([
      ['reaction', `${ann.user.username} reacted to your watch of ${named}`],
      ['comment', `${dan.user.username} and ${ann.user.username} commented on your watch of ${named}`],
    ])
  })
})

/**
 * Ann and Bob made friends, and Ann recommended the title to Bob: the two cards addressed to someone,
 * the recommendation's (Ann's) and the friendship's (one of theirs, `ownerId`).
 */
async function friendsWithARecommendation() {
  const [ann, bob] = await Promise.all([member('ann'), member('bob')])
  await befriend(ann, bob)
  await done(
    await ann.client.post('/api/recommendations', {
      tmdbId: title.id,
      mediaType: 'movie',
      toUsernames: [bob.user.username],
    }),
  )
  const cards = (await ann.client.get('/api/feed')).json<FeedAnswer>().items
  const card = (type: string) => {
    const found = cards.find((item) => item.activityType === type)
    if (!found) throw new Error(`no ${type} card in the feed`)
    return { path: `/api/activities/${enc(found.id)}`, ownerId: found.user.id }
  }
  return { ann, bob, sent: card('recommendation').path, friendship: card('friendship') }
}

describe('notifications of comments on a card addressed to someone', () => {
  it('tell the addressee of a recommendation or a friendship of its owner’s comments, and the owner of theirs, once each', async () => {
    const { ann, bob, sent, friendship } = await friendsWithARecommendation()
    const commentLines = async (who: Registered) =>
      (await texts(who)).filter(([kind]) => kind === 'comment' || kind === 'thread-comment')

    await done(await ann.client.post(`${sent}/comments`, { content: 'Watch it this weekend' }))
    expect(await commentLines(bob)).toEqual([
      ['comment', `${ann.user.username} commented on the recommendation of ${title.title} to you`],
    ])
    // Bob answers there: the owner is told as ever, and Bob, now in the thread, is not told twice of her reply.
    await done(await bob.client.post(`${sent}/comments`, { content: 'Will do' }))
    await done(await ann.client.post(`${sent}/comments`, { content: 'Great' }))
    expect(await commentLines(ann)).toEqual([
      ['comment', `${bob.user.username} commented on your recommendation of ${title.title}`],
    ])
    expect(await commentLines(bob)).toEqual([
      ['comment', `${ann.user.username} commented on the recommendation of ${title.title} to you`],
    ])

    // The friendship's card is one member's; its other member is told of the owner's comments too.
    const [owner, other] = friendship.ownerId === ann.user.id ? [ann, bob] : [bob, ann]
    await done(await owner.client.post(`${friendship.path}/comments`, { content: 'Friends!' }))
    expect(await commentLines(other)).toContainEqual(['comment', `${owner.user.username} commented on your friendship`])
  })
})

describe('notifications of reactions on a card addressed to someone', () => {
  it('tell the addressee of a recommendation or a friendship of its owner’s reactions, never the reactor, and take them back', async () => {
    const { ann, bob, sent, friendship } = await friendsWithARecommendation()
    const reactionLines = async (who: Registered) => (await texts(who)).filter(([kind]) => kind === 'reaction')
    const fire = `${sent}/reactions/${enc('🔥')}`

    await done(await ann.client.put(fire))
    expect(await reactionLines(bob)).toEqual([
      ['reaction', `${ann.user.username} reacted to the recommendation of ${title.title} to you`],
    ])
    expect(await reactionLines(ann)).toEqual([])
    await done(await bob.client.put(`${sent}/reactions/${enc('❤️')}`))
    expect(await reactionLines(ann)).toEqual([
      ['reaction', `${bob.user.username} reacted to your recommendation of ${title.title}`],
    ])
    await done(await ann.client.delete(fire))
    expect(await reactionLines(bob)).toEqual([])

    // The friendship's card is one member's; its other member is told of the owner's reactions.
    const [owner, other] = friendship.ownerId === ann.user.id ? [ann, bob] : [bob, ann]
    await done(await owner.client.put(`${friendship.path}/reactions/${enc('👍')}`))
    expect(await reactionLines(other)).toContainEqual(['reaction', `${owner.user.username} reacted to your friendship`])
  })
})
