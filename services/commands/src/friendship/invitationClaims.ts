import { friendshipIdOf } from '@reelmates/contracts/friendships'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { DomainError } from '../decider'
import { handleCommand, loadState, type CommandMetadata } from '../handleCommand'
import { friendship, friendshipStreamId } from './friendship'
import { invitation, invitationStreamId, isOpen } from './invitation'
import { readInvitationToken } from './invitationToken'
import type { Members } from './members'

export interface InvitationClaimPorts {
  eventStore: EventStore
  members: Members
  /** Every inviter's invitation to this address not yet taken up (read model, caught up with the sign-up). */
  invitationsWaitingAt(email: string): Promise<{ invitationId: string; inviterUserId: string }[]>
}

/** A new account, as `UserRegistered` recorded it. */
export interface SignUp {
  userId: string
  email: string
  registeredAt: string
  /** The invitation link it signed up through, if any: the gateway accepts that one itself. */
  invitationToken: string | null
}

/**
 * Whether a pair's stream ever carried a request made by this invitation. The friendship decider keeps
 * only the pending request's invitation, and a request the newcomer declined leaves none.
 */
async function everRequested(eventStore: EventStore, streamId: string, invitationId: string): Promise<boolean> {
  // FriendRequestSent has no personal field: the stored data reads as it was written.
  const recorded = await eventStore.readStream(streamId)
  return recorded.some((event) => event.type === 'FriendRequestSent' && event.data.invitationId === invitationId)
}

/**
 * An address signed up: every other invitation still open to it becomes what inviting a member's
 * address makes, a friend request from its inviter carrying the invitation, and the invitation names
 * the new member (the inviter's list shows the two as one, and cancelling it takes the request back).
 * No mail: the newcomer is in the app already, and the bell tells them. Skipped: the invitation they
 * signed up through (the gateway makes them friends with it), closed or expired ones, and those of an
 * inviter whose account has gone.
 *
 * When the two already ask or are friends (the newcomer asked first, or a recommendation mail's sign-up
 * made its sender's request), the invitation is only claimed: no second request, and no answering
 * theirs on their behalf; the overview drops it once they are friends.
 *
 * Safe to run again for one sign-up (the reactor may): the claim comes first and is recorded once, and
 * a request is made for a claimed invitation only if none ever was, so a declined one stays declined.
 */
export async function claimInvitationsAt(
  ports: InvitationClaimPorts,
  signUp: SignUp,
  metadata: CommandMetadata,
): Promise<void> {
  const { userId, email, registeredAt: at } = signUp
  const newcomer = await ports.members.byId(userId)
  if (!newcomer) return
  const spentOnSignUp = await invitationAcceptedOnSignUp(ports.eventStore, signUp)
  for (const { invitationId, inviterUserId } of await ports.invitationsWaitingAt(email)) {
    if (invitationId === spentOnSignUp) continue
    const inviter = await ports.members.byId(inviterUserId)
    if (!inviter || inviter.userId === userId) continue
    const claim = await handleCommand(ports.eventStore, {
      decider: invitation,
      streamId: invitationStreamId(invitationId),
      command: { type: 'ClaimFriendInvitation', invitationId, inviteeUserId: userId, at },
      metadata,
    })
    const claimedBefore = claim.decidedOn.inviteeUserId === userId && isOpen(claim.decidedOn, at)
    if (claim.events.length === 0 && !claimedBefore) continue

    const streamId = friendshipStreamId(friendshipIdOf(inviterUserId, userId))
    const pair = await loadState(ports.eventStore, friendship, streamId)
    if (pair.status !== 'none') continue
    if (await everRequested(ports.eventStore, streamId, invitationId)) continue
    try {
      await handleCommand(ports.eventStore, {
        decider: friendship,
        streamId,
        command: {
          type: 'SendFriendRequest',
          fromUserId: inviterUserId,
          toUserId: userId,
          invitationId,
          at,
          otherUsername: newcomer.username,
          otherDeleted: false,
        },
        metadata,
      })
    } catch (error) {
      // Refused as a request by name would be (asked back meanwhile, too many today): the claim stands.
      if (!(error instanceof DomainError)) throw error
    }
  }
}

/**
 * The invitation whose link the account signed up with, when that link makes them friends (the
 * gateway spends it in the same request): it is not claimed as well, whichever of the two runs first.
 */
async function invitationAcceptedOnSignUp(eventStore: EventStore, signUp: SignUp): Promise<string | null> {
  const parsed = signUp.invitationToken ? readInvitationToken(signUp.invitationToken) : null
  if (!parsed) return null
  const state = await loadState(eventStore, invitation, invitationStreamId(parsed.invitationId))
  try {
    invitation.decide(
      {
        type: 'AcceptFriendInvitation',
        invitationId: parsed.invitationId,
        tokenHash: parsed.tokenHash,
        userId: signUp.userId,
        at: signUp.registeredAt,
      },
      state,
    )
    return parsed.invitationId
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    // Already accepted by the gateway (it ran first): closed, so not claimed anyway.
    return state.acceptedBy === signUp.userId ? parsed.invitationId : null
  }
}
