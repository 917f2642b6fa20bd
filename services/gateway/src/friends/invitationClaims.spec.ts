import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimInvitationsAt } from '@reelmates/commands/friendship/invitationClaims'
import { accountMembers } from '@reelmates/commands/friendship/members'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import { friendsQueries } from '@reelmates/projections/friends/friendsQueries'
import { mailsTo, register, testClock, tokenIn, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type Agent, type TestApp } from '../testing/testApp'

let t: TestApp
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PUBLIC_URL: 'https://reelmates.test' } })
})
afterAll(() => t.close())

const day = 86_400_000
let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const newAddress = () => `carol${(counter += 1)}@example.org`
const invite = async (from: Registered, email: string) =>
  expect((await from.client.post('/api/friendships', { email })).statusCode).toBe(201)

/** The claims are made by a scheduler reaction: waits for it, then for the read models to show them. */
async function settled(): Promise<void> {
  await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
  await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
}
const overview = async (client: Agent) => {
  await settled()
  return (await client.get('/api/friendships')).json<FriendsAnswer>()
}
const usernames = (items: { user: { username: string } }[]) => items.map((item) => item.user.username).sort()

/** Signs up at `email`, through an invitation's link when given its token. */
async function signUp(email: string, invitationToken?: string) {
  const client = agent(t.app)
  const username = `carol_${(counter += 1)}`
  const answer = await client.post('/api/register', { username, email, password: 'correct-horse', invitationToken })
  expect(answer.statusCode, answer.body).toBe(201)
  return { client, username, id: answer.json<{ id: string }>().id }
}

const mailCategories = async (email: string) => (await mailsTo(t.platform, email)).map((mail) => mail.category).sort()

