import { claimInvitationsAt } from '@reelmates/commands/friendship/invitationClaims'
import { accountMembers } from '@reelmates/commands/friendship/members'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { friendInvitations } from '@reelmates/projections/friends/friendInvitations'
import { friendsQueries } from '@reelmates/projections/friends/friendsQueries'
import { watchRemoteProjections } from '@reelmates/projections/remoteRunner'
import { z } from 'zod'
import { decryptedEvent } from '../notifications/decryptedEvent'
import type { Reaction } from '../reactor'

export const INVITATION_CLAIMS = 'invitation_claims'

/** The fields of a UserRegistered this reaction reads; the address is null once the account is erased. */
const signUp = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  invitationToken: z.string().nullable(),
  registeredAt: z.string(),
})

/** The invitations read model has not reached the sign-up yet: tried again (the reactor retries). */
class InvitationsBehind extends Error {
  override readonly name = 'InvitationsBehind'
}

/**
 * A sign-up claims the invitations other members sent to its address before it had an account: each
 * becomes their friend request to the newcomer (`claimInvitationsAt`). A reaction rather than a step
 * of the registration route, so that someone else's invitation can neither fail nor slow a sign-up,
 * and a failure is retried. Invitations are found in their read model once it has reached the sign-up,
 * so none sent before it is missed.
 */
export function invitationClaims(deps: {
  eventStore: EventStore
  vault: PersonalDataVault
  readStore: ReadStore
}): Reaction {
  const queries = friendsQueries(deps.readStore)
  const members = accountMembers(deps.eventStore, deps.vault)
  // Waits for the projector as campaignEntries does: a sign-up is in the log a moment before it is projected.
  const readModel = watchRemoteProjections({ readStore: deps.readStore, projectors: [friendInvitations] })
  return {
    name: INVITATION_CLAIMS,
    handles: ['UserRegistered'],
    async react(stored) {
      if (!(await readModel.waitForPosition(stored.position, 1_000))) throw new InvitationsBehind()
      // The address and the link are sealed in the stored event.
      const data = signUp.parse((await decryptedEvent(deps.eventStore, stored)).data)
      if (data.email === null) return
      await claimInvitationsAt(
        { eventStore: deps.eventStore, members, invitationsWaitingAt: queries.invitationsWaitingAt },
        { ...data, email: data.email },
        {
          correlationId: stored.metadata.correlationId,
          causationId: stored.id,
          actorId: data.userId,
          occurredAt: stored.metadata.occurredAt,
        },
      )
    },
  }
}
