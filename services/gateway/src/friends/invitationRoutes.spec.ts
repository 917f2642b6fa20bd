import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { friendshipMessages, type FriendsAnswer } from '@reelmates/contracts/friendships'
import type { RecommendationsAnswer } from '@reelmates/contracts/recommendations'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { makeAdmin, mailsTo, password, register, testClock, tokenIn, type Registered } from '../account/accountFixtures'
import { beforeTheNextAnswerIsRead } from '../testing/meanwhile'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PUBLIC_URL: 'https://reelmates.test' } })
})
afterAll(() => t.close())

const day = 86_400_000
let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const overview = async (who: Registered) => (await who.client.get('/api/friendships')).json<FriendsAnswer>()
const invite = (from: Registered, email: string) => from.client.post('/api/friendships', { email })
const newAddress = () => `newcomer${(counter += 1)}@example.org`

const signUpTokenIn = async (email: string) => tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
const acceptTokenIn = async (email: string) =>
  tokenIn((await mailsTo(t.platform, email))[0], /\/accept-friend\?token=([^&\s]+)/)

/** An address without an account, invited by `inviter`, and the token its mail carries. */
const invited = async (inviter: Registered) => {
  const email = newAddress()
  await invite(inviter, email)
  return { email, token: await signUpTokenIn(email) }
}
/** Signs up through the invitation's sign-up link. */
const signUp = async (email: string, invitationToken: string) => {
  const newcomer = agent(t.app)
  const signedUp = await newcomer.post('/api/register', {
    username: `newcomer_${(counter += 1)}`,
    email,
    password: 'correct-horse',
    invitationToken,
  })
  expect(signedUp.statusCode).toBe(201)
  return { newcomer, signedUp }
}

