import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { Member, Members } from '../friendship/members'

/** What a recommendation mail says about the title and why. */
export interface RecommendedTitle extends MediaRef {
  mediaTitle: string
  mediaPosterPath: string | null
  note: string | null
}

/** The mails recommendations send; the gateway writes them (text and HTML) and links them. */
export interface RecommendationMails {
  /** To a member (named or by address): the recommendation is in their inbox. */
  toMember(to: Member, from: Member, title: RecommendedTitle): Promise<void>
  /** To an address with no account: sign up through the link and find it waiting. */
  toNewcomer(toEmail: string, from: Member, title: RecommendedTitle, token: string): Promise<void>
}

/** What the recommendation services need from the outside world, chosen by the gateway. */
export interface RecommendationPorts {
  eventStore: EventStore
  members: Members
  mails: RecommendationMails
  /** Which member sent this recommendation (read model: a fact that never changes once recorded). */
  senderOf(recommendationId: string): Promise<string | null>
  /** What the watchlist records of a title when it is added (catalog). */
  recordedTitle(ref: MediaRef): Promise<{ media: MediaSnapshot; streamingOn: number[] }>
  newId: () => string
  now: () => Date
}