describe("a sign-up claims other members' invitations to its address", () => {
  it("through one inviter's link: friends with them, and the other's invitation becomes a request to accept", async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    const email = newAddress()
    await invite(ann, email)
    await invite(bob, email)
    const annToken = tokenIn(
      (await t.platform.mailer.list({ to: email })).find((mail) => mail.text.includes(ann.user.username)),
      /[?&]token=([^&\s]+)/,
    )
    const carol = await signUp(email, annToken)

    const hers = await overview(carol.client)
    expect(usernames(hers.friends)).toEqual([ann.user.username])
    expect(usernames(hers.incoming)).toEqual([bob.user.username])
    // The bell and the list tell her; no mail does (she has just signed up).
    expect(await mailCategories(email)).toEqual(['friend-invitation', 'friend-invitation'])

    // Bob's invitation is now a request waiting on Carol, listed by the address he typed, as one to a
    // member is (so the list never says whose address it is), and her profile does not say it either.
    const his = await overview(bob.client)
    expect(his.invitations.map((item) => item.email)).toEqual([email])
    expect(his.outgoing).toEqual([])
    expect((await bob.client.get(`/api/users/${carol.username}`)).json()).toMatchObject({ friendship: 'none' })

    const accepted = await carol.client.post(`/api/friendships/${hers.incoming[0]!.id}/accept`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(usernames((await overview(carol.client)).friends)).toEqual([ann.user.username, bob.user.username].sort())
    const afterwards = await overview(bob.client)
    expect(usernames(afterwards.friends)).toEqual([carol.username])
    expect(afterwards.invitations).toEqual([])
  })

  it('without a link: every open invitation to the address becomes a request, and cancelling one takes it back', async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    const email = newAddress()
    await invite(ann, email)
    await invite(bob, email)
    const carol = await signUp(email)

    expect(usernames((await overview(carol.client)).incoming)).toEqual([ann.user.username, bob.user.username].sort())
    expect((await overview(carol.client)).friends).toEqual([])

    const annsInvitation = (await overview(ann.client)).invitations[0]!
    expect(annsInvitation.email).toBe(email)
    expect((await ann.client.delete(`/api/friendships/invitations/${annsInvitation.id}`)).statusCode).toBe(200)
    expect(usernames((await overview(carol.client)).incoming)).toEqual([bob.user.username])
    expect((await overview(ann.client)).invitations).toEqual([])
  })

  it("keeps the claimed invitation's sign-up link working for her: signed in, it accepts the request", async () => {
    const bob = await member('bob')
    const email = newAddress()
    await invite(bob, email)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
    const carol = await signUp(email)
    expect(usernames((await overview(carol.client)).incoming)).toEqual([bob.user.username])

    const accepted = await carol.client.get(`/api/friendships/accept-with-token?token=${encodeURIComponent(token)}`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const hers = await overview(carol.client)
    expect(usernames(hers.friends)).toEqual([bob.user.username])
    expect(hers.incoming).toEqual([])
    expect((await overview(bob.client)).invitations).toEqual([])
  })

  it('leaves a cancelled invitation and an expired one as they were', async () => {
    const [ann, bob, dan] = [await member('ann'), await member('bob'), await member('dan')]
    const email = newAddress()
    await invite(bob, email)
    clock.advance(8 * day)
    await invite(ann, email)
    await invite(dan, email)
    const cancelled = (await overview(ann.client)).invitations[0]!
    expect((await ann.client.delete(`/api/friendships/invitations/${cancelled.id}`)).statusCode).toBe(200)

    const carol = await signUp(email)
    expect(usernames((await overview(carol.client)).incoming)).toEqual([dan.user.username])
    expect((await bob.client.get(`/api/users/${carol.username}`)).json()).toMatchObject({ friendship: 'none' })
    expect((await ann.client.get(`/api/users/${carol.username}`)).json()).toMatchObject({ friendship: 'none' })
  })

  it('makes no second request when the inviter already asks (their recommendation mail signed her up)', async () => {
    const bob = await member('bob')
    const email = newAddress()
    await invite(bob, email)
    const [movie] = (await t.platform.catalog.trendingMovies()).results
    const recommended = { tmdbId: movie!.id, mediaType: 'movie', toEmail: email }
    expect((await bob.client.post('/api/recommendations', recommended)).statusCode).toBe(201)
    const recommendationToken = tokenIn(
      (await mailsTo(t.platform, email)).find((mail) => mail.category !== 'friend-invitation'),
      /[?&]token=([^&\s]+)/,
    )
    const client = agent(t.app)
    const username = `carol_${(counter += 1)}`
    const answer = await client.post('/api/register', {
      username,
      email,
      password: 'correct-horse',
      recommendationToken,
    })
    expect(answer.statusCode, answer.body).toBe(201)

    const hers = await overview(client)
    expect(usernames(hers.incoming)).toEqual([bob.user.username])
    await client.post(`/api/friendships/${hers.incoming[0]!.id}/accept`)
    const his = await overview(bob.client)
    expect(usernames(his.friends)).toEqual([username])
    expect(his.invitations).toEqual([])
  })

  it('goes with her deleted account, as an invitation to a member does; the address can be invited again', async () => {
    const bob = await member('bob')
    const email = newAddress()
    await invite(bob, email)
    const carol = await signUp(email)
    expect(usernames((await overview(carol.client)).incoming)).toEqual([bob.user.username])
    expect((await carol.client.delete('/api/user', { currentPassword: 'correct-horse' })).statusCode).toBe(200)
    const his = await overview(bob.client)
    expect(his.invitations).toEqual([])
    expect(his.incoming).toEqual([])
    await invite(bob, email)
    expect((await overview(bob.client)).invitations.map((item) => item.email)).toEqual([email])
  })

  it('changes nothing when the sign-up is handled again, even after she declined', async () => {
    const bob = await member('bob')
    const email = newAddress()
    await invite(bob, email)
    const carol = await signUp(email)
    const request = (await overview(carol.client)).incoming[0]!
    expect((await carol.client.post(`/api/friendships/${request.id}/decline`)).statusCode).toBe(200)

    const { eventStore, vault, readStore } = t.platform
    await claimInvitationsAt(
      {
        eventStore,
        members: accountMembers(eventStore, vault),
        invitationsWaitingAt: friendsQueries(readStore).invitationsWaitingAt,
      },
      { userId: carol.id, email, registeredAt: clock.now().toISOString(), invitationToken: null },
      { correlationId: 'again', causationId: 'again', actorId: carol.id, occurredAt: clock.now().toISOString() },
    )
    expect((await overview(carol.client)).incoming).toEqual([])
  })
})
