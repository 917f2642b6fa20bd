import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actingReads } from '@reelmates/contracts/actingReads'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import { magicTokenIn, mailsTo, register, testClock, tokenIn, type Registered } from '../account/accountFixtures'
import { apiOperations, describeOperation } from '../testing/apiOperations'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now })
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
/** What an `<img>` whose address a member chose sends: the viewer's cookie, no CSRF header. */
const asAnImage = { csrf: false, headers: { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' } } as const
const missingToken = { message: 'Missing CSRF token. Fetch one from /api/csrf-token.', error: 'Forbidden' }
const whoIs = async (client: Registered['client']) =>
  (await client.get('/api/session')).json<{ user: { username: string } | null }>().user?.username ?? null

describe('the GETs that act need the CSRF token', () => {
  it('lists routes that exist, each a GET', () => {
    const names = apiOperations(t.app).map(describeOperation)
    for (const path of actingReads) expect(names).toContain(`GET ${path}`)
  })

  it('a friend-invitation link loaded as an image makes nobody friends; the app’s own call does', async () => {
    const [mallory, carol] = [await member('mallory'), await member('carol')]
    const address = `ghost${(counter += 1)}@example.org`
    expect((await mallory.client.post('/api/friendships', { email: address })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, address))[0], /[?&]token=([^&\s]+)/)
    const url = `/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`

    const loaded = await carol.client.get(url, asAnImage)
    expect(loaded.statusCode).toBe(403)
    expect(loaded.json()).toEqual(missingToken)
    const cookie = [...carol.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const head = await t.app.inject({ method: 'HEAD', url, headers: { cookie, ...asAnImage.headers } })
    expect(head.statusCode).toBe(403)
    expect((await carol.client.get('/api/friendships')).json<FriendsAnswer>().friends).toEqual([])

    expect((await carol.client.get(url)).statusCode).toBe(200)
    const friends = (await carol.client.get('/api/friendships')).json<FriendsAnswer>().friends
    expect(friends.map((friend) => friend.user.username)).toEqual([mallory.user.username])
  })

  it('a sign-in link loaded as an image by a signed-in member signs nobody in and leaves the link unspent', async () => {
    const [mallory, bob] = [await member('mallory'), await member('bob')]
    expect((await agent(t.app).post('/api/auth/magic-link/request', { email: mallory.user.email })).statusCode).toBe(
      200,
    )
    const token = magicTokenIn((await mailsTo(t.platform, mallory.user.email))[0])

    for (const path of ['/api/auth/magic-link', '/api/auth/process-token']) {
      const loaded = await bob.client.get(`${path}?token=${encodeURIComponent(token)}`, asAnImage)
      expect(loaded.statusCode).toBe(403)
      expect(await whoIs(bob.client)).toBe(bob.user.username)
    }
    const own = agent(t.app)
    expect((await own.get(`/api/auth/magic-link?token=${encodeURIComponent(token)}`)).statusCode).toBe(200)
    expect(await whoIs(own)).toBe(mallory.user.username)
  })

  it('takes a token from another session as no token', async () => {
    const bob = await member('bob')
    const other = agent(t.app)
    const { csrfToken } = (await other.get('/api/csrf-token')).json<{ csrfToken: string }>()
    const answer = await bob.client.get('/api/auth/process-token?token=nonsense', {
      csrf: false,
      headers: { 'csrf-token': csrfToken },
    })
    expect(answer.statusCode).toBe(403)
  })
})
