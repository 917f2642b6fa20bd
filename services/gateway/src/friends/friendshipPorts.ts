import type { FastifyRequest } from 'fastify'
import type { Asker, FriendshipPorts } from '@reelmates/commands/friendship/context'
import { accountMembers } from '@reelmates/commands/friendship/members'
import { friendsQueries } from '@reelmates/projections/friends/friendsQueries'
import { invitedAddressQueries } from '@reelmates/projections/friends/invitedAddresses'
import { currentUserId } from '../http/auth'
import type { Platform } from '../platform'

/** The friendship services' view of the platform: accounts, the invitations read model (mails are the scheduler's). */
export function friendshipPorts(platform: Platform): FriendshipPorts {
  const invitations = friendsQueries(platform.readStore)
  return {
    eventStore: platform.eventStore,
    members: accountMembers(platform.eventStore, platform.vault),
    invitationTo: async (inviterUserId, email) => (await invitations.invitationTo(inviterUserId, email))?.id ?? null,
    invitedAddresses: (senderUserId, email, since) =>
      invitedAddressQueries(platform.readStore).of(senderUserId, email, since),
    newId: platform.newId,
    now: platform.now,
  }
}

/** The signed-in user, asking within this request. */
export const askerOf = (request: FastifyRequest): Asker => ({
  userId: currentUserId(request),
  correlationId: request.id,
})
