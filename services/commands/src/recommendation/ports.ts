import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Members } from '../friendship/members'

/** What the recommendation services need from the outside world, chosen by the gateway. */
export interface RecommendationPorts {
  eventStore: EventStore
  members: Members
  /** Which member sent this recommendation (read model: a fact that never changes once recorded). */
  senderOf(recommendationId: string): Promise<string | null>
  /** The recommendations mailed to an address that no account has claimed yet (read model). */
  waitingAt(email: string): Promise<{ recommendationId: string; fromUserId: string }[]>
  /** What the watchlist records of a title when it is added (catalog). */
  recordedTitle(ref: MediaRef): Promise<{ media: MediaSnapshot; streamingOn: number[] }>
  newId: () => string
  now: () => Date
}
