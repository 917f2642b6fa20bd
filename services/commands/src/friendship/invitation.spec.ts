import { describe, it } from 'vitest'
import {
  FriendInvitationAccepted,
  FriendInvitationCancelled,
  FriendInvitationClaimed,
  FriendInvitationSent,
} from '@reelmates/contracts/friendships'
import { specFor } from '../testing/givenWhenThen'
import {
  InvitationCancelled,
  InvitationForAnotherAccount,
  InvitationTokenExpired,
  InvitationTokenInvalid,
  InvitationTokenUsed,
  NoSuchInvitation,
  OwnInvitation,
  RequestAlreadyAccepted,
  TooManyRequests,
} from './errors'
import { invitation } from './invitation'

const given = specFor(invitation)
const invitationId = '10000000-0000-4000-8000-000000000001'
const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const eve = '00000000-0000-4000-8000-00000000000e'
const at = '2026-11-20T10:00:00.000Z'
const hoursLater = (hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString()
const week = 7 * 24

const sent = (tokenHash = 'h1', sentAt = at, inviteCount = 1, inviteeUserId: string | null = null) =>
  FriendInvitationSent({
    invitationId,
    inviterUserId: ann,
    inviteeEmail: 'new@example.com',
    inviteeUserId,
    tokenHash,
    expiresAt: new Date(Date.parse(sentAt) + week * 3_600_000).toISOString(),
    sentAt,
    inviteCount,
  })
const send = (tokenHash = 'h1', when = at, inviteeUserId: string | null = null) =>
  ({
    type: 'SendFriendInvitation',
    invitationId,
    inviterUserId: ann,
    inviteeEmail: 'new@example.com',
    inviteeUserId,
    tokenHash,
    expiresAt: new Date(Date.parse(when) + week * 3_600_000).toISOString(),
    at: when,
  }) as const
const acceptAs = (userId: string, tokenHash = 'h1', when = hoursLater(1)) =>
  ({ type: 'AcceptFriendInvitation', invitationId, tokenHash, userId, at: when }) as const
const acceptedBy = (userId: string, tokenHash = 'h1', when = hoursLater(1)) =>
  FriendInvitationAccepted({ invitationId, inviterUserId: ann, acceptedByUserId: userId, tokenHash, acceptedAt: when })

const cancelAs = (userId: string, when = hoursLater(1)) =>
  ({ type: 'CancelFriendInvitation', invitationId, userId, at: when }) as const
const cancelled = (when = hoursLater(1)) =>
  FriendInvitationCancelled({ invitationId, inviterUserId: ann, cancelledAt: when })
const claimAs = (userId: string, when = hoursLater(1)) =>
  ({ type: 'ClaimFriendInvitation', invitationId, inviteeUserId: userId, at: when }) as const
const claimedBy = (userId: string, when = hoursLater(1)) =>
  FriendInvitationClaimed({ invitationId, inviterUserId: ann, inviteeUserId: userId, claimedAt: when })

describe('friend invitation', () => {
  it('sends a first invitation with inviteCount 1', () => given([]).when(send()).then([sent()]))

  it('counts a resend', () =>
    given([sent()])
      .when(send('h2', hoursLater(1)))
      .then([sent('h2', hoursLater(1), 2)]))

  it('refuses a fourth mail to the same address within a day', () =>
    given([sent('h1'), sent('h2', hoursLater(1), 2), sent('h3', hoursLater(2), 3)])
      .when(send('h4', hoursLater(3)))
      .thenThrows(TooManyRequests, 'at most 3 invitations a day'))

  it('refuses resending an invitation that was accepted', () =>
    given([sent(), acceptedBy(bob)])
      .when(send('h2', hoursLater(2)))
      .thenThrows(RequestAlreadyAccepted))

  it('is accepted by whoever signs up with its link', () =>
    given([sent()])
      .when(acceptAs(bob))
      .then([acceptedBy(bob)]))

  it('keeps earlier links working after a resend', () =>
    given([sent('h1'), sent('h2', hoursLater(1), 2)])
      .when(acceptAs(bob, 'h1', hoursLater(2)))
      .then([acceptedBy(bob, 'h1', hoursLater(2))]))

  it('refuses an unknown token', () =>
    given([sent()]).when(acceptAs(bob, 'nope')).thenThrows(InvitationTokenInvalid, 'This invitation link is invalid.'))

  it('refuses a token after seven days', () =>
    given([sent()])
      .when(acceptAs(bob, 'h1', hoursLater(week)))
      .thenThrows(InvitationTokenExpired, 'This invitation link has expired. Ask your friend to send a new one.'))

  it('is single-use: says "already been" to the one who used it', () =>
    given([sent(), acceptedBy(bob)])
      .when(acceptAs(bob))
      .thenThrows(RequestAlreadyAccepted, /already been/))

  it('is single-use: refuses anyone else', () =>
    given([sent(), acceptedBy(bob)])
      .when(acceptAs(eve))
      .thenThrows(InvitationTokenUsed))

  it('refuses the inviter', () => given([sent()]).when(acceptAs(ann)).thenThrows(OwnInvitation))

  it('sent to a member, refuses any other account', () =>
    given([sent('h1', at, 1, bob)])
      .when(acceptAs(eve))
      .thenThrows(InvitationForAnotherAccount, 'This invitation was sent to another account.'))

  it('sent to a member, is accepted by that member', () =>
    given([sent('h1', at, 1, bob)])
      .when(acceptAs(bob))
      .then([acceptedBy(bob)]))

  describe('cancelled by the inviter', () => {
    it('is cancelled', () => given([sent()]).when(cancelAs(ann)).then([cancelled()]))

    it('is not there for anyone else, who learns nothing of it', () =>
      given([sent()]).when(cancelAs(bob)).thenThrows(NoSuchInvitation, 'No such invitation.'))

    it('does not exist before it is sent', () => given([]).when(cancelAs(ann)).thenThrows(NoSuchInvitation))

    it('cannot be cancelled once accepted', () =>
      given([sent(), acceptedBy(bob)])
        .when(cancelAs(ann, hoursLater(2)))
        .thenThrows(RequestAlreadyAccepted))

    it('changes nothing when cancelled again', () =>
      given([sent(), cancelled()])
        .when(cancelAs(ann, hoursLater(2)))
        .then([]))

    it('stops every link mailed before it, saying so', () =>
      given([sent('h1'), sent('h2', hoursLater(1), 2), cancelled(hoursLater(2))])
        .when(acceptAs(bob, 'h1', hoursLater(3)))
        .thenThrows(InvitationCancelled, 'This invitation was cancelled. Ask your friend to send a new one.'))

    it('sent again afterwards, works with the new link only', () =>
      given([sent('h1'), cancelled(), sent('h2', hoursLater(2), 2)])
        .when(acceptAs(bob, 'h2', hoursLater(3)))
        .then([acceptedBy(bob, 'h2', hoursLater(3))]))

    it('sent again afterwards, still refuses the link mailed before the cancellation', () =>
      given([sent('h1'), cancelled(), sent('h2', hoursLater(2), 2)])
        .when(acceptAs(bob, 'h1', hoursLater(3)))
        .thenThrows(InvitationCancelled))
  })

  describe('claimed by the account its address signed up as', () => {
    it('goes to the newcomer', () =>
      given([sent()])
        .when(claimAs(bob))
        .then([claimedBy(bob)]))

    it('is then accepted by the newcomer only', () =>
      given([sent(), claimedBy(bob)])
        .when(acceptAs(eve, 'h1', hoursLater(2)))
        .thenThrows(InvitationForAnotherAccount))

    it('is still accepted by its link, by the newcomer', () =>
      given([sent(), claimedBy(bob)])
        .when(acceptAs(bob, 'h1', hoursLater(2)))
        .then([acceptedBy(bob, 'h1', hoursLater(2))]))

    it('changes nothing when claimed again (the reaction ran twice)', () =>
      given([sent(), claimedBy(bob)])
        .when(claimAs(bob, hoursLater(2)))
        .thenNothingHappens())

    it('stays with the member it was sent to', () =>
      given([sent('h1', at, 1, eve)])
        .when(claimAs(bob))
        .thenNothingHappens())

    it('is not claimed once accepted', () =>
      given([sent(), acceptedBy(eve)])
        .when(claimAs(bob, hoursLater(2)))
        .thenNothingHappens())

    it('is not claimed once cancelled', () =>
      given([sent(), cancelled()])
        .when(claimAs(bob, hoursLater(2)))
        .thenNothingHappens())

    it('is not claimed once every link has expired', () =>
      given([sent()])
        .when(claimAs(bob, hoursLater(week)))
        .thenNothingHappens())

    it('is claimed while a later link still works', () =>
      given([sent('h1'), sent('h2', hoursLater(24), 2)])
        .when(claimAs(bob, hoursLater(week)))
        .then([claimedBy(bob, hoursLater(week))]))

    it('is not claimed by its inviter', () => given([sent()]).when(claimAs(ann)).thenNothingHappens())

    it('does not exist before it is sent', () => given([]).when(claimAs(bob)).thenThrows(NoSuchInvitation))
  })
})
