import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Members } from '../friendship/members'
import type { InvitedAddresses } from '../friendship/newAddresses'

/** What the recommendation services need from the outside world, chosen by the gateway. */
export interface RecommendationPorts {
  eventStore: EventStore
  members: Members
  /** Which member sent this recommendation (read model: a fact that never changes once recorded). */
  senderOf(recommendationId: string): Promise<string | null>
  /** The recommendations mailed to an address that no account has claimed yet (read model). */
  waitingAt(email: string): Promise<{ recommendationId: string; fromUserId: string }[]>
  /** Whether this sender mailed this address before, and how many new ones since `since` (read model). */
  invitedAddresses(senderUserId: string, email: string, since: string): Promise<InvitedAddresses>
  /** What the watchlist records of a title when it is added (catalog). */
  recordedTitle(ref: MediaRef): Promise<{ media: MediaSnapshot; streamingOn: number[] }>
  newId: () => string
  now: () => Date
}
