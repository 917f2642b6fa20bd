import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import { FriendInvitationCancelled, FriendInvitationSent } from '@reelmates/contracts/friendships'
import { RecommendationSent } from '@reelmates/contracts/recommendations'
import { projectorHarness } from '../testing/projectorHarness'
import { invitedAddresses, invitedAddressQueries } from './invitedAddresses'

const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const monday = '2026-11-16T10:00:00.000Z'
const tuesday = '2026-11-17T10:00:00.000Z'
const sundayNight = '2026-11-15T23:00:00.000Z'

const invited = (invitationId: string, email: string, sentAt: string, inviterUserId = ann) =>
  FriendInvitationSent({
    invitationId,
    inviterUserId,
    inviteeEmail: email,
    inviteeUserId: null,
    tokenHash: 'hash',
    expiresAt: '2026-12-01T00:00:00.000Z',
    sentAt,
    inviteCount: 1,
  })
const recommended = (recommendationId: string, toEmail: string | null, sentAt: string) =>
  RecommendationSent({
    recommendationId,
    fromUserId: ann,
    toUserId: null,
    toEmail,
    tmdbId: 1,
    mediaType: 'movie',
    mediaTitle: 'Dune',
    mediaPosterPath: null,
    note: null,
    tokenHash: null,
    expiresAt: null,
    sentAt,
  })

describe('invited_addresses', () => {
  it('counts each address once, from its first mail, invitations and recommendations together', async () => {
    const h = await projectorHarness(invitedAddresses)
    await h.given(
      invited('i1', 'Dora@Example.org', monday),
      recommended('r1', 'dora@example.org', tuesday),
      recommended('r2', 'eve@example.org', tuesday),
      invited('i2', 'eve@example.org', tuesday, bob),
    )
    const queries = invitedAddressQueries(h.db)
    expect(await queries.of(ann, ' DORA@example.org', sundayNight)).toEqual({ alreadyInvited: true, newSince: 2 })
    // Dora was first mailed on Monday: since then only Eve is new.
    expect(await queries.of(ann, 'fay@example.org', monday)).toEqual({ alreadyInvited: false, newSince: 1 })
    expect(await queries.of(bob, 'dora@example.org', sundayNight)).toEqual({ alreadyInvited: false, newSince: 1 })
  })

  it('keeps a cancelled invitation, leaves out a recommendation by username, and forgets a deleted sender', async () => {
    const h = await projectorHarness(invitedAddresses)
    await h.given(
      invited('i1', 'dora@example.org', monday),
      FriendInvitationCancelled({ invitationId: 'i1', inviterUserId: ann, cancelledAt: monday }),
      recommended('r1', null, monday),
    )
    const queries = invitedAddressQueries(h.db)
    expect(await queries.of(ann, 'dora@example.org', sundayNight)).toEqual({ alreadyInvited: true, newSince: 1 })
    await h.given(AccountDeleted({ userId: ann, deletedAt: tuesday }))
    expect(await h.docs('invited_addresses')).toEqual([])
  })

  it('keeps no address, only its hash', async () => {
    const h = await projectorHarness(invitedAddresses)
    await h.given(invited('i1', 'dora@example.org', monday))
    expect(JSON.stringify(await h.docs('invited_addresses'))).not.toContain('dora')
  })
})
