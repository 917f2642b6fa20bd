import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import type { FeedAnswer } from '@reelmates/contracts/feed'
import { friendshipIdOf, type FriendsAnswer } from '@reelmates/contracts/friendships'
import { password, register, type Registered } from '../account/accountFixtures'
import { beforeTheNextAnswerIsRead, holdTheNextAppend } from '../testing/meanwhile'
import { createTestApp, type TestApp } from '../testing/testApp'
import { inviteByEmail } from '@reelmates/commands/friendship/invitations'
import { friendshipPorts } from './friendshipPorts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let counter = 0
const pair = () => Promise.all([register(t.app, `ann_${(counter += 1)}`), register(t.app, `bob_${counter}`)])
const overview = async (who: Registered) => (await who.client.get('/api/friendships')).json<FriendsAnswer>()
const ask = (from: Registered, to: Registered) => from.client.post('/api/friendships', { username: to.user.username })
const refusal = (answer: LightMyRequestResponse) => ({
  status: answer.statusCode,
  message: answer.json<{ message?: string }>().message,
})
const askerIn = (who: Registered) => ({ userId: who.user.id, correlationId: `another-gateway-${who.user.id}` })
const usernames = (people: { user: { username: string } }[]) => people.map((person) => person.user.username)

/** What each side lists: the same pair seen from both ends must agree. */
async function bothSides(ann: Registered, bob: Registered) {
  const [byAnn, byBob] = await Promise.all([overview(ann), overview(bob)])
  expect(usernames(byAnn.friends)).toEqual(byBob.friends.length ? [bob.user.username] : [])
  expect(usernames(byBob.friends)).toEqual(byAnn.friends.length ? [ann.user.username] : [])
  expect(usernames(byAnn.outgoing)).toEqual(usernames(byBob.incoming).length ? [bob.user.username] : [])
  expect(usernames(byBob.outgoing)).toEqual(usernames(byAnn.incoming).length ? [ann.user.username] : [])
  return { friends: byAnn.friends.length, annAsks: byAnn.outgoing.length, bobAsks: byBob.outgoing.length }
}

describe('two members acting on their pair at the same moment', () => {
  it('makes crossing requests one friendship, listed on both sides', async () => {
    const [ann, bob] = await pair()
    const answers = await Promise.all([ask(ann, bob), ask(bob, ann)])
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201])
    expect(await bothSides(ann, bob)).toEqual({ friends: 1, annAsks: 0, bobAsks: 0 })
  })

  it('settles an accept crossing a cancel either way, and both sides list the same', async () => {
    const [ann, bob] = await pair()
    const id = friendshipIdOf(ann.user.id, bob.user.id)
    expect((await ask(ann, bob)).statusCode).toBe(201)
    const [accepted, cancelled] = await Promise.all([
      bob.client.post(`/api/friendships/${id}/accept`),
      ann.client.delete(`/api/friendships/${id}`),
    ])
    expect(cancelled.statusCode).toBe(200)
    // Cancelled first: nothing to accept. Accepted first: the cancel unfriends. Either way, nothing is left.
    expect([200, 404]).toContain(accepted.statusCode)
    expect(await bothSides(ann, bob)).toEqual({ friends: 0, annAsks: 0, bobAsks: 0 })
  })

  it('answers a request 404 when it was declined before the answer was read', async () => {
    const [ann, bob] = await pair()
    const id = friendshipIdOf(ann.user.id, bob.user.id)
    const decline = beforeTheNextAnswerIsRead(t.platform, () => bob.client.post(`/api/friendships/${id}/decline`))

    const asked = await ask(ann, bob)
    expect((await decline()).statusCode).toBe(200)
    expect(refusal(asked)).toEqual({ status: 404, message: 'No such friend request.' })
    expect(await bothSides(ann, bob)).toEqual({ friends: 0, annAsks: 0, bobAsks: 0 })
  })

  it('answers an accept 404 when the asker unfriended before the answer was read', async () => {
    const [ann, bob] = await pair()
    const id = friendshipIdOf(ann.user.id, bob.user.id)
    expect((await ask(ann, bob)).statusCode).toBe(201)
    const unfriend = beforeTheNextAnswerIsRead(t.platform, () => ann.client.delete(`/api/friendships/${id}`))

    const accepted = await bob.client.post(`/api/friendships/${id}/accept`)
    expect((await unfriend()).statusCode).toBe(200)
    expect(refusal(accepted)).toEqual({ status: 404, message: 'No such friend request.' })
    expect(await bothSides(ann, bob)).toEqual({ friends: 0, annAsks: 0, bobAsks: 0 })
  })

  it('answers an invitation 404 when another tab cancelled it before the answer was read', async () => {
    const ann = await register(t.app, `ann_${(counter += 1)}`)
    const cancel = beforeTheNextAnswerIsRead(t.platform, async () => {
      const head = String(await t.platform.eventStore.headPosition())
      const listed = await ann.client.get('/api/friendships', { headers: { 'x-min-position': head } })
      const [invitation] = listed.json<FriendsAnswer>().invitations
      return ann.client.delete(`/api/friendships/invitations/${invitation?.id ?? 'none'}`)
    })

    const invited = await ann.client.post('/api/friendships', { email: `cleo_${counter}@example.org` })
    expect((await cancel()).statusCode).toBe(200)
    expect(refusal(invited)).toEqual({ status: 404, message: 'No such invitation.' })
    expect((await overview(ann)).invitations).toEqual([])
  })
})

describe('one member inviting an address from two devices at the same moment', () => {
  it('makes one invitation, sent twice, not two invitations', async () => {
    const ann = await register(t.app, `ann_${(counter += 1)}`)
    const email = `dora_${counter}@example.org`
    // The first device has looked for an invitation to the address, found none, and is recording its own.
    const held = holdTheNextAppend(t.platform)
    const first = ann.client.post('/api/friendships', { email })
    await held.reached
    // The second device's request reaches another gateway (one gateway takes a member's mailings in
    // turn, so within one the second would wait for the first): its command runs meanwhile.
    const second = await inviteByEmail(friendshipPorts(t.platform), askerIn(ann), email.toUpperCase())
    held.release()
    expect((await first).statusCode).toBe(201)
    expect(second.kind).toBe('invitation')
    const head = String(await t.platform.eventStore.headPosition())
    const listed = await ann.client.get('/api/friendships', { headers: { 'x-min-position': head } })
    expect(listed.json<FriendsAnswer>().invitations).toMatchObject([{ email, inviteCount: 2 }])
  })
})

describe('an accept sent just as the asker deletes their account', () => {
  it('leaves no friendship with nobody in the feed, though it was stored after the deletion', async () => {
    const [ann, bob] = await pair()
    const id = friendshipIdOf(ann.user.id, bob.user.id)
    expect((await ask(ann, bob)).statusCode).toBe(201)
    const held = holdTheNextAppend(t.platform)
    const accepting = bob.client.post(`/api/friendships/${id}/accept`)
    await held.reached
    expect((await ann.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    held.release()
    expect(refusal(await accepting)).toEqual({ status: 404, message: 'No such friend request.' })

    const head = { headers: { 'x-min-position': String(await t.platform.eventStore.headPosition()) } }
    expect((await bob.client.get('/api/feed', head)).json<FeedAnswer>().items).toEqual([])
    expect((await bob.client.get('/api/friendships', head)).json<FriendsAnswer>().friends).toEqual([])
  })
})