describe('invitations by email', () => {
  it('mails an address without an account a sign-up link, in text and HTML, and lists the invitation', async () => {
    const ann = await member('ann')
    const email = newAddress()
    const answer = await invite(ann, email)
    expect(answer.statusCode).toBe(201)
    expect(answer.json()).toMatchObject({ invitation: { email, inviteCount: 1, id: expect.any(String) as unknown } })

    const [mail] = await mailsTo(t.platform, email)
    expect(mail).toMatchObject({
      category: 'friend-invitation',
      subject: `${ann.user.username} invited you to Reelmates`,
    })
    const link = new URL(/https:\/\/reelmates\.test\/sign_up\?\S+/.exec(mail!.text)![0])
    expect(Object.fromEntries(link.searchParams)).toEqual({
      invite: 'true',
      from: ann.user.username,
      email,
      token: expect.stringMatching(/^i-[0-9a-f-]{36}\.[\w-]{43}$/) as unknown,
    })
    expect(mail!.html).toContain('Join Reelmates')
    expect(mail!.html).toContain(link.toString().replace(/&/g, '&amp;'))

    expect((await overview(ann)).invitations).toEqual([
      {
        id: expect.any(String) as unknown,
        email,
        sentAt: clock.now().toISOString(),
        expiresAt: new Date(clock.now().getTime() + 7 * day).toISOString(),
        inviteCount: 1,
      },
    ])
  })

  it('never stores the token itself', async () => {
    const { token } = await invited(await member('ann'))
    const secret = token.split('.')[1]!
    const docs = await t.platform.readStore.collection('friend_invitations').find({})
    expect(JSON.stringify(docs)).not.toContain(secret)
  })

  it('resends to the same address as the same invitation, at most 3 mails a day', async () => {
    const ann = await member('ann')
    const email = newAddress()
    await invite(ann, email)
    expect((await invite(ann, email.toUpperCase())).json()).toMatchObject({ invitation: { inviteCount: 2 } })
    expect((await invite(ann, email)).json()).toMatchObject({ invitation: { inviteCount: 3 } })
    const fourth = await invite(ann, email)
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json()).toMatchObject({ message: 'You can send at most 3 invitations a day to the same address.' })
    expect((await overview(ann)).invitations).toHaveLength(1)
    expect(await mailsTo(t.platform, email)).toHaveLength(3)
  })

  it('makes the inviter and a new account friends at once when it signs up with the token', async () => {
    const ann = await member('ann')
    const { email, token } = await invited(ann)
    const { newcomer, signedUp } = await signUp(email, token)
    const theirs = (await newcomer.get('/api/friendships')).json<FriendsAnswer>()
    expect(theirs.friends.map((item) => item.user.username)).toEqual([ann.user.username])
    const mine = await overview(ann)
    expect(mine.friends.map((item) => item.user.id)).toEqual([signedUp.json<{ id: string }>().id])
    expect(mine.invitations).toEqual([])

    const again = await newcomer.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
    expect(again.statusCode).toBe(409)
    expect(again.json<{ message: string }>().message).toContain('already been')
  })

  it('puts what was recommended to the address in the inbox of an account signed up through its invitation', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    const { email, token } = await invited(ann)
    const [movie] = (await t.platform.catalog.trendingMovies()).results
    const recommendation = { tmdbId: movie!.id, mediaType: 'movie', toEmail: email, note: 'Watch this first' }
    expect((await ann.client.post('/api/recommendations', recommendation)).statusCode).toBe(201)
    expect((await bob.client.post('/api/recommendations', recommendation)).statusCode).toBe(201)

    // The invitation's link was mailed to the address: signing up through it shows the address is theirs.
    const { newcomer, signedUp } = await signUp(email, token)
    const position = signedUp.json<{ position: string }>().position
    const inbox = await newcomer.get('/api/recommendations?box=received', { headers: { 'x-min-position': position } })
    expect(
      inbox
        .json<RecommendationsAnswer>()
        .items.map((item) => [item.from.username, item.status, item.note])
        .sort(),
    ).toEqual([
      [ann.user.username, 'pending', 'Watch this first'],
      [bob.user.username, 'pending', 'Watch this first'],
    ])
    // As its mail said, the sender who is not a friend yet has a friend request waiting.
    const theirs = (await newcomer.get('/api/friendships')).json<FriendsAnswer>()
    expect(theirs.friends.map((item) => item.user.username)).toEqual([ann.user.username])
    expect(theirs.incoming.map((item) => item.user.username)).toEqual([bob.user.username])
  })

  it('claims nothing for an account signed up through an invitation with another address, and all for the address', async () => {
    const ann = await member('ann')
    const { email, token } = await invited(ann)
    const [movie] = (await t.platform.catalog.trendingMovies()).results
    await ann.client.post('/api/recommendations', { tmdbId: movie!.id, mediaType: 'movie', toEmail: email })
    const { newcomer } = await signUp(newAddress(), token)
    expect((await newcomer.get('/api/recommendations?box=received')).json<RecommendationsAnswer>().items).toEqual([])

    // The link, used, still proves the mailbox: the account made with the address gets what waited there.
    const { newcomer: holder, signedUp } = await signUp(email, token)
    const position = { headers: { 'x-min-position': signedUp.json<{ position: string }>().position } }
    const inbox = (await holder.get('/api/recommendations?box=received', position)).json<RecommendationsAnswer>()
    expect(inbox.items.map((item) => item.from.username)).toEqual([ann.user.username])
  })

  it('still creates the account when the sign-up token is expired, without a friendship', async () => {
    const { email, token } = await invited(await member('ann'))
    clock.advance(7 * day)
    const { newcomer } = await signUp(email, token)
    expect((await newcomer.get('/api/friendships')).json<FriendsAnswer>().friends).toEqual([])
  })

  it("names the link's inviter to anyone holding it, from the token (never the link's from=), and says why a link would not work", async () => {
    const ann = await member('ann')
    const anonymous = agent(t.app)
    const ask = (token: string) => anonymous.get(`/api/invitations/link?token=${encodeURIComponent(token)}`)
    const refusal = async (token: string) => {
      const answer = await ask(token)
      return [answer.statusCode, answer.json<{ message: string }>().message]
    }

    const open = await invited(ann)
    const named = await ask(open.token)
    expect(named.statusCode).toBe(200)
    expect(named.json()).toEqual({ inviter: { username: ann.user.username, avatarUrl: null } })
    expect(named.body).not.toContain('@')

    expect(await refusal(`${open.token.slice(0, -4)}AAAA`)).toEqual([404, 'This invitation link is invalid.'])
    expect(await refusal('from-anyone')).toEqual([404, 'This invitation link is invalid.'])
    expect((await anonymous.get('/api/invitations/link?token=')).statusCode).toBe(400)

    await signUp(open.email, open.token)
    expect(await refusal(open.token)).toEqual([410, 'This invitation link was used before and can only be used once.'])

    const expiring = await invited(ann)
    const cancelled = await invited(ann)
    const cancelledId = (await overview(ann)).invitations.find((item) => item.email === cancelled.email)!.id
    expect((await ann.client.delete(`/api/friendships/invitations/${cancelledId}`)).statusCode).toBe(200)
    expect(await refusal(cancelled.token)).toEqual([
      410,
      'This invitation was cancelled. Ask your friend to send a new one.',
    ])

    const leaving = await member('leaving')
    const left = await invited(leaving)
    expect((await leaving.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    expect(await refusal(left.token)).toEqual([410, 'The member who sent this invitation has left Reelmates.'])

    clock.advance(7 * day)
    expect(await refusal(expiring.token)).toEqual([
      410,
      'This invitation link has expired. Ask your friend to send a new one.',
    ])
  })

  it('tells a member signed in who they are to the link, with the address masked, refused as accepting would be', async () => {
    const ann = await member('ann')
    const dave = await member('dave')
    const { email, token } = await invited(ann)
    const ask = (who: Registered) => who.client.get(`/api/invitations/link?token=${encodeURIComponent(token)}`)
    const inviter = { username: ann.user.username, avatarUrl: null }
    const sentTo = `n•••@example.org`

    expect((await ask(dave)).json()).toEqual({ inviter, opener: { is: 'other', sentTo, open: true, friends: false } })
    expect((await ask(dave)).body).not.toContain(email)
    expect((await ask(ann)).json()).toEqual({ inviter, opener: { is: 'sender', sentTo, open: true, friends: false } })

    // The mailbox's owner, signed in under that address (moved to it since), accepts without a question.
    const erin = await member('erin')
    expect((await erin.client.put('/api/user/profile', { email, currentPassword: password })).statusCode).toBe(200)
    expect((await ask(erin)).json()).toMatchObject({ opener: { is: 'addressee' } })

    const accepted = await dave.client.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((await ask(ann)).json()).toEqual({ inviter, opener: { is: 'sender', sentTo, open: false, friends: false } })
    const again = await ask(dave)
    expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([
      409,
      'This friend request has already been accepted.',
    ])
    expect((await ask(erin)).statusCode).toBe(410)
  })

  it("tells a member signed in who is the inviter's friend already so, whether the link was mailed to them or not", async () => {
    const ann = await member('ann')
    const [dave, erin] = [await member('dave'), await member('erin')]
    const { email, token } = await invited(ann)
    const ask = (who: Registered) => who.client.get(`/api/invitations/link?token=${encodeURIComponent(token)}`)
    const befriend = async (asker: Registered, asked: Registered) => {
      const asking = await asker.client.post('/api/friendships', { username: asked.user.username })
      const { id } = asking.json<{ friendship: { id: string } }>().friendship
      expect((await asked.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    }
    expect((await erin.client.put('/api/user/profile', { email, currentPassword: password })).statusCode).toBe(200)
    await befriend(dave, ann)
    await befriend(ann, erin)

    expect((await ask(dave)).json()).toMatchObject({ opener: { is: 'other', open: true, friends: true } })
    expect((await ask(erin)).json()).toMatchObject({ opener: { is: 'addressee', open: true, friends: true } })
    expect((await ask(ann)).json()).toMatchObject({ opener: { is: 'sender', friends: false } })
  })

  it("sends a member's address a friend request whose link accepts it, answering exactly as for a stranger", async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    const answer = await invite(ann, bob.user.email)
    expect(answer.statusCode).toBe(201)
    expect(Object.keys(answer.json<Record<string, unknown>>()).sort()).toEqual(['invitation', 'position'])
    const stranger = await invite(ann, newAddress())
    const keysOf = (body: unknown) => Object.keys((body as { invitation: object }).invitation).sort()
    expect(keysOf(answer.json())).toEqual(keysOf(stranger.json()))
    expect((await overview(ann)).outgoing).toEqual([])
    expect((await overview(bob)).incoming.map((item) => item.user.username)).toEqual([ann.user.username])

    const [mail] = await mailsTo(t.platform, bob.user.email)
    expect(mail).toMatchObject({ category: 'friend-request', userId: bob.user.id })
    expect(mail!.html).toContain('Accept friend request')
    const token = await acceptTokenIn(bob.user.email)

    const accepted = await bob.client.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({
      message: `You and ${ann.user.username} are now friends.`,
      user: { id: ann.user.id, username: ann.user.username, avatarUrl: null },
    })
    expect(accepted.body).not.toContain('@example.com')
    // Ann reads what Bob's acceptance wrote: her client has not seen its position, so it is passed on.
    const afterAccepting = { headers: { 'x-min-position': accepted.json<{ position: string }>().position } }
    const annSees = (await ann.client.get('/api/friendships', afterAccepting)).json<FriendsAnswer>()
    expect(annSees.friends.map((item) => item.user.username)).toEqual([bob.user.username])
    expect(annSees.invitations.map((item) => item.email)).not.toContain(bob.user.email)

    const twice = await bob.client.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ message: 'This friend request has already been accepted.' })
  })

  it("answers a member's address as a stranger's when I asked them 3 times today, and mails them nothing more", async () => {
    const [pest, vee] = [await member('pest'), await member('vee')]
    for (let nth = 0; nth < 3; nth++) {
      const asked = await pest.client.post('/api/friendships', { username: vee.user.username })
      const id = asked.json<{ friendship: { id: string } }>().friendship.id
      expect((await vee.client.post(`/api/friendships/${id}/decline`)).statusCode).toBe(200)
    }
    const stranger = newAddress()
    const typed = [vee.user.email.toUpperCase(), vee.user.email, vee.user.email, vee.user.email]
    type Answer = Awaited<ReturnType<typeof invite>>
    const [toVee, toStranger] = [[] as Answer[], [] as Answer[]]
    for (const [nth, email] of typed.entries()) {
      toVee.push(await invite(pest, email))
      toStranger.push(await invite(pest, nth === 0 ? stranger.toUpperCase() : stranger))
    }
    // The same answers but for ids, addresses and times.
    const shape = (answer: Answer) => ({
      statusCode: answer.statusCode,
      body: JSON.parse(answer.body.replaceAll(/"(id|position|email|sentAt|expiresAt)":"[^"]*"/g, '"$1":""')) as unknown,
    })
    expect(toVee.map(shape)).toEqual(toStranger.map(shape))
    expect(toVee.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 429])
    expect(toVee[3]!.json()).toMatchObject({ message: friendshipMessages.tooManyInvitations })

    expect(await mailsTo(t.platform, vee.user.email)).toEqual([])
    expect(await mailsTo(t.platform, stranger)).toHaveLength(3)
    expect(await overview(vee)).toMatchObject({ incoming: [], friends: [] })
    const pestSees = await overview(pest)
    expect(pestSees.outgoing).toEqual([])
    expect(pestSees.invitations.map(({ email, inviteCount }) => ({ email: email.toLowerCase(), inviteCount }))).toEqual(
      expect.arrayContaining([
        { email: vee.user.email.toLowerCase(), inviteCount: 3 },
        { email: stranger.toLowerCase(), inviteCount: 3 },
      ]),
    )
    const profile = await pest.client.get(`/api/users/${vee.user.username}`)
    expect(profile.json()).toMatchObject({ friendship: 'none' })
  })

  it('refuses a link for another account, an unknown or malformed link, and an expired one (spec §8 texts)', async () => {
    const [ann, bob, eve] = [await member('ann'), await member('bob'), await member('eve')]
    await invite(ann, bob.user.email)
    const token = await acceptTokenIn(bob.user.email)
    const url = (value: string) => `/api/friendships/accept-with-token?token=${encodeURIComponent(value)}`

    const other = await eve.client.get(url(token))
    expect(other.statusCode).toBe(403)
    expect(other.json()).toMatchObject({ message: 'This invitation was sent to another account.' })
    const own = await ann.client.get(url(token))
    expect(own.statusCode).toBe(403)
    const unknown = await bob.client.get(url(`${token.slice(0, -4)}AAAA`))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ message: 'This invitation link is invalid.' })
    expect((await bob.client.get(url('garbage'))).statusCode).toBe(404)
    const missing = await bob.client.get('/api/friendships/accept-with-token')
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ message: 'No token provided. This link may be invalid or expired.' })

    clock.advance(7 * day)
    const expired = await bob.client.get(url(token))
    expect(expired.statusCode).toBe(410)
    expect(expired.json()).toMatchObject({
      message: 'This invitation link has expired. Ask your friend to send a new one.',
    })
  })

  it('signs nobody in when the invited member deletes their account on another device as the link is used', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    await invite(ann, bob.user.email)
    const token = await acceptTokenIn(bob.user.email)
    const deletion = beforeTheNextAnswerIsRead(t.platform, () =>
      bob.client.delete('/api/user', { currentPassword: password }),
    )
    const browser = agent(t.app)
    const processed = await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect((await deletion()).statusCode).toBe(200)
    expect(processed.statusCode, processed.body).toBeGreaterThanOrEqual(400)
    expect(processed.statusCode, processed.body).toBeLessThan(500)
    expect(processed.json<{ message: string }>().message).toEqual(expect.any(String))
    expect((await browser.get('/api/session')).json()).toEqual({ user: null })
    expect((await overview(ann)).friends).toEqual([])
  })

  it('signs a signed-out member in through process-token and accepts in the same step, once', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    await invite(ann, bob.user.email)
    const token = await acceptTokenIn(bob.user.email)
    const browser = agent(t.app)
    const processed = await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(processed.statusCode).toBe(200)
    expect(processed.json()).toMatchObject({
      success: true,
      user: { id: bob.user.id },
      action: 'acceptFriendship',
      actionData: { message: `You and ${ann.user.username} are now friends.` },
    })
    expect((await browser.get('/api/user')).json()).toMatchObject({ id: bob.user.id })
    expect((await overview(ann)).friends.map((item) => item.user.username)).toEqual([bob.user.username])

    const reused = await agent(t.app).get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(reused.statusCode).toBe(409)
    expect(reused.cookies.some((cookie) => cookie.value !== '')).toBe(false)
  })

  it('refuses a suspended member before spending the link: no sign-in, no friendship, and the link works once restored', async () => {
    const [ann, bob, boss] = [await member('ann'), await member('bob'), await member('boss')]
    await makeAdmin(t.platform, boss.user.id)
    await invite(ann, bob.user.email)
    const token = await acceptTokenIn(bob.user.email)
    expect((await boss.client.post(`/api/admin/users/${bob.user.id}/suspend`)).statusCode).toBe(200)

    const browser = agent(t.app)
    const refused = await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ message: suspendedMessage })
    expect((await browser.get('/api/user')).statusCode).toBe(401)
    expect((await overview(ann)).friends).toEqual([])

    expect((await boss.client.post(`/api/admin/users/${bob.user.id}/restore`)).statusCode).toBe(200)
    const accepted = await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect((await overview(ann)).friends.map((item) => item.user.username)).toEqual([bob.user.username])
  })

  it('a link mailed before a new password or address signs nobody in and accepts nothing; the request waits', async () => {
    const [ann, bob, cat] = [await member('ann'), await member('bob'), await member('cat')]
    await invite(ann, bob.user.email)
    await invite(ann, cat.user.email)
    const [bobsToken, catsToken] = [await acceptTokenIn(bob.user.email), await acceptTokenIn(cat.user.email)]
    const changed = await bob.client.put('/api/user/profile', { currentPassword: password, newPassword: 'a-new-horse' })
    expect(changed.statusCode, changed.body).toBe(200)
    const moved = await cat.client.put('/api/user/profile', {
      email: 'cat-moved@example.com',
      currentPassword: password,
    })
    expect(moved.statusCode, moved.body).toBe(200)

    for (const [token, message] of [
      [bobsToken, friendshipMessages.signInEndedByPassword],
      [catsToken, friendshipMessages.signInEndedByEmail],
    ] as const) {
      const browser = agent(t.app)
      const refused = await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
      expect(refused.statusCode, refused.body).toBe(410)
      expect(refused.json()).toMatchObject({ message })
      expect((await browser.get('/api/user')).statusCode).toBe(401)
    }
    expect((await overview(ann)).friends).toEqual([])
    // The request itself still waits for them, to accept signed in.
    expect((await overview(bob)).incoming.map((item) => item.user.username)).toEqual([ann.user.username])
  })

  it('a link dead for its own reasons says so first, password changed since or not', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    await invite(ann, bob.user.email)
    const token = await acceptTokenIn(bob.user.email)
    expect((await agent(t.app).get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)).statusCode).toBe(200)
    const changed = await bob.client.put('/api/user/profile', { currentPassword: password, newPassword: 'a-new-horse' })
    expect(changed.statusCode, changed.body).toBe(200)

    const again = await agent(t.app).get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
    expect(again.statusCode, again.body).toBe(409)
    expect(again.json()).toMatchObject({ message: friendshipMessages.alreadyAccepted })
  })

  it('never signs anyone in with a sign-up invitation (it was not sent to an account)', async () => {
    const { token } = await invited(await member('ann'))
    const browser = agent(t.app)
    expect((await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)).statusCode).toBe(404)
    expect((await browser.get('/api/user')).statusCode).toBe(401)
  })

  it('refuses inviting oneself and a friend', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    expect((await invite(ann, ann.user.email)).statusCode).toBe(400)
    const id = (await ann.client.post('/api/friendships', { username: bob.user.username })).json<{
      friendship: { id: string }
    }>().friendship.id
    await bob.client.post(`/api/friendships/${id}/accept`)
    const friend = await invite(ann, bob.user.email)
    expect(friend.statusCode).toBe(409)
    expect(friend.json()).toMatchObject({ message: "You're already friends with the person at this address." })
    expect(friend.body).not.toContain(bob.user.username)
  })

  describe('cancelled by the inviter', () => {
    const cancel = (who: Registered, id: string) => who.client.delete(`/api/friendships/invitations/${id}`)
    const idOf = async (who: Registered, email: string) =>
      (await overview(who)).invitations.find((item) => item.email === email)!.id

    it('leaves the list, and its sign-up link makes no friendship; inviting again sends a link that works', async () => {
      const ann = await member('ann')
      const { email, token } = await invited(ann)
      const id = await idOf(ann, email)
      const cancelled = await cancel(ann, id)
      expect(cancelled.statusCode).toBe(200)
      expect((await overview(ann)).invitations).toEqual([])
      expect((await cancel(ann, id)).statusCode).toBe(200)

      const again = await invite(ann, email)
      expect(again.statusCode).toBe(201)
      expect(again.json<{ invitation: { id: string; inviteCount: number } }>().invitation).toMatchObject({
        inviteCount: 1,
      })
      expect(again.json<{ invitation: { id: string } }>().invitation.id).not.toBe(id)
      const { newcomer } = await signUp(email, token)
      expect((await newcomer.get('/api/friendships')).json<FriendsAnswer>().friends).toEqual([])
      const refused = await newcomer.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
      expect(refused.statusCode).toBe(410)
      expect(refused.json()).toMatchObject({
        message: 'This invitation was cancelled. Ask your friend to send a new one.',
      })

      const tokens = (await mailsTo(t.platform, email)).map((mail) => tokenIn(mail, /[?&]token=([^&\s]+)/))
      const newToken = tokens.find((each) => each !== token)!
      const accepted = await newcomer.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(newToken)}`)
      expect(accepted.statusCode).toBe(200)
      expect((await overview(ann)).friends).toHaveLength(1)
    })

    it('takes back the friend request it made to a member, whose mailed link then signs nobody in', async () => {
      const [ann, bob] = [await member('ann'), await member('bob')]
      await invite(ann, bob.user.email)
      const token = await acceptTokenIn(bob.user.email)
      expect((await overview(bob)).incoming).toHaveLength(1)
      expect((await cancel(ann, await idOf(ann, bob.user.email))).statusCode).toBe(200)
      expect((await overview(bob)).incoming).toEqual([])
      expect((await overview(ann)).invitations).toEqual([])

      const browser = agent(t.app)
      const processed = await browser.get(`/api/auth/process-token?token=${encodeURIComponent(token)}`)
      expect(processed.statusCode).toBe(410)
      expect((await browser.get('/api/user')).statusCode).toBe(401)
      const signedIn = await bob.client.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
      expect(signedIn.statusCode).toBe(410)
      expect((await overview(bob)).friends).toEqual([])
    })

    it("keeps a request the member sent back since: it is theirs, not the invitation's", async () => {
      const [ann, bob] = [await member('ann'), await member('bob')]
      await invite(ann, bob.user.email)
      const id = await idOf(ann, bob.user.email)
      // Bob declines Ann's request, then asks her himself.
      const request = (await overview(bob)).incoming[0]!
      await bob.client.post(`/api/friendships/${request.id}/decline`)
      await bob.client.post('/api/friendships', { username: ann.user.username })
      expect((await cancel(ann, id)).statusCode).toBe(200)
      expect((await overview(ann)).incoming.map((item) => item.user.username)).toEqual([bob.user.username])
    })

    it('leaves a request I had sent by username: it is listed, and cancelled, on its own', async () => {
      const [ann, bob] = [await member('ann'), await member('bob')]
      await ann.client.post('/api/friendships', { username: bob.user.username })
      await invite(ann, bob.user.email)
      expect((await cancel(ann, await idOf(ann, bob.user.email))).statusCode).toBe(200)
      expect((await overview(ann)).outgoing.map((item) => item.user.username)).toEqual([bob.user.username])
      expect((await overview(bob)).incoming.map((item) => item.user.username)).toEqual([ann.user.username])
    })

    it('is refused once the two are friends, and is no business of anyone but the inviter', async () => {
      const [ann, bob, eve] = [await member('ann'), await member('bob'), await member('eve')]
      await invite(ann, bob.user.email)
      const id = await idOf(ann, bob.user.email)

      const other = await cancel(eve, id)
      expect(other.statusCode).toBe(404)
      expect(other.json()).toMatchObject({ message: 'No such invitation.' })
      expect((await cancel(ann, '10000000-0000-4000-8000-000000000999')).statusCode).toBe(404)
      const malformed = await cancel(ann, 'nope')
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json()).toMatchObject({ message: 'No such invitation.' })
      expect((await agent(t.app).delete(`/api/friendships/invitations/${id}`)).statusCode).toBe(401)

      // Bob accepts in the app rather than by the link.
      await bob.client.post(`/api/friendships/${(await overview(bob)).incoming[0]!.id}/accept`)
      const late = await cancel(ann, id)
      expect(late.statusCode).toBe(409)
      expect((await overview(ann)).friends.map((item) => item.user.username)).toEqual([bob.user.username])
    })
  })
})
