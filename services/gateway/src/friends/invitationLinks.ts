import type { FastifyRequest } from 'fastify'
import { DomainError } from '@reelmates/commands/decider'
import { InvitationTokenInvalid } from '@reelmates/commands/friendship/errors'
import {
  acceptInvitation,
  addressInvitedWith,
  invitedMember,
  refuseSignInEndedSinceMailed,
} from '@reelmates/commands/friendship/invitations'
import { readInvitationToken } from '@reelmates/commands/friendship/invitationToken'
import { acceptFriendshipAction, friendshipMessages } from '@reelmates/contracts/friendships'
import { endUserSession, refuseSuspended, startUserSession } from '../http/auth'
import { withPosition } from '../http/execute'
import { readUser } from '../account/userDocument'
import { friendshipPorts } from './friendshipPorts'

export const isInvitationToken = (token: string): boolean => readInvitationToken(token) !== null

/**
 * `process-token` with a friend-request link (spec §4, signed out): the link was mailed to a member,
 * so it signs them in, and, being single-use, accepts the request in the same step. The answer says
 * so (`action: acceptFriendship`, `actionData.message`), and the screen must not spend the link again.
 * A refused link signs nobody in and changes nothing.
 */
export async function signInWithInvitation(request: FastifyRequest, token: string) {
  const platform = request.server.platform
  const ports = friendshipPorts(platform)
  const member = await invitedMember(ports, token)
  if (!member) throw new InvitationTokenInvalid()
  // Refused before the link is spent: a suspended member neither signs in nor becomes a friend, and
  // the link still works once they are restored (as a sign-in link does).
  await refuseSuspended(request, member.userId)
  // Nor does a link mailed before a new password or address: it neither signs in nor accepts, and the
  // request waits on the Friends page for a sign-in with the password. Asked last, so that a link used,
  // cancelled or expired says that, not that a request waits.
  const accepted = await acceptInvitation(ports, { userId: member.userId, correlationId: request.id }, token, () =>
    refuseSignInEndedSinceMailed(ports, token, member.userId),
  )
  await startUserSession(request, { id: member.userId, role: member.role })
  const user = await readUser(platform, member.userId, accepted.position)
  if (!user) {
    // Deleted on another device as the link was used: there is nobody to sign in (nor a friendship).
    await endUserSession(request)
    throw new InvitationTokenInvalid()
  }
  const actionData = {
    friendshipId: accepted.friendshipId,
    message: friendshipMessages.requestAccepted(accepted.inviter.username),
  }
  return withPosition({ success: true as const, user, action: acceptFriendshipAction, actionData }, accepted.position)
}

/**
 * Sign-up with an invitation (`invitationToken`): the new account and the inviter become friends.
 * The account exists whatever happens to the invitation, so a refused link (expired, used) is only
 * logged. Answers the position reached (null when no friendship was made) and the address the
 * invitation was mailed to, or null for a token never mailed.
 */
export async function acceptInvitationOnSignUp(
  request: FastifyRequest,
  userId: string,
  token: string,
): Promise<{ position: bigint | null; inviteeEmail: string | null } | null> {
  const ports = friendshipPorts(request.server.platform)
  try {
    const accepted = await acceptInvitation(ports, { userId, correlationId: request.id }, token)
    return { position: accepted.position, inviteeEmail: accepted.inviteeEmail }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    request.log.info({ reason: error.message }, 'sign-up invitation not accepted')
    // Not accepted (used, expired, cancelled), the link still proves whose mailbox its address is.
    return { position: null, inviteeEmail: await addressInvitedWith(ports, token) }
  }
}
