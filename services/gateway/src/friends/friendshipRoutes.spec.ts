import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import { password, register, testClock, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

const hour = 3_600_000
let counter = 0
/** A fresh member per test, so that tests never share a pair. */
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const overview = async (who: Registered) => (await who.client.get('/api/friendships')).json<FriendsAnswer>()
const ask = (from: Registered, to: Registered) => from.client.post('/api/friendships', { username: to.user.username })
const askedId = async (from: Registered, to: Registered) => {
  const answer = await ask(from, to)
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json<{ friendship: { id: string } }>().friendship.id
}

describe('friendship API', () => {
  it('documents every friends route in the OpenAPI document', async () => {
    const { paths } = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>()
    const documented = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /api/friendships',
        'GET /api/friendships',
        'GET /api/friendships/accept-with-token',
        'POST /api/friendships/{id}/accept',
        'POST /api/friendships/{id}/decline',
        'DELETE /api/friendships/{id}',
        'GET /api/users/{username}',
        'GET /api/users/search',
        'GET /api/media/{mediaType}/{tmdbId}/friends',
      ]),
    )
  })

  it('answers 401 to anyone signed out', async () => {
    const anonymous = agent(t.app)
    const id = `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}_${'1'.repeat(8)}-0000-4000-8000-${'1'.repeat(12)}`
    // One after the other: the client fetches its CSRF token on the first change, as a page would.
    const answers = [
      await anonymous.get('/api/friendships'),
      await anonymous.post('/api/friendships', { username: 'somebody' }),
      await anonymous.post(`/api/friendships/${id}/accept`),
      await anonymous.post(`/api/friendships/${id}/decline`),
      await anonymous.delete(`/api/friendships/${id}`),
      await anonymous.get('/api/friendships/accept-with-token?token=abc'),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 401])
    expect(answers[0]!.json()).toEqual({ message: 'You need to sign in first.', error: 'Unauthorized' })
  })

  it('validates what is asked', async () => {
    const ann = await member('ann')
    const cases: [unknown, RegExp][] = [
      [{}, /username of the person to ask, or an email/],
      [{ username: 'x' }, /at least 3 characters|username of the person/],
      [{ email: 'not-an-email' }, /valid email|username of the person/],
      [{ username: 'bobby', email: 'bob@example.com' }, /username of the person/],
    ]
    for (const [body, message] of cases) {
      const answer = await ann.client.post('/api/friendships', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    const badId = await ann.client.post('/api/friendships/not-a-pair/accept')
    expect(badId.statusCode).toBe(400)
  })

  it('lets A ask B by username and B accept; both then see each other as friends, without emails', async () => {
    const [a, b] = [await member('ann'), await member('bob')]
    const asked = await ask(a, b)
    expect(asked.statusCode).toBe(201)
    const { friendship } = asked.json<{ friendship: Record<string, unknown> }>()
    expect(friendship).toEqual({
      id: expect.any(String) as unknown,
      user: { id: b.user.id, username: b.user.username, avatarUrl: null },
      status: 'pending',
      direction: 'outgoing',
      inviteCount: 1,
    })
    const id = String(friendship.id)
    expect((await overview(a)).outgoing.map((item) => item.user.username)).toEqual([b.user.username])
    expect((await overview(b)).incoming).toEqual([
      {
        id,
        user: { id: a.user.id, username: a.user.username, avatarUrl: null },
        since: expect.any(String) as unknown,
        inviteCount: 1,
      },
    ])

    const accepted = await b.client.post(`/api/friendships/${id}/accept`)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ friendship: { id, status: 'accepted', direction: 'incoming' } })
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const seen = await me.client.get('/api/friendships')
      expect(seen.json<FriendsAnswer>().friends.map((item) => item.user.username)).toEqual([other.user.username])
      expect(seen.body).not.toContain('@example.com')
    }
  })

  it('refuses unknown names, oneself, and duplicates with clear messages', async () => {
    const [a, b] = [await member('ann'), await member('bob')]
    const unknown = await a.client.post('/api/friendships', { username: 'nobody_here' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: 'No user named nobody_here was found.' })
    const self = await ask(a, a)
    expect(self.statusCode).toBe(400)
    expect(self.json()).toMatchObject({ message: "You can't send a friend request to yourself." })

    const id = await askedId(a, b)
    const pending = await ask(a, b)
    expect(pending.statusCode).toBe(409)
    expect(pending.json()).toMatchObject({ message: `A friend request to ${b.user.username} is already pending.` })
    await b.client.post(`/api/friendships/${id}/accept`)
    const friends = await ask(b, a)
    expect(friends.statusCode).toBe(409)
    expect(friends.json()).toMatchObject({ message: `You and ${a.user.username} are already friends.` })
  })

  it('accepts their request when I ask someone who already asked me', async () => {
    const [a, b] = [await member('ann'), await member('bob')]
    await askedId(a, b)
    const back = await ask(b, a)
    expect(back.statusCode).toBe(201)
    expect(back.json()).toMatchObject({ friendship: { status: 'accepted', direction: 'incoming' } })
    expect((await overview(a)).friends).toHaveLength(1)
  })

  it('lets only the right party answer, and tells others nothing', async () => {
    const [a, b, c] = [await member('ann'), await member('bob'), await member('cat')]
    const id = await askedId(a, b)
    const own = await a.client.post(`/api/friendships/${id}/accept`)
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({
      message: 'Only the person who received this friend request can accept or decline it.',
    })
    expect((await b.client.delete(`/api/friendships/${id}`)).json()).toMatchObject({
      message: 'To refuse a friend request, decline it.',
    })
    for (const answer of [
      await c.client.post(`/api/friendships/${id}/accept`),
      await c.client.post(`/api/friendships/${id}/decline`),
      await c.client.delete(`/api/friendships/${id}`),
    ]) {
      expect(answer.statusCode).toBe(404)
      expect(answer.body).not.toContain(a.user.username)
    }
    expect((await overview(b)).incoming).toHaveLength(1)
  })

  it('counts a re-invitation after a decline, and allows each side at most 3 requests a day to the other', async () => {
    const [a, b] = [await member('ann'), await member('bob')]
    const id = await askedId(a, b)
    expect((await b.client.post(`/api/friendships/${id}/decline`)).statusCode).toBe(200)
    expect(await overview(b)).toMatchObject({ incoming: [] })
    const again = await ask(a, b)
    expect(again.json()).toMatchObject({ friendship: { inviteCount: 2 } })
    expect((await a.client.delete(`/api/friendships/${id}`)).statusCode).toBe(200)
    expect((await ask(a, b)).json()).toMatchObject({ friendship: { inviteCount: 3 } })
    expect((await a.client.delete(`/api/friendships/${id}`)).statusCode).toBe(200)
    const fourth = await ask(a, b)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toMatchObject({
      message: 'You can send at most 3 friend requests a day to the same person.',
    })
    clock.advance(25 * hour)
    expect((await ask(a, b)).json()).toMatchObject({ friendship: { inviteCount: 4 } })
  })

  it('counts only my own requests against me: the one asked 3 times today may still ask', async () => {
    const [pest, vee] = [await member('pest'), await member('vee')]
    for (let nth = 0; nth < 3; nth++) {
      const id = await askedId(pest, vee)
      expect((await vee.client.post(`/api/friendships/${id}/decline`)).statusCode).toBe(200)
    }
    expect((await ask(pest, vee)).statusCode).toBe(429)
    const veeAsks = await ask(vee, pest)
    expect(veeAsks.statusCode, veeAsks.body).toBe(201)
    expect(veeAsks.json()).toMatchObject({ friendship: { status: 'pending', inviteCount: 4 } })
    expect((await overview(pest)).incoming.map((item) => item.user.username)).toEqual([vee.user.username])
  })

  it('lets either friend unfriend', async () => {
    const [a, b] = [await member('ann'), await member('bob')]
    const id = await askedId(a, b)
    await b.client.post(`/api/friendships/${id}/accept`)
    expect((await b.client.delete(`/api/friendships/${id}`)).statusCode).toBe(200)
    expect((await overview(a)).friends).toEqual([])
    expect((await overview(b)).friends).toEqual([])
    expect((await a.client.delete(`/api/friendships/${id}`)).statusCode).toBe(404)
  })

  it("removes a deleted account's friendships and refuses its pending requests", async () => {
    const [a, b, c] = [await member('ann'), await member('bob'), await member('cat')]
    const withB = await askedId(a, b)
    await b.client.post(`/api/friendships/${withB}/accept`)
    const fromC = await askedId(c, a)
    for (const doomed of [b, c])
      expect((await doomed.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)

    expect(await overview(a)).toMatchObject({ friends: [], incoming: [], outgoing: [] })
    const accept = await a.client.post(`/api/friendships/${fromC}/accept`)
    expect(accept.statusCode).toBe(410)
    expect(accept.json()).toMatchObject({ message: 'This account has been deleted.' })
    expect((await ask(a, b)).statusCode).toBe(404)
  })
})

