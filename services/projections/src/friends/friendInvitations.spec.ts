import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import {
  FriendInvitationAccepted,
  FriendInvitationCancelled,
  FriendInvitationSent,
} from '@reelmates/contracts/friendships'
import { projectorHarness } from '../testing/projectorHarness'
import { friendInvitations } from './friendInvitations'
import { friendsQueries } from './friendsQueries'

const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
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
})
