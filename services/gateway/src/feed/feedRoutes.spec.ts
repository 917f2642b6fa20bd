import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import {
  encodeFeedCursor,
  type ActivityAnswer,
  type FeedAnswer,
  type FeedIdsAnswer,
  type MyCommentsAnswer,
} from '@reelmates/contracts/feed'
import type { LovedByFriendsAnswer } from '@reelmates/contracts/lovedByFriends'
import { password, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
let clock = Date.parse('2026-11-22T10:00:00.000Z')
beforeAll(async () => {
  // Each request a second later, so activities and visits have an order.
  t = await createTestApp({ now: () => new Date((clock += 1000)) })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 2)
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
async function watch(who: Registered, changes: Record<string, unknown> = {}) {
  const answer = await who.client.post('/api/watched', {
    tmdbId: titles[0]!.id,
    mediaType: 'movie',
    rating: 9,
    recommend: true,
    review: 'The ending!',
    ...changes,
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return `watched:${answer.json<{ entryId: string }>().entryId}`
}
const feedOf = async (who: Registered) => (await who.client.get('/api/feed')).json<FeedAnswer>()
const enc = encodeURIComponent

/** Three members: ann and bob are friends; cid is a stranger to both. */
async function circle() {
  const [ann, bob, cid] = await Promise.all([member('ann'), member('bob'), member('cid')])
  await befriend(ann, bob)
  return { ann, bob, cid }
}

describe('feed API', () => {
  it('documents every feed route in the OpenAPI document', async () => {
    const { paths } = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>()
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(documented).toEqual(
      expect.arrayContaining([
        'GET /api/feed',
        'GET /api/feed/ids',
        'GET /api/feed/unread',
        'POST /api/feed/visits',
        'GET /api/home/friends-loved',
        'GET /api/activities/{id}',
        'GET /api/user/comments',
        'POST /api/activities/{id}/comments',
        'PATCH /api/comments/{id}',
        'DELETE /api/comments/{id}',
        'PUT /api/activities/{id}/reactions/{emoji}',
        'DELETE /api/activities/{id}/reactions/{emoji}',
        'PUT /api/comments/{id}/reactions/{emoji}',
        'DELETE /api/comments/{id}/reactions/{emoji}',
      ]),
    )
  })

  it('answers 401 to anyone signed out, on every route', async () => {
    const anonymous = agent(t.app)
    const answers = [
      await anonymous.get('/api/feed'),
      await anonymous.get('/api/feed/unread'),
      await anonymous.post('/api/feed/visits'),
      await anonymous.get('/api/home/friends-loved'),
      await anonymous.get('/api/activities/watched:x'),
      await anonymous.get('/api/user/comments'),
      await anonymous.post('/api/activities/watched:x/comments', { content: 'hi' }),
      await anonymous.patch('/api/comments/c1', { content: 'hi' }),
      await anonymous.delete('/api/comments/c1'),
      await anonymous.put(`/api/activities/watched:x/reactions/${enc('🔥')}`),
      await anonymous.delete(`/api/activities/watched:x/reactions/${enc('🔥')}`),
      await anonymous.put(`/api/comments/c1/reactions/${enc('🔥')}`),
      await anonymous.delete(`/api/comments/c1/reactions/${enc('🔥')}`),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(13).fill(401))
  })

  it("shows a friend's public watch with its review, counts it unread until I open the feed", async () => {
    const { ann, bob } = await circle()
    await (await bob.client.get('/api/feed/unread')).json()
    const activityId = await watch(bob)
    const { items, nextCursor } = await feedOf(ann)
    expect(nextCursor).toBeNull()
    expect(items[0]).toMatchObject({
      id: activityId,
      activityType: 'watched',
      user: { id: bob.user.id, username: bob.user.username },
      mediaTitle: titles[0]!.title,
      rating: 9,
      review: 'The ending!',
      reactions: [],
      commentCount: 0,
    })
    expect((await ann.client.get('/api/feed/unread')).json()).toEqual({ count: 2 }) // the watch and our friendship
    expect((await ann.client.post('/api/feed/visits')).statusCode).toBe(200)
    expect((await ann.client.get('/api/feed/unread')).json()).toEqual({ count: 0 })
  })

  it('tells friends, wherever the review shows, whether its writer marked spoilers', async () => {
    const { ann, bob } = await circle()
    const open = await watch(bob, { review: 'Gorgeous to look at.' })
    const covered = await watch(bob, { tmdbId: titles[1]!.id, review: 'The twist!', containsSpoilers: true })
    const marks = async () =>
      Object.fromEntries((await feedOf(ann)).items.map((item) => [item.id, item.containsSpoilers]))
    expect(await marks()).toMatchObject({ [open]: false, [covered]: true })
    const activity = await ann.client.get(`/api/activities/${enc(covered)}`)
    expect(activity.json<ActivityAnswer>().activity).toMatchObject({ review: 'The twist!', containsSpoilers: true })

    const profile = (await ann.client.get(`/api/users/${bob.user.username}`)).json<{
      recent: { review: string; containsSpoilers: boolean }[]
    }>()
    expect(Object.fromEntries(profile.recent.map((watch) => [watch.review, watch.containsSpoilers]))).toEqual({
      'Gorgeous to look at.': false,
      'The twist!': true,
    })
    const friendsOf = async (tmdbId: number) =>
      (await ann.client.get(`/api/media/movie/${tmdbId}/friends`)).json<{
        watched: { reviewExcerpt: string; containsSpoilers: boolean }[]
      }>().watched
    expect(await friendsOf(titles[1]!.id)).toEqual([
      expect.objectContaining({ reviewExcerpt: 'The twist!', containsSpoilers: true }),
    ])

    // Unmarked later, it opens everywhere; the writer's own log says so too.
    const entryId = covered.slice('watched:'.length)
    expect((await bob.client.patch(`/api/watched/${entryId}`, { containsSpoilers: false })).statusCode).toBe(200)
    expect(await marks()).toMatchObject({ [open]: false, [covered]: false })
    expect(await friendsOf(titles[1]!.id)).toEqual([expect.objectContaining({ containsSpoilers: false })])
    const log = (await bob.client.get('/api/watched')).json<{ items: { id: string; containsSpoilers: boolean }[] }>()
    expect(log.items.find((item) => item.id === entryId)?.containsSpoilers).toBe(false)
    expect((await bob.client.patch(`/api/watched/${entryId}`, { containsSpoilers: 'yes' })).statusCode).toBe(400)
  })

  it('never answers a private entry, in the feed or by its id', async () => {
    const { ann, bob } = await circle()
    const secret = await watch(bob, { isPrivate: true, review: 'my secret review' })
    const feed = await ann.client.get('/api/feed')
    expect(feed.body).not.toContain('my secret review')
    expect(feed.json<FeedAnswer>().items.map((item) => item.id)).not.toContain(secret)
    const direct = await ann.client.get(`/api/activities/${enc(secret)}`)
    expect(direct.statusCode).toBe(404)
    expect(direct.body).not.toContain('my secret review')
    expect((await bob.client.get(`/api/activities/${enc(secret)}`)).statusCode).toBe(404)
    expect((await ann.client.post(`/api/activities/${enc(secret)}/comments`, { content: 'hi' })).statusCode).toBe(404)
  })

  it('answers a non-friend 404 without content, whatever they try', async () => {
    const { ann, bob, cid } = await circle()
    const activityId = await watch(bob)
    const comment = await ann.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'Mine' })
    const commentId = comment.json<{ id: string }>().id
    const answers = [
      await cid.client.get(`/api/activities/${enc(activityId)}`),
      await cid.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'hi' }),
      await cid.client.put(`/api/activities/${enc(activityId)}/reactions/${enc('🔥')}`),
      await cid.client.patch(`/api/comments/${commentId}`, { content: 'hacked' }),
      await cid.client.delete(`/api/comments/${commentId}`),
      await cid.client.put(`/api/comments/${commentId}/reactions/${enc('🔥')}`),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404, 404])
    for (const answer of answers) {
      expect(Object.keys(answer.json<object>()).sort()).toEqual(['error', 'message'])
      expect(answer.body).not.toContain('The ending')
      expect(answer.body).not.toContain('Mine')
    }
    expect((await feedOf(cid)).items).toEqual([])
  })

  it('comments, edits, reacts and deletes, with the rules of who may do what', async () => {
    const { ann, bob } = await circle()
    const carl = await member('carl')
    await befriend(carl, bob)
    const activityId = await watch(bob)
    const path = `/api/activities/${enc(activityId)}`

    const empty = await ann.client.post(`${path}/comments`, { content: '   ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ message: 'Comment cannot be empty' })
    const long = await ann.client.post(`${path}/comments`, { content: 'x'.repeat(2001) })
    expect(long.statusCode).toBe(400)
    expect((await ann.client.post(`${path}/comments`, {})).statusCode).toBe(400)

    const added = await ann.client.post(`${path}/comments`, { content: ' Loved it ' })
    expect(added.statusCode, added.body).toBe(201)
    const comment = added.json<{ id: string; content: string; user: { id: string } }>()
    expect(comment).toMatchObject({ content: 'Loved it', user: { id: ann.user.id } })

    expect((await carl.client.patch(`/api/comments/${comment.id}`, { content: 'no' })).statusCode).toBe(403)
    expect((await bob.client.patch(`/api/comments/${comment.id}`, { content: 'no' })).statusCode).toBe(403)
    const edited = await ann.client.patch(`/api/comments/${comment.id}`, { content: 'Loved it, really' })
    expect(edited.json()).toMatchObject({ content: 'Loved it, really' })

    const fire = `${path}/reactions/${enc('🔥')}`
    expect((await ann.client.put(fire)).statusCode).toBe(200)
    expect((await ann.client.put(fire)).statusCode).toBe(200)
    expect((await carl.client.put(fire)).statusCode).toBe(200)
    expect((await bob.client.put(`/api/comments/${comment.id}/reactions/${enc('❤️')}`)).statusCode).toBe(200)
    expect((await ann.client.put(`${path}/reactions/${enc('🤡')}`)).statusCode).toBe(400)

    const seen = (await ann.client.get(path)).json<ActivityAnswer>()
    expect(seen.activity).toMatchObject({
      commentCount: 1,
      reactions: [{ emoji: '🔥', count: 2, mine: true, users: [ann.user.username, carl.user.username] }],
    })
    expect(seen.comments).toEqual([
      expect.objectContaining({
        id: comment.id,
        content: 'Loved it, really',
        reactions: [{ emoji: '❤️', count: 1, mine: false, users: [bob.user.username] }],
      }),
    ])

    expect((await ann.client.delete(fire)).statusCode).toBe(200)
    expect((await ann.client.delete(fire)).statusCode).toBe(200)
    expect((await carl.client.delete(`/api/comments/${comment.id}`)).statusCode).toBe(403)
    // The activity's owner may delete any comment on it.
    expect((await bob.client.delete(`/api/comments/${comment.id}`)).statusCode).toBe(200)
    const after = (await ann.client.get(path)).json<ActivityAnswer>()
    expect(after).toMatchObject({
      activity: { commentCount: 0, reactions: [{ emoji: '🔥', count: 1, mine: false }] },
      comments: [],
    })
    expect((await ann.client.delete(`/api/comments/${comment.id}`)).statusCode).toBe(404)
  })

  it('drops an unfriended member’s activities from my feed and refuses their comments', async () => {
    const { ann, bob } = await circle()
    const activityId = await watch(bob)
    expect((await feedOf(ann)).items.map((item) => item.id)).toContain(activityId)
    const { friends } = (await ann.client.get('/api/friendships')).json<{ friends: { id: string }[] }>()
    expect((await ann.client.delete(`/api/friendships/${friends[0]!.id}`)).statusCode).toBe(200)
    expect((await feedOf(ann)).items).toEqual([])
    expect((await ann.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'hi' })).statusCode).toBe(
      404,
    )
  })

  it('answers the ids of my feed down to a loaded item, without one made private or an ex-friend’s', async () => {
    const { ann, bob } = await circle()
    const older = await watch(bob)
    const newer = await watch(bob, { tmdbId: titles[1]!.id })
    const mine = await watch(ann)
    // The friendship's own activity, older than the watches.
    const bottom = (await feedOf(ann)).items.at(-1)!
    const to = encodeFeedCursor({ createdAt: bottom.createdAt, id: bottom.id })
    const idsOf = async () => {
      const answer = await ann.client.get(`/api/feed/ids?to=${enc(to)}`)
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json<FeedIdsAnswer>()
    }
    const before = await idsOf()
    expect(before.complete).toBe(true)
    expect(before.ids.sort()).toEqual([bottom.id, older, newer, mine].sort())
    const patched = await bob.client.patch(`/api/watched/${older.slice('watched:'.length)}`, { isPrivate: true })
    expect(patched.statusCode, patched.body).toBe(200)
    expect((await idsOf()).ids.sort()).toEqual([bottom.id, newer, mine].sort())
    const { friends } = (await ann.client.get('/api/friendships')).json<{ friends: { id: string }[] }>()
    expect((await ann.client.delete(`/api/friendships/${friends[0]!.id}`)).statusCode).toBe(200)
    expect(await idsOf()).toEqual({ ids: [mine], complete: true })
    expect((await ann.client.get('/api/feed/ids?to=nonsense')).statusCode).toBe(400)
  })

  it('lets a member delete their own comment after an unfriending, but not edit it; a stranger still gets 404', async () => {
    const { ann, bob, cid } = await circle()
    const activityId = await watch(ann)
    const added = await bob.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'Said as a friend' })
    expect(added.statusCode, added.body).toBe(201)
    const commentId = added.json<{ id: string }>().id
    const { friends } = (await bob.client.get('/api/friendships')).json<{ friends: { id: string }[] }>()
    expect((await bob.client.delete(`/api/friendships/${friends[0]!.id}`)).statusCode).toBe(200)

    expect((await cid.client.delete(`/api/comments/${commentId}`)).statusCode).toBe(404)
    const edited = await bob.client.patch(`/api/comments/${commentId}`, { content: 'Changed' })
    expect(edited.statusCode).toBe(404)
    // Bob finds it in his own comments, on an activity he may no longer open, its owner unnamed.
    const mine = (await bob.client.get('/api/user/comments')).json<MyCommentsAnswer>()
    expect(mine).toEqual({
      items: [
        {
          id: commentId,
          content: 'Said as a friend',
          createdAt: expect.any(String) as unknown,
          updatedAt: expect.any(String) as unknown,
          activity: {
            id: activityId,
            activityType: 'watched',
            mediaTitle: titles[0]!.title,
            owner: null,
            visible: false,
          },
        },
      ],
      nextCursor: null,
    })
    expect((await cid.client.get('/api/user/comments')).json<MyCommentsAnswer>().items).toEqual([])
    const deleted = await bob.client.delete(`/api/comments/${commentId}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await bob.client.get('/api/user/comments')).json<MyCommentsAnswer>().items).toEqual([])
    const seen = (await ann.client.get(`/api/activities/${enc(activityId)}`)).json<ActivityAnswer>()
    expect(seen).toMatchObject({ activity: { commentCount: 0 }, comments: [] })
    expect((await bob.client.delete(`/api/comments/${commentId}`)).statusCode).toBe(404)
  })

  it('lets a member take back their own reactions after an unfriending, telling nothing of what is not theirs', async () => {
    const { ann, bob, cid } = await circle()
    const activityId = await watch(ann)
    const path = `/api/activities/${enc(activityId)}`
    const added = await ann.client.post(`${path}/comments`, { content: 'Mine' })
    const commentId = added.json<{ id: string }>().id
    const thumb = `${path}/reactions/${enc('👍')}`
    const onComment = `/api/comments/${commentId}/reactions/${enc('🔥')}`
    expect((await bob.client.put(thumb)).statusCode).toBe(200)
    expect((await bob.client.put(onComment)).statusCode).toBe(200)
    const { friends } = (await bob.client.get('/api/friendships')).json<{ friends: { id: string }[] }>()
    expect((await bob.client.delete(`/api/friendships/${friends[0]!.id}`)).statusCode).toBe(200)

    // What is not theirs is answered as an activity (or comment) that is not there, whoever asks.
    const noActivity = { statusCode: 404, message: 'No such activity.' }
    for (const [who, what] of [
      [cid, thumb],
      [bob, `${path}/reactions/${enc('😮')}`],
      [bob, `/api/activities/${enc('watched:nothing')}/reactions/${enc('👍')}`],
    ] as const) {
      const answer = await who.client.delete(what)
      expect({ statusCode: answer.statusCode, message: answer.json<{ message: string }>().message }).toEqual(noActivity)
    }
    expect((await cid.client.delete(onComment)).statusCode).toBe(404)
    expect((await bob.client.put(thumb)).statusCode).toBe(404)

    const taken = await bob.client.delete(thumb)
    expect(taken.statusCode, taken.body).toBe(200)
    expect(Object.keys(taken.json<object>())).toEqual(['position'])
    expect((await bob.client.delete(onComment)).statusCode).toBe(200)
    const seen = (await ann.client.get(path)).json<ActivityAnswer>()
    expect(seen.activity.reactions).toEqual([])
    expect(seen.comments).toEqual([expect.objectContaining({ id: commentId, reactions: [] })])
    // Gone, it is like any reaction never made there.
    expect((await bob.client.delete(thumb)).statusCode).toBe(404)
  })

  it('gives a removed watch back in its place, with its comments and reactions, when the removal is undone', async () => {
    const { ann, bob } = await circle()
    const activityId = await watch(bob)
    const path = `/api/activities/${enc(activityId)}`
    expect((await ann.client.post(`${path}/comments`, { content: 'Same here' })).statusCode).toBe(201)
    expect((await ann.client.put(`${path}/reactions/${enc('🍿')}`)).statusCode).toBe(200)
    const newer = await watch(ann, { tmdbId: titles[1]!.id })
    const before = (await feedOf(ann)).items.map(({ id, createdAt }) => ({ id, createdAt }))
    expect(before.map((item) => item.id).slice(0, 2)).toEqual([newer, activityId])

    const entryPath = `/api/watched/${activityId.slice('watched:'.length)}`
    expect((await bob.client.delete(entryPath)).statusCode).toBe(200)
    expect((await feedOf(ann)).items.map((item) => item.id)).not.toContain(activityId)
    expect((await ann.client.get(path)).statusCode).toBe(404)

    expect((await bob.client.post(`${entryPath}/restore`)).statusCode).toBe(201)
    // Where it was (not on top as news), and what friends said about it is still there.
    expect((await feedOf(ann)).items.map(({ id, createdAt }) => ({ id, createdAt }))).toEqual(before)
    expect((await ann.client.get(path)).json<ActivityAnswer>()).toMatchObject({
      activity: { review: 'The ending!', commentCount: 1, reactions: [{ emoji: '🍿', count: 1, mine: true }] },
      comments: [expect.objectContaining({ content: 'Same here' })],
    })
  })

  it('takes a watchlist title put back as no news: in its old place, not unread, its comment kept', async () => {
    const { ann, bob } = await circle()
    const title = { tmdbId: titles[1]!.id, mediaType: 'movie' }
    expect((await bob.client.post('/api/watchlist', title)).statusCode).toBe(201)
    const activityId = `watchlist:${bob.user.id}:movie:${title.tmdbId}`
    expect(
      (await ann.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'Good pick' })).statusCode,
    ).toBe(201)
    await watch(bob)
    const before = (await feedOf(ann)).items.map(({ id, createdAt }) => ({ id, createdAt }))
    expect((await ann.client.post('/api/feed/visits')).statusCode).toBe(200)

    const path = `/api/watchlist/movie/${title.tmdbId}`
    expect((await bob.client.delete(path)).statusCode).toBe(200)
    expect((await bob.client.post(`${path}/restore`)).statusCode).toBe(201)
    expect((await feedOf(ann)).items.map(({ id, createdAt }) => ({ id, createdAt }))).toEqual(before)
    expect((await ann.client.get('/api/feed/unread')).json()).toEqual({ count: 0 })
    expect((await ann.client.get(`/api/activities/${enc(activityId)}`)).json<ActivityAnswer>().activity).toMatchObject({
      commentCount: 1,
    })
  })

  it('lists my own comments newest first, a page at a time, naming the owner of what I may still open', async () => {
    const { ann, bob } = await circle()
    const activityId = await watch(ann)
    for (const content of ['First', 'Second', 'Third'])
      expect((await bob.client.post(`/api/activities/${enc(activityId)}/comments`, { content })).statusCode).toBe(201)
    expect((await ann.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'Ann' })).statusCode).toBe(
      201,
    )
    const first = (await bob.client.get('/api/user/comments?limit=2')).json<MyCommentsAnswer>()
    expect(first.items.map((item) => item.content)).toEqual(['Third', 'Second'])
    expect(first.items[0]!.activity).toEqual({
      id: activityId,
      activityType: 'watched',
      mediaTitle: titles[0]!.title,
      owner: ann.user.username,
      visible: true,
    })
    const rest = (
      await bob.client.get(`/api/user/comments?limit=2&cursor=${enc(first.nextCursor!)}`)
    ).json<MyCommentsAnswer>()
    expect(rest).toMatchObject({ items: [{ content: 'First' }], nextCursor: null })
    expect((await bob.client.get('/api/user/comments?cursor=nonsense')).statusCode).toBe(400)
  })

  it('pages with the cursor and refuses a cursor it did not make', async () => {
    const { ann, bob } = await circle()
    for (const title of titles) await watch(bob, { tmdbId: title.id })
    const first = await ann.client.get('/api/feed?limit=2')
    const page = first.json<FeedAnswer>()
    expect(page.items).toHaveLength(2)
    const second = (await ann.client.get(`/api/feed?limit=2&cursor=${enc(page.nextCursor!)}`)).json<FeedAnswer>()
    expect(second.items).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
    // One of ours in form, but with a date there is not (the 45th of the 13th month).
    const impossible = enc(encodeFeedCursor({ createdAt: '2026-13-45T99:99:99Z', id: 'x' }))
    for (const cursor of ['nonsense', 'x'.repeat(401), impossible]) {
      const refused = await ann.client.get(`/api/feed?cursor=${cursor}`)
      expect(refused.statusCode).toBe(400)
      expect(refused.json<{ message: string }>().message).toMatch(
        /This cursor is not valid; start again from the first page/,
      )
    }
    expect((await ann.client.get('/api/feed?limit=0')).statusCode).toBe(400)
    expect((await ann.client.get('/api/feed?limit=500')).statusCode).toBe(400)
  })

  it('forgets a deleted account’s activities, comments and reactions', async () => {
    const { ann, bob } = await circle()
    const activityId = await watch(ann)
    await bob.client.post(`/api/activities/${enc(activityId)}/comments`, { content: 'From bob' })
    await bob.client.put(`/api/activities/${enc(activityId)}/reactions/${enc('🍿')}`)
    const bobsWatch = await watch(bob)
    expect((await bob.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    const seen = (await ann.client.get(`/api/activities/${enc(activityId)}`)).json<ActivityAnswer>()
    expect(seen).toMatchObject({ activity: { commentCount: 0, reactions: [] }, comments: [] })
    expect((await feedOf(ann)).items.map((item) => item.id)).toEqual([activityId])
    expect((await ann.client.get(`/api/activities/${enc(bobsWatch)}`)).statusCode).toBe(404)
  })
})

describe("home's loved by your friends", () => {
  const lovedBy = async (who: Registered) => {
    const answer = await who.client.get('/api/home/friends-loved')
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json<LovedByFriendsAnswer>().titles
  }

  it("shows a friend's public liked watch as a title card with the friend named; never a stranger's or a private one", async () => {
    const { ann, bob, cid } = await circle()
    expect(await lovedBy(ann)).toEqual([])
    const [shared, kept] = titles as [MediaResult, MediaResult]
    await watch(bob, { tmdbId: shared.id, rating: 9, recommend: null, review: null })
    await watch(bob, { tmdbId: kept.id, rating: 10, isPrivate: true, review: 'private-words-5521' })
    await watch(cid, { tmdbId: kept.id, rating: 10 })

    const loved = await lovedBy(ann)
    expect(loved).toHaveLength(1)
    expect(loved[0]).toMatchObject({
      media: { id: shared.id, media_type: 'movie', title: shared.title },
      friends: [{ username: bob.user.username, avatarUrl: null }],
      friendCount: 1,
    })
    expect(JSON.stringify(loved)).not.toContain(cid.user.username)
    expect(JSON.stringify(loved)).not.toContain('private-words-5521')
  })

  it('drops a title once I watched it, privately too, reading my own write', async () => {
    const { ann, bob } = await circle()
    await watch(bob, { rating: 7, recommend: null })
    expect((await lovedBy(ann)).map((title) => title.media.id)).toEqual([titles[0]!.id])
    await watch(ann, { rating: 2, recommend: false, isPrivate: true })
    expect(await lovedBy(ann)).toEqual([])
  })
})

describe('a recommendation card between two members', () => {
  /** Bob recommends a title to ann, his friend: the card's id, on both their feeds. */
  async function recommended(bob: Registered, ann: Registered) {
    const sent = await bob.client.post('/api/recommendations', {
      tmdbId: titles[0]!.id,
      mediaType: 'movie',
      toUsernames: [ann.user.username],
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const id = sent.json<{ recommendations: { id: string }[] }>().recommendations[0]!.id
    return `recommendation:${id}`
  }
  const unfriend = async (who: Registered) => {
    const { friends } = (await who.client.get('/api/friendships')).json<{ friends: { id: string }[] }>()
    expect((await who.client.delete(`/api/friendships/${friends[0]!.id}`)).statusCode).toBe(200)
  }
  const commentOn = (who: Registered, cardId: string, content = 'Hello') =>
    who.client.post(`/api/activities/${enc(cardId)}/comments`, { content })
  const reactTo = (who: Registered, cardId: string) =>
    who.client.put(`/api/activities/${enc(cardId)}/reactions/${enc('😂')}`)

  it('closes to new comments and reactions from either once they are no longer friends, and opens again', async () => {
    const { ann, bob } = await circle()
    const cardId = await recommended(bob, ann)
    const said = await commentOn(ann, cardId, 'Will watch it')
    expect(said.statusCode, said.body).toBe(201)
    const annComment = said.json<{ id: string }>().id
    expect((await reactTo(ann, cardId)).statusCode).toBe(200)
    await unfriend(ann)

    for (const who of [ann, bob]) {
      const answer = (await who.client.get(`/api/activities/${enc(cardId)}`)).json<ActivityAnswer>()
      expect(answer.activity.closed).toBe(true)
      expect(answer.comments.map((comment) => comment.content)).toEqual(['Will watch it'])
      expect((await feedOf(who)).items.find((item) => item.id === cardId)?.closed).toBe(true)
      for (const refused of [
        await commentOn(who, cardId),
        await reactTo(who, cardId),
        await who.client.put(`/api/comments/${annComment}/reactions/${enc('🔥')}`),
      ]) {
        expect(refused.statusCode).toBe(403)
        expect(refused.json()).toMatchObject({
          message: "You two aren't friends now, so this card takes no new comments or reactions.",
        })
      }
    }
    const edited = await ann.client.patch(`/api/comments/${annComment}`, { content: 'Changed' })
    expect(edited.statusCode).toBe(403)
    // Taking back stays open.
    expect((await ann.client.delete(`/api/activities/${enc(cardId)}/reactions/${enc('😂')}`)).statusCode).toBe(200)

    await befriend(bob, ann)
    expect((await ann.client.get(`/api/activities/${enc(cardId)}`)).json<ActivityAnswer>().activity.closed).toBe(
      undefined,
    )
    expect((await commentOn(bob, cardId, 'Glad we are back')).statusCode).toBe(201)
    expect((await reactTo(ann, cardId)).statusCode).toBe(200)
  })

  it('lets its recipient delete the sender’s comment, friends or not; a stranger still may not see it', async () => {
    const { ann, bob, cid } = await circle()
    const cardId = await recommended(bob, ann)
    const first = (await commentOn(bob, cardId, 'You will love it')).json<{ id: string }>().id
    const second = (await commentOn(bob, cardId, 'Honestly')).json<{ id: string }>().id
    expect((await cid.client.delete(`/api/comments/${first}`)).statusCode).toBe(404)
    expect((await ann.client.delete(`/api/comments/${first}`)).statusCode).toBe(200)
    await unfriend(bob)
    expect((await ann.client.delete(`/api/comments/${second}`)).statusCode).toBe(200)
    expect((await bob.client.get(`/api/activities/${enc(cardId)}`)).json<ActivityAnswer>().comments).toEqual([])
  })
})