describe('friendship API while the friendships read model lags', () => {
  it('answers a request and its acceptance from the stream, never with an error', async () => {
    // Without the friendships projector the read model never has the change: the stream answers.
    const { allProjectors } = await import('@reelmates/projections/allProjectors')
    const lagging = await createTestApp({ projectors: allProjectors.filter((p) => p.name !== 'friendships') })
    try {
      const [a, b] = [await register(lagging.app, 'lag_ann'), await register(lagging.app, 'lag_bob')]
      const asked = await a.client.post('/api/friendships', { username: b.user.username })
      expect(asked.statusCode, asked.body).toBe(201)
      const { friendship } = asked.json<{ friendship: { id: string } }>()
      expect(friendship).toEqual({
        id: expect.any(String) as unknown,
        user: { id: b.user.id, username: b.user.username, avatarUrl: null },
        status: 'pending',
        direction: 'outgoing',
        inviteCount: 1,
      })
      const accepted = await b.client.post(`/api/friendships/${friendship.id}/accept`)
      expect(accepted.statusCode, accepted.body).toBe(200)
      expect(accepted.json()).toMatchObject({
        friendship: { id: friendship.id, user: { id: a.user.id }, status: 'accepted', direction: 'incoming' },
      })
    } finally {
      await lagging.close()
    }
  })
})
