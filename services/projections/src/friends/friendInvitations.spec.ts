import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import {
  FriendInvitationAccepted,
  FriendInvitationCancelled,
  FriendInvitationClaimed,
  FriendInvitationSent,
  FriendRequestAccepted,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import { readModelsAsOne } from '../feed/feedTesting'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { friendInvitations } from './friendInvitations'
import { friendships } from './friendships'
import { friendsQueries } from './friendsQueries'

const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const cat = '00000000-0000-4000-8000-00000000000c'
const at = '2026-11-20T10:00:00.000Z'
const later = '2026-11-21T10:00:00.000Z'
const inWeek = (iso: string) => new Date(Date.parse(iso) + 7 * 86_400_000).toISOString()

const sent = (invitationId: string, email: string, sentAt = at, inviteCount = 1, inviteeUserId: string | null = null) =>
  FriendInvitationSent({
    invitationId,
    inviterUserId: ann,
    inviteeEmail: email,
    inviteeUserId,
    tokenHash: `hash-${inviteCount}`,
    expiresAt: inWeek(sentAt),
    sentAt,
    inviteCount,
  })
const accepted = (invitationId: string) =>
  FriendInvitationAccepted({
    invitationId,
    inviterUserId: ann,
    acceptedByUserId: bob,
    tokenHash: 'hash-1',
    acceptedAt: later,
  })

const claimed = (invitationId: string, inviteeUserId = cat, inviterUserId = ann) =>
  FriendInvitationClaimed({ invitationId, inviterUserId, inviteeUserId, claimedAt: later })
const requested = (from: string, to: string, invitationId: string | null) =>
  FriendRequestSent({
    friendshipId: friendshipIdOf(from, to),
    fromUserId: from,
    toUserId: to,
    inviteCount: 1,
    sentAt: later,
    invitationId,
  })
const befriended = (from: string, to: string) =>
  FriendRequestAccepted({ friendshipId: friendshipIdOf(from, to), fromUserId: from, toUserId: to, acceptedAt: later })

/** Invitations with the friendships beside them, as the overview reads them. */
async function withFriendships() {
  const h = await projectorHarness(readModelsAsOne('friends_spec', [friendInvitations, friendships]))
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  return { ...h, queries: friendsQueries(h.db) }
}

describe('friend_invitations', () => {
  it('keeps one document per address with the latest link, the first sending and the count', async () => {
    const h = await projectorHarness(friendInvitations)
    await h.given(sent('i1', 'New@Example.com'), sent('i1', 'New@Example.com', later, 2))
    expect(await h.docs('friend_invitations')).toEqual([
      {
        _id: 'i1',
        id: 'i1',
        inviterUserId: ann,
        inviteeEmail: 'New@Example.com',
        emailKey: 'new@example.com',
        inviteeUserId: null,
        invitationTokenHash: 'hash-2',
        invitationTokenExpiry: inWeek(later),
        createdAt: at,
        sentAt: later,
        inviteCount: 2,
        status: 'pending',
        acceptedByUserId: null,
      },
    ])
    expect(await friendsQueries(h.db).invitationTo(ann, ' new@example.COM')).toMatchObject({ id: 'i1', inviteCount: 2 })
  })

  it("lists pending invitations in the inviter's overview, and no longer once accepted", async () => {
    const h = await projectorHarness(friendInvitations)
    await h.given(sent('i1', 'one@example.com'), sent('i2', 'two@example.com', later))
    const queries = friendsQueries(h.db)
    expect((await queries.overview(ann)).invitations.map((item) => item.email)).toEqual([
      'two@example.com',
      'one@example.com',
    ])
    await h.given(accepted('i2'))
    expect((await queries.overview(ann)).invitations.map((item) => item.email)).toEqual(['one@example.com'])
    expect((await queries.overview(bob)).invitations).toEqual([])
  })

  it('forgets a cancelled invitation, address included, so that inviting the address again starts anew', async () => {
    const h = await projectorHarness(friendInvitations)
    await h.given(
      sent('i1', 'one@example.com'),
      sent('i2', 'two@example.com', later),
      FriendInvitationCancelled({ invitationId: 'i1', inviterUserId: ann, cancelledAt: later }),
    )
    const queries = friendsQueries(h.db)
    expect((await queries.overview(ann)).invitations.map((item) => item.email)).toEqual(['two@example.com'])
    expect(await queries.invitationTo(ann, 'one@example.com')).toBeNull()
    expect(JSON.stringify(await h.docs('friend_invitations'))).not.toContain('one@example.com')
  })

  it('changes nothing when events come again', async () => {
    const h = await projectorHarness(friendInvitations)
    const recorded = await h.given(sent('i1', 'one@example.com'), accepted('i1'))
    await h.redeliver(...recorded)
    expect(await h.docs('friend_invitations')).toEqual([
      expect.objectContaining({ status: 'accepted', inviteCount: 1 }),
    ])
  })

  it("removes an inviter's invitations with their account, and those sent to a deleted member", async () => {
    const h = await projectorHarness(friendInvitations)
    await h.given(sent('i1', 'one@example.com'), AccountDeleted({ userId: ann, deletedAt: later }))
    expect(await h.docs('friend_invitations')).toEqual([])
    await h.given(sent('i2', 'bob@example.com', later, 1, bob), AccountDeleted({ userId: bob, deletedAt: later }))
    expect(await h.docs('friend_invitations')).toEqual([])
  })

  it('writes nothing for an address erased with the inviter’s key (a rebuild after deletion)', async () => {
    const h = await projectorHarness(friendInvitations)
    await h.given(FriendInvitationSent({ ...sent('i1', 'x@example.com').data, inviteeEmail: null }))
    expect(await h.docs('friend_invitations')).toEqual([])
  })

  describe('claimed by the account its address signed up as', () => {
    it('names the new member, as an invitation sent to a member does', async () => {
      const h = await projectorHarness(friendInvitations)
      await h.given(sent('i1', 'cat@example.com'), claimed('i1'))
      expect(await h.docs('friend_invitations')).toEqual([
        expect.objectContaining({ _id: 'i1', inviteeUserId: cat, status: 'pending', emailKey: 'cat@example.com' }),
      ])
    })

    it('is listed by its address, its request not as outgoing, until the new member accepts', async () => {
      const h = await withFriendships()
      await h.given(sent('i1', 'cat@example.com'), claimed('i1'), requested(ann, cat, 'i1'))
      const ofAnn = await h.queries.overview(ann)
      expect(ofAnn.invitations.map((item) => item.email)).toEqual(['cat@example.com'])
      expect(ofAnn.outgoing).toEqual([])
      expect((await h.queries.overview(cat)).incoming.map((item) => item.user.username)).toEqual(['ann'])
      await h.given(befriended(ann, cat))
      const afterwards = await h.queries.overview(ann)
      expect(afterwards.invitations).toEqual([])
      expect(afterwards.friends.map((item) => item.user.username)).toEqual(['cat'])
    })

    it('leaves the list once its member is a friend by another request', async () => {
      const h = await withFriendships()
      await h.given(sent('i1', 'cat@example.com'), claimed('i1'), requested(cat, ann, null))
      expect((await h.queries.overview(ann)).invitations.map((item) => item.email)).toEqual(['cat@example.com'])
      await h.given(befriended(cat, ann))
      expect((await h.queries.overview(ann)).invitations).toEqual([])
    })

    it('goes with the new member’s deleted account', async () => {
      const h = await projectorHarness(friendInvitations)
      await h.given(sent('i1', 'cat@example.com'), claimed('i1'), AccountDeleted({ userId: cat, deletedAt: later }))
      expect(await h.docs('friend_invitations')).toEqual([])
    })

    it('finds what every inviter has waiting at an address, and not what is taken up or elsewhere', async () => {
      const h = await projectorHarness(friendInvitations)
      await h.given(
        sent('i1', 'Cat@Example.com'),
        FriendInvitationSent({ ...sent('i2', 'cat@example.com', later).data, inviterUserId: bob }),
        sent('i3', 'cat@example.com'),
        accepted('i3'),
        sent('i4', 'other@example.com'),
      )
      expect(await friendsQueries(h.db).invitationsWaitingAt(' cat@EXAMPLE.com')).toEqual([
        { invitationId: 'i1', inviterUserId: ann },
        { invitationId: 'i2', inviterUserId: bob },
      ])
    })
  })
})
