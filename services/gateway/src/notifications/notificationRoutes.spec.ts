import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationsAnswer } from '@reelmates/contracts/notifications'
import { register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let clock = Date.parse('2026-11-22T10:00:00.000Z')
beforeAll(async () => {
  // Each request a second later, so notifications and the bell's seen mark have an order.
  t = await createTestApp({ now: () => new Date((clock += 1000)) })
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const bell = async (who: Registered) => {
  const answer = await who.client.get('/api/notifications')
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<NotificationsAnswer>()
}

describe('GET /api/notifications, POST /api/notifications/read and /seen', () => {
  it('refuse a signed-out visitor with 401 before looking at the request', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read'],
      ['POST', '/api/notifications/seen'],
    ] as const) {
      const answer = await agent(t.app).request(method, url, { body: {} })
      expect(answer.statusCode, url).toBe(401)
      expect(answer.json()).toMatchObject({ message: 'You need to sign in first.' })
    }
  })

  it('tell me about a friend request, and my friend about my acceptance, by current usernames', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    expect(await bell(bob)).toEqual({ items: [], nextCursor: null, unreadCount: 0, unseenCount: 0 })

    const asked = await ann.client.post('/api/friendships', { username: bob.user.username })
    const friendshipId = asked.json<{ friendship: { id: string } }>().friendship.id
    const bobs = await bell(bob)
    expect(bobs.unreadCount).toBe(1)
    expect(bobs.items).toEqual([
      {
        id: expect.any(String) as unknown,
        kind: 'friend-request',
        text: `${ann.user.username} sent you a friend request`,
        url: '/friends',
        createdAt: expect.any(String) as unknown,
        read: false,
      },
    ])

    expect((await bob.client.post(`/api/friendships/${friendshipId}/accept`)).statusCode).toBe(200)
    const anns = await bell(ann)
    expect(anns.items.map((item) => [item.kind, item.text])).toEqual([
      ['friendship-accepted', `You are now friends with ${bob.user.username}`],
    ])
  })

  it('marks chosen notifications read, then all of them', async () => {
    const bob = await member('bob')
    const askers = [await member('cat'), await member('dan')]
    for (const asker of askers) await asker.client.post('/api/friendships', { username: bob.user.username })
    const before = await bell(bob)
    expect(before.unreadCount).toBe(2)
    const [newest, oldest] = before.items
    expect(newest?.text).toBe(`${askers[1]?.user.username} sent you a friend request`)

    const one = await bob.client.post('/api/notifications/read', { ids: [oldest?.id] })
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json()).toEqual({ position: expect.any(String) as unknown })
    const after = await bell(bob)
    expect(after.unreadCount).toBe(1)
    expect(after.items.map((item) => item.read)).toEqual([false, true])

    expect((await bob.client.post('/api/notifications/read', {})).statusCode).toBe(200)
    expect((await bell(bob)).unreadCount).toBe(0)
  })

  it('marks all read up to the newest the bell showed: a request that came in while it was open stays unread', async () => {
    const bob = await member('bob')
    const [cat, dan] = [await member('cat'), await member('dan')]
    await cat.client.post('/api/friendships', { username: bob.user.username })
    const shown = (await bell(bob)).items[0]!.createdAt
    await dan.client.post('/api/friendships', { username: bob.user.username })

    const marked = await bob.client.post('/api/notifications/read', { upTo: shown })
    expect(marked.statusCode, marked.body).toBe(200)
    const after = await bell(bob)
    expect(after.unreadCount).toBe(1)
    expect(after.items.map((item) => [item.text, item.read])).toEqual([
      [`${dan.user.username} sent you a friend request`, false],
      [`${cat.user.username} sent you a friend request`, true],
    ])
    expect((await bob.client.post('/api/notifications/read', { upTo: 'yesterday' })).statusCode).toBe(400)
  })

  it('clears the badge up to what the opened bell showed, keeps those unread, and counts what comes after', async () => {
    const bob = await member('bob')
    const [cat, dan] = [await member('cat'), await member('dan')]
    await cat.client.post('/api/friendships', { username: bob.user.username })
    const before = await bell(bob)
    expect(before).toMatchObject({ unreadCount: 1, unseenCount: 1 })
    const shown = before.items[0]!.createdAt

    const seen = await bob.client.post('/api/notifications/seen', { upTo: shown })
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json()).toEqual({ position: expect.any(String) as unknown })
    const opened = await bell(bob)
    expect(opened).toMatchObject({ unreadCount: 1, unseenCount: 0 })
    expect(opened.items.map((item) => item.read)).toEqual([false])
    // The same mark again (another tab, a retry) is no change, and still an answer.
    expect((await bob.client.post('/api/notifications/seen', { upTo: shown })).json()).toEqual({})

    await dan.client.post('/api/friendships', { username: bob.user.username })
    expect(await bell(bob)).toMatchObject({ unreadCount: 2, unseenCount: 1 })
    // Opening one still marks it read, and "Mark all read" all of them, as before.
    expect((await bob.client.post('/api/notifications/read', {})).statusCode).toBe(200)
    expect(await bell(bob)).toMatchObject({ unreadCount: 0, unseenCount: 0 })
  })

  it('takes a mark from the future as now, so what arrives later still counts', async () => {
    const bob = await member('bob')
    expect((await bob.client.post('/api/notifications/seen', { upTo: '2999-01-01T00:00:00.000Z' })).statusCode).toBe(
      200,
    )
    await (await member('cat')).client.post('/api/friendships', { username: bob.user.username })
    expect(await bell(bob)).toMatchObject({ unreadCount: 1, unseenCount: 1 })
  })

  it("never shows or marks another member's notifications", async () => {
    const bob = await member('bob')
    const eve = await member('eve')
    await (await member('ann')).client.post('/api/friendships', { username: bob.user.username })
    const [item] = (await bell(bob)).items
    expect(await bell(eve)).toEqual({ items: [], nextCursor: null, unreadCount: 0, unseenCount: 0 })
    await eve.client.post('/api/notifications/read', { ids: [item?.id] })
    expect((await bell(bob)).unreadCount).toBe(1)
  })

  it('pages with the cursor, older notifications after newer ones, and counts every page', async () => {
    const bob = await member('bob')
    const askers = [await member('cat'), await member('dan'), await member('eve')]
    for (const asker of askers) await asker.client.post('/api/friendships', { username: bob.user.username })
    const texts = (answer: NotificationsAnswer) => answer.items.map((item) => item.text)
    const asked = askers.map((asker) => `${asker.user.username} sent you a friend request`).reverse()

    const first = (await bob.client.get('/api/notifications?limit=2')).json<NotificationsAnswer>()
    expect(texts(first)).toEqual(asked.slice(0, 2))
    expect(first).toMatchObject({ nextCursor: expect.any(String) as unknown, unreadCount: 3, unseenCount: 3 })

    const older = await bob.client.get(`/api/notifications?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)
    expect(older.statusCode, older.body).toBe(200)
    expect(texts(older.json<NotificationsAnswer>())).toEqual(asked.slice(2))
    expect(older.json<NotificationsAnswer>()).toMatchObject({ nextCursor: null, unreadCount: 3, unseenCount: 3 })
    // Without a cursor or a limit, the newest 30, as before.
    expect(await bell(bob)).toMatchObject({ nextCursor: null, unreadCount: 3 })
    expect(texts(await bell(bob))).toEqual(asked)
  })

  it('refuses a cursor it did not make with 400 and a message', async () => {
    const bob = await member('bob')
    for (const cursor of ['nonsense', btoa('[1,2]'), 'x'.repeat(401)]) {
      const answer = await bob.client.get(`/api/notifications?cursor=${encodeURIComponent(cursor)}`)
      expect(answer.statusCode, cursor).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(/cursor/)
    }
  })

  it('leaves out the lines about a watch its owner removed while it is gone, and has them back when it is put back', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    const asked = await ann.client.post('/api/friendships', { username: bob.user.username })
    await bob.client.post(`/api/friendships/${asked.json<{ friendship: { id: string } }>().friendship.id}/accept`)
    const [title] = (await t.platform.catalog.trendingMovies()).results
    const watched = await ann.client.post('/api/watched', { tmdbId: title!.id, mediaType: 'movie' })
    const { entryId } = watched.json<{ entryId: string }>()
    const comment = await bob.client.post(`/api/activities/${encodeURIComponent(`watched:${entryId}`)}/comments`, {
      content: 'Loved it',
    })
    expect(comment.statusCode, comment.body).toBe(201)
    const commentLines = async (options = {}) => {
      const answer = (await ann.client.get('/api/notifications', options)).json<NotificationsAnswer>()
      const comments = answer.items.filter((item) => item.kind === 'comment').map((item) => item.text)
      return { comments, unreadCount: answer.unreadCount, unseenCount: answer.unseenCount }
    }
    const told = [`${bob.user.username} commented on your watch of ${title!.title}`]
    const afterComment = { headers: { 'x-min-position': comment.json<{ position: string }>().position } }
    // The other line is "You are now friends".
    expect(await commentLines(afterComment)).toEqual({ comments: told, unreadCount: 2, unseenCount: 2 })

    // Her own change's position comes with her next request: the bell waits for the activities too.
    expect((await ann.client.delete(`/api/watched/${entryId}`)).statusCode).toBe(200)
    expect(await commentLines()).toEqual({ comments: [], unreadCount: 1, unseenCount: 1 })

    expect((await ann.client.post(`/api/watched/${entryId}/restore`)).statusCode).toBe(201)
    expect(await commentLines()).toEqual({ comments: told, unreadCount: 2, unseenCount: 2 })
  })

  it('answers bad input with 400 and a message', async () => {
    const bob = await member('bob')
    const list = await bob.client.get('/api/notifications?limit=0')
    expect(list.statusCode).toBe(400)
    expect(list.json<{ message: string }>().message).toMatch(/limit/)
    const mark = await bob.client.post('/api/notifications/read', { ids: 'all' })
    expect(mark.statusCode).toBe(400)
    expect(mark.json<{ message: string }>().message).toMatch(/ids/)
    for (const body of [{}, { upTo: 'yesterday' }, { upTo: '2026-11-22T10:00:00+02:00' }]) {
      const seen = await bob.client.post('/api/notifications/seen', body)
      expect(seen.statusCode, JSON.stringify(body)).toBe(400)
      expect(seen.json<{ message: string }>().message).toMatch(/upTo/)
    }
  })
})
