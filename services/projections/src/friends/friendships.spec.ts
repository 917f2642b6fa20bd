import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { friendsQueries } from './friendsQueries'
import { friendCirclesCollection, friendships } from './friendships'

const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const cat = '00000000-0000-4000-8000-00000000000c'
const at = '2026-11-20T10:00:00.000Z'
const later = '2026-11-21T10:00:00.000Z'
const id = (a: string, b: string) => friendshipIdOf(a, b)

const sent = (from: string, to: string, invitationId: string | null = null) =>
  FriendRequestSent({
    friendshipId: id(from, to),
    fromUserId: from,
    toUserId: to,
    inviteCount: 1,
    sentAt: at,
    invitationId,
  })
const accepted = (from: string, to: string) =>
  FriendRequestAccepted({ friendshipId: id(from, to), fromUserId: from, toUserId: to, acceptedAt: later })

/** The friendships projector, with the users read model beside it for the queries' names. */
async function harness() {
  const h = await projectorHarness(friendships)
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  return { ...h, queries: friendsQueries(h.db) }
}

describe('friendships', () => {
  it('writes a pending request with both sides', async () => {
    const h = await harness()
    await h.given(sent(ann, bob))
    expect(await h.docs('friendships')).toEqual([
      {
        _id: id(ann, bob),
        id: id(ann, bob),
        userId: ann,
        friendId: bob,
        users: [ann, bob],
        status: 'pending',
        inviteCount: 1,
        invitationId: null,
        createdAt: at,
        updatedAt: at,
        acceptedAt: null,
      },
    ])
  })

  it('lists a request as outgoing for the sender and incoming for the recipient, then as friends', async () => {
    const h = await harness()
    await h.given(sent(ann, bob))
    expect((await h.queries.overview(ann)).outgoing.map((item) => item.user.username)).toEqual(['bob'])
    expect((await h.queries.overview(bob)).incoming.map((item) => item.user.username)).toEqual(['ann'])
    await h.given(accepted(ann, bob))
    const ofAnn = await h.queries.overview(ann)
    expect(ofAnn.friends).toEqual([
      {
        id: id(ann, bob),
        user: { id: bob, username: 'bob', avatarUrl: null },
        since: later,
        inviteCount: 1,
        lastWatched: null,
      },
    ])
    expect(ofAnn.outgoing).toEqual([])
    expect(await h.queries.relation(bob, ann)).toEqual({ state: 'friends', friendshipId: id(ann, bob) })
    expect(await h.queries.friendCount(bob)).toBe(1)
  })

  it('forgets a declined, cancelled or ended friendship', async () => {
    const h = await harness()
    await h.given(
      sent(ann, bob),
      FriendRequestDeclined({ friendshipId: id(ann, bob), fromUserId: ann, toUserId: bob, declinedAt: later }),
      sent(ann, cat),
      FriendRequestCancelled({ friendshipId: id(ann, cat), fromUserId: ann, toUserId: cat, cancelledAt: later }),
      sent(bob, cat),
      accepted(bob, cat),
      FriendRemoved({ friendshipId: id(bob, cat), byUserId: cat, otherUserId: bob, removedAt: later }),
    )
    expect(await h.docs('friendships')).toEqual([])
    expect(await h.queries.relation(ann, bob)).toEqual({ state: 'none', friendshipId: null })
  })

  it('changes nothing when events come again, and never brings back an ended friendship', async () => {
    const h = await harness()
    const recorded = await h.given(
      sent(ann, bob),
      accepted(ann, bob),
      FriendRemoved({ friendshipId: id(ann, bob), byUserId: ann, otherUserId: bob, removedAt: later }),
    )
    await h.redeliver(...recorded)
    expect(await h.docs('friendships')).toEqual([])
  })

  it('removes every friendship and request of a deleted account, and only those', async () => {
    const h = await harness()
    await h.given(
      sent(ann, bob),
      accepted(ann, bob),
      sent(cat, ann),
      sent(bob, cat),
      AccountDeleted({ userId: ann, deletedAt: later }),
    )
    expect((await h.docs('friendships')).map((doc) => doc._id)).toEqual([id(bob, cat)])
    expect((await h.queries.overview(bob)).friends).toEqual([])
  })

  it('lists a request sent by email invitation under invitations, not as outgoing', async () => {
    const h = await harness()
    await h.given(sent(ann, bob, 'inv-1'))
    expect((await h.queries.overview(ann)).outgoing).toEqual([])
    expect((await h.queries.overview(bob)).incoming.map((item) => item.user.username)).toEqual(['ann'])
  })

  it('never tells the inviter, on a profile or in search, whose address they invited', async () => {
    const h = await harness()
    await h.given(sent(ann, bob, 'inv-1'), sent(ann, cat))
    expect(await h.queries.relation(ann, bob)).toEqual({ state: 'none', friendshipId: null })
    expect(await h.queries.relations(ann, [bob, cat])).toEqual(
      new Map([
        [bob, 'none'],
        [cat, 'outgoing'],
      ]),
    )
    // The member asked knows who asked them: the mail said so.
    expect(await h.queries.relation(bob, ann)).toEqual({ state: 'incoming', friendshipId: id(ann, bob) })
    expect(await h.queries.relations(bob, [ann])).toEqual(new Map([[ann, 'incoming']]))
  })

  describe("each member's circle", () => {
    const circles = async (h: Awaited<ReturnType<typeof harness>>) =>
      Object.fromEntries(
        (await h.docs(friendCirclesCollection)).map((doc) => [doc._id, [...(doc.friends as string[])].sort()]),
      )

    it('holds the friends of each side once the request is accepted, not while it waits', async () => {
      const h = await harness()
      await h.given(sent(ann, bob), sent(cat, ann))
      expect(await circles(h)).toEqual({})
      await h.given(accepted(ann, bob), accepted(cat, ann))
      expect(await circles(h)).toEqual({ [ann]: [bob, cat].sort(), [bob]: [ann], [cat]: [ann] })
    })

    it('loses a friend whose friendship ended, and stays as it was when events come again', async () => {
      const h = await harness()
      const recorded = await h.given(
        sent(ann, bob),
        accepted(ann, bob),
        sent(ann, cat),
        accepted(ann, cat),
        FriendRemoved({ friendshipId: id(ann, bob), byUserId: bob, otherUserId: ann, removedAt: later }),
      )
      await h.redeliver(...recorded)
      expect(await circles(h)).toEqual({ [ann]: [cat], [bob]: [], [cat]: [ann] })
    })

    it("of a deleted account is gone, and so is that account from its friends' circles", async () => {
      const h = await harness()
      await h.given(
        sent(ann, bob),
        accepted(ann, bob),
        sent(cat, ann),
        accepted(cat, ann),
        sent(bob, cat),
        accepted(bob, cat),
        AccountDeleted({ userId: ann, deletedAt: later }),
      )
      expect(await circles(h)).toEqual({ [bob]: [cat], [cat]: [bob] })
    })

    it('always equals the accepted friendships, over random requests, answers, endings and deletions', async () => {
      const h = await harness()
      const members = Array.from({ length: 6 }, (_, n) => `00000000-0000-4000-8000-0000000001${n}0`)
      let seed = 7
      const random = (below: number) => {
        seed = (seed * 48271) % 2147483647
        return seed % below
      }
      const gone = new Set<string>()
      for (let step = 0; step < 300; step++) {
        const [a, b] = [members[random(6)] ?? '', members[random(6)] ?? '']
        if (a === b || gone.has(a) || gone.has(b)) continue
        const stored = (await h.docs('friendships', { _id: id(a, b) }))[0]
        const from = typeof stored?.userId === 'string' ? stored.userId : a
        const to = from === a ? b : a
        const pair = { friendshipId: id(a, b), fromUserId: from, toUserId: to }
        const choice = random(10)
        if (choice === 0) {
          gone.add(a)
          await h.given(AccountDeleted({ userId: a, deletedAt: later }))
        } else if (!stored) await h.given(sent(a, b))
        else if (stored.status === 'pending' && choice < 6) await h.given(accepted(from, to))
        else if (stored.status === 'pending' && choice < 8)
          await h.given(FriendRequestDeclined({ ...pair, declinedAt: later }))
        else if (stored.status === 'pending') await h.given(FriendRequestCancelled({ ...pair, cancelledAt: later }))
        else await h.given(FriendRemoved({ friendshipId: id(a, b), byUserId: a, otherUserId: b, removedAt: later }))

        const expected: Record<string, string[]> = {}
        for (const doc of await h.docs('friendships', { status: 'accepted' })) {
          const [x = '', y = ''] = doc.users as string[]
          ;(expected[x] ??= []).push(y)
          ;(expected[y] ??= []).push(x)
        }
        const actual = Object.fromEntries(Object.entries(await circles(h)).filter(([, friends]) => friends.length > 0))
        expect(actual).toEqual(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v.sort()])))
      }
      expect(gone.size).toBeGreaterThan(0)
    })
  })
})
