import { describe, expect, it } from 'vitest'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import { specFor } from '../testing/givenWhenThen'
import {
  AlreadyFriends,
  FriendAccountDeleted,
  FriendRequestToSelf,
  NoSuchFriendRequest,
  NoSuchFriendship,
  OnlyRecipientAnswers,
  RecipientMustDecline,
  RequestAlreadyAccepted,
  RequestAlreadyPending,
  TooManyRequests,
} from './errors'
import { friendship } from './friendship'

const given = specFor(friendship)
const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const eve = '00000000-0000-4000-8000-00000000000e'
const friendshipId = friendshipIdOf(ann, bob)
const at = '2026-11-20T10:00:00.000Z'
const hoursLater = (hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString()
const alive = { otherUsername: 'bob', otherDeleted: false }

const sent = (from = ann, to = bob, inviteCount = 1, sentAt = at, invitationId: string | null = null) =>
  FriendRequestSent({ friendshipId, fromUserId: from, toUserId: to, inviteCount, sentAt, invitationId })
const accepted = (from = ann, to = bob, acceptedAt = at) =>
  FriendRequestAccepted({ friendshipId, fromUserId: from, toUserId: to, acceptedAt })
const declined = (declinedAt = at) =>
  FriendRequestDeclined({ friendshipId, fromUserId: ann, toUserId: bob, declinedAt })
const cancelled = (cancelledAt = at) =>
  FriendRequestCancelled({ friendshipId, fromUserId: ann, toUserId: bob, cancelledAt })

const ask = (from = ann, to = bob, when = at, other = alive) =>
  ({ type: 'SendFriendRequest', fromUserId: from, toUserId: to, invitationId: null, at: when, ...other }) as const
const accept = (userId = bob, other = alive) =>
  ({ type: 'AcceptFriendRequest', friendshipId, userId, at, ...other }) as const
const decline = (userId = bob) => ({ type: 'DeclineFriendRequest', friendshipId, userId, at, ...alive }) as const
const end = (userId: string) => ({ type: 'EndFriendship', friendshipId, userId, at, ...alive }) as const
const befriend = (other = alive) =>
  ({
    type: 'BefriendByInvitation',
    inviterUserId: ann,
    inviteeUserId: bob,
    invitationId: 'inv-1',
    at,
    ...other,
  }) as const

describe('friendship', () => {
  it('names the same pair whichever side asks', () => {
    const forward = friendshipIdOf(ann, bob)
    const backward = friendshipIdOf(bob, ann)
    if (forward !== backward) throw new Error(`${forward} differs from ${backward}`)
  })

  describe('asking', () => {
    it('sends a first request with inviteCount 1', () => given([]).when(ask()).then([sent()]))

    it('refuses a request to oneself', () =>
      given([]).when(ask(ann, ann)).thenThrows(FriendRequestToSelf, "You can't send a friend request to yourself."))

    it('refuses a request to a deleted account', () =>
      given([])
        .when(ask(ann, bob, at, { otherUsername: 'bob', otherDeleted: true }))
        .thenThrows(FriendAccountDeleted, 'This account has been deleted.'))

    it('refuses a second request while the first is pending', () =>
      given([sent()]).when(ask()).thenThrows(RequestAlreadyPending, 'A friend request to bob is already pending.'))

    it('sends a request of my own by name over one my email invitation made, which I am never shown', () =>
      given([sent(ann, bob, 1, at, 'inv-1')])
        .when(ask(ann, bob, hoursLater(1)))
        .then([sent(ann, bob, 2, hoursLater(1))]))

    it('refuses a second request by name over one by name that came after an invitation', () =>
      given([sent(ann, bob, 1, at, 'inv-1'), sent(ann, bob, 2, hoursLater(1))])
        .when(ask(ann, bob, hoursLater(2)))
        .thenThrows(RequestAlreadyPending, 'A friend request to bob is already pending.'))

    it('refuses a request between friends', () =>
      given([sent(), accepted()])
        .when(ask(bob, ann, at, { otherUsername: 'ann', otherDeleted: false }))
        .thenThrows(AlreadyFriends, 'You and ann are already friends.'))

    it('accepts their request when I ask someone who already asked me', () =>
      given([sent(ann, bob)])
        .when(ask(bob, ann, hoursLater(1)))
        .then([accepted(ann, bob, hoursLater(1))]))

    it('counts a new request after a decline as a re-invitation', () =>
      given([sent(), declined()])
        .when(ask(ann, bob, hoursLater(1)))
        .then([sent(ann, bob, 2, hoursLater(1))]))

    it('counts requests from either side of the pair', () =>
      given([sent(), cancelled()])
        .when(ask(bob, ann, hoursLater(1)))
        .then([sent(bob, ann, 2, hoursLater(1))]))

    const threeRequestsToday = () => [
      sent(),
      cancelled(),
      sent(ann, bob, 2, hoursLater(1)),
      declined(),
      sent(ann, bob, 3, hoursLater(2)),
      cancelled(),
    ]

    it('refuses a fourth request within a day', () =>
      given(threeRequestsToday())
        .when(ask(ann, bob, hoursLater(3)))
        .thenThrows(TooManyRequests, 'at most 3 friend requests a day'))

    it("does not count the other's requests against me: asked three times today, I may still ask", () =>
      given(threeRequestsToday())
        .when(ask(bob, ann, hoursLater(3), { otherUsername: 'ann', otherDeleted: false }))
        .then([sent(bob, ann, 4, hoursLater(3))]))

    it('counts my requests by name and by invitation alike, whoever answered them', () =>
      given([
        sent(ann, bob, 1, at, 'inv-1'),
        declined(),
        sent(bob, ann, 2, hoursLater(1)),
        FriendRequestDeclined({ friendshipId, fromUserId: bob, toUserId: ann, declinedAt: hoursLater(1) }),
        sent(ann, bob, 3, hoursLater(2)),
        cancelled(),
        sent(ann, bob, 4, hoursLater(3)),
        cancelled(),
      ])
        .when(ask(ann, bob, hoursLater(4)))
        .thenThrows(TooManyRequests, 'at most 3 friend requests a day'))

    it('allows a request again once a day has passed since the third', () =>
      given(threeRequestsToday())
        .when(ask(ann, bob, hoursLater(24.5)))
        .then([sent(ann, bob, 4, hoursLater(24.5))]))
  })

  describe('answering', () => {
    it('lets the recipient accept', () => given([sent()]).when(accept(bob)).then([accepted()]))

    it('lets the recipient decline', () => given([sent()]).when(decline(bob)).then([declined()]))

    it('refuses the sender accepting their own request', () =>
      given([sent()]).when(accept(ann)).thenThrows(OnlyRecipientAnswers))

    it('refuses the sender declining their own request', () =>
      given([sent()]).when(decline(ann)).thenThrows(OnlyRecipientAnswers))

    it('tells a stranger to the pair there is no such request', () =>
      given([sent()]).when(accept(eve)).thenThrows(NoSuchFriendRequest, 'No such friend request.'))

    it('refuses accepting when nothing was asked', () => given([]).when(accept(bob)).thenThrows(NoSuchFriendRequest))

    it('refuses accepting a request that was cancelled', () =>
      given([sent(), cancelled()]).when(accept(bob)).thenThrows(NoSuchFriendRequest))

    it('says "already been" accepted when accepting twice', () =>
      given([sent(), accepted()])
        .when(accept(bob))
        .thenThrows(RequestAlreadyAccepted, 'This friend request has already been accepted.'))

    it('refuses declining a friendship that was accepted', () =>
      given([sent(), accepted()]).when(decline(bob)).thenThrows(NoSuchFriendRequest))

    it('refuses accepting a request from an account deleted since', () =>
      given([sent()])
        .when(accept(bob, { otherUsername: 'ann', otherDeleted: true }))
        .thenThrows(FriendAccountDeleted))
  })

  describe('ending', () => {
    it('lets the sender cancel a pending request', () => given([sent()]).when(end(ann)).then([cancelled()]))

    it('tells the recipient of a pending request to decline it instead', () =>
      given([sent()]).when(end(bob)).thenThrows(RecipientMustDecline))

    it('lets either friend unfriend', () => {
      given([sent(), accepted()])
        .when(end(ann))
        .then([FriendRemoved({ friendshipId, byUserId: ann, otherUserId: bob, removedAt: at })])
      given([sent(), accepted()])
        .when(end(bob))
        .then([FriendRemoved({ friendshipId, byUserId: bob, otherUserId: ann, removedAt: at })])
    })

    it('tells a stranger there is no such friendship', () =>
      given([sent(), accepted()]).when(end(eve)).thenThrows(NoSuchFriendship, 'No such friendship.'))

    it('refuses ending what was already ended', () =>
      given([sent(), accepted(), FriendRemoved({ friendshipId, byUserId: ann, otherUserId: bob, removedAt: at })])
        .when(end(bob))
        .thenThrows(NoSuchFriendship))
  })

  describe('by invitation', () => {
    it('makes the inviter and the invitee friends at once when nothing was asked', () =>
      given([])
        .when(befriend())
        .then([sent(ann, bob, 1, at, 'inv-1'), accepted()]))

    it('accepts a pending request between them, whoever sent it', () =>
      given([sent(bob, ann)])
        .when(befriend())
        .then([accepted(bob, ann)]))

    it('says "already been" accepted between friends', () =>
      given([sent(), accepted()])
        .when(befriend())
        .thenThrows(RequestAlreadyAccepted, /already been/))

    it('refuses an inviter whose account was deleted', () =>
      given([])
        .when(befriend({ otherUsername: 'ann', otherDeleted: true }))
        .thenThrows(FriendAccountDeleted))
  })

  describe('who turned the other away (address recommendations are not delivered to them)', () => {
    const removed = (byUserId: string, otherUserId: string) =>
      FriendRemoved({ friendshipId, byUserId, otherUserId, removedAt: at })

    it('is the one who declined the request', () => expect(given([sent(), declined()]).state().turnedAwayBy).toBe(bob))

    it('stays after the one turned away asks again', () =>
      expect(given([sent(), declined(), sent(ann, bob, 2, hoursLater(1))]).state().turnedAwayBy).toBe(bob))

    it('is the one who ended the friendship', () =>
      expect(given([sent(), accepted(), removed(bob, ann)]).state().turnedAwayBy).toBe(bob))

    it('is nobody once they are friends again', () =>
      expect(given([sent(), declined(), sent(ann, bob, 2), accepted()]).state().turnedAwayBy).toBeNull())

    it('is nobody once the one who said no asks themselves', () =>
      expect(given([sent(), declined(), sent(bob, ann, 2)]).state().turnedAwayBy).toBeNull())

    it('is nobody after a request was only cancelled', () =>
      expect(given([sent(), cancelled()]).state().turnedAwayBy).toBeNull())
  })
})
