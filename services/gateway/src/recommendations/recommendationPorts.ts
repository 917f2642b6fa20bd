import type { RecommendationPorts } from '@reelmates/commands/recommendation/ports'
import { accountMembers } from '@reelmates/commands/friendship/members'
import { recommendationQueries } from '@reelmates/projections/recommendations/recommendationQueries'
import { invitedAddressQueries } from '@reelmates/projections/friends/invitedAddresses'
import { recordedTitle } from '../library/titleSnapshot'
import type { Platform } from '../platform'

/** The recommendation services' view of the platform: accounts, the read model, the catalog. */
export function recommendationPorts(platform: Platform): RecommendationPorts {
  const queries = recommendationQueries(platform.readStore)
  return {
    eventStore: platform.eventStore,
    members: accountMembers(platform.eventStore, platform.vault),
    senderOf: (recommendationId) => queries.senderOf(recommendationId),
    waitingAt: (email) => queries.waitingAt(email),
    recordedTitle: (ref) => recordedTitle(platform.catalog, ref),
    invitedAddresses: (senderUserId, email, since) =>
      invitedAddressQueries(platform.readStore).of(senderUserId, email, since),
    newId: platform.newId,
    now: platform.now,
  }
}
