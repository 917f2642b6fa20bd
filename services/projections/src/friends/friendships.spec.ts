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
import { friendships } from './friendships'

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
})
