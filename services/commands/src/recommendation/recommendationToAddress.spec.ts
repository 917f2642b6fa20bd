import { describe, it } from 'vitest'
import { RecommendationDismissed, RecommendationSent } from '@reelmates/contracts/recommendations'
import { specFor } from '../testing/givenWhenThen'
import { RecommendationAlreadyPending, TooManyToAddress } from './errors'
import { recommendations, type Recipient } from './recommendation'

/** Recommendations by email address: anyone's address may be typed, so what reaches it is bounded. */
const given = specFor(recommendations)
const ann = '00000000-0000-4000-8000-00000000000a'
const dan = '00000000-0000-4000-8000-00000000000d'
const at = '2026-11-20T10:00:00.000Z'
const daysLater = (days: number) => new Date(Date.parse(at) + days * 86_400_000).toISOString()
const title = (tmdbId: number) => ({
  tmdbId,
  mediaType: 'movie' as const,
  mediaTitle: `Title ${tmdbId}`,
  mediaPosterPath: null,
})
const address = 'dan@example.com'

/** Dan's address (a member), as the application service found it. */
const toDan = (id: string, turnedAway = false): Recipient => ({
  recommendationId: id,
  toUserId: dan,
  toEmail: address,
  name: address,
  friend: true,
  turnedAway,
  tokenHash: null,
  expiresAt: null,
  token: null,
})
/** The same address when it has no account. */
const toNewcomer = (id: string): Recipient => ({
  ...toDan(id),
  toUserId: null,
  friend: false,
  tokenHash: `hash-${id}`,
  expiresAt: daysLater(30),
  token: `secret-${id}`,
})
const send = (recipient: Recipient, tmdbId: number, when = at) => ({
  type: 'SendRecommendations' as const,
  fromUserId: ann,
  ...title(tmdbId),
  note: 'Hi',
  recipients: [recipient],
  at: when,
})
const sent = (recipient: Recipient, tmdbId: number, when = at) =>
  RecommendationSent({
    recommendationId: recipient.recommendationId,
    fromUserId: ann,
    toUserId: recipient.toUserId,
    ...title(tmdbId),
    toEmail: recipient.toEmail,
    note: 'Hi',
    tokenHash: recipient.tokenHash,
    expiresAt: recipient.expiresAt,
    sentAt: when,
    ...(recipient.token === null ? {} : { token: recipient.token }),
  })
const threeTo = (to: (id: string) => Recipient, when = at) => [
  sent(to('r1'), 1, when),
  sent(to('r2'), 2, when),
  sent(to('r3'), 3, when),
]

describe('recommendations to an address', () => {
  describe('at most three to one address in 30 days', () => {
    it('sends the third', () =>
      given(threeTo(toDan).slice(0, 2))
        .when(send(toDan('r3'), 3))
        .then([sent(toDan('r3'), 3)]))

    it('refuses a fourth title to a member’s address', () =>
      given(threeTo(toDan))
        .when(send(toDan('r4'), 4))
        .thenThrows(TooManyToAddress, /at most 3 recommendations/))

    it('refuses it alike to an address without an account, so the refusal tells nothing', () =>
      given(threeTo(toNewcomer))
        .when(send(toNewcomer('r4'), 4))
        .thenThrows(TooManyToAddress))

    it('counts what the recipient dismissed: dismissing must not invite more', () =>
      given([
        ...threeTo(toDan),
        RecommendationDismissed({
          recommendationId: 'r1',
          fromUserId: ann,
          toUserId: dan,
          ...title(1),
          dismissedAt: daysLater(1),
        }),
      ])
        .when(send(toDan('r4'), 4, daysLater(1)))
        .thenThrows(TooManyToAddress))

    it('sends again once the oldest is 30 days old', () =>
      given(threeTo(toDan))
        .when(send(toDan('r4'), 4, daysLater(30)))
        .then([sent(toDan('r4'), 4, daysLater(30))]))

    it('still says "already recommended" for the same title first', () =>
      given(threeTo(toDan))
        .when(send(toDan('r4'), 1))
        .thenThrows(RecommendationAlreadyPending))
  })

  describe('to a member who turned the sender away', () => {
    const withheld = (id: string, tmdbId: number) =>
      RecommendationSent({
        recommendationId: id,
        fromUserId: ann,
        toUserId: null,
        ...title(tmdbId),
        toEmail: address,
        note: 'Hi',
        tokenHash: null,
        expiresAt: null,
        sentAt: at,
        withheld: true,
      })

    it('is recorded as sent but reaches nobody: no account, no link to mail', () =>
      given([])
        .when(send(toDan('r1', true), 1))
        .then([withheld('r1', 1)]))

    it('counts towards the three, like any other', () =>
      given([withheld('r1', 1), withheld('r2', 2), withheld('r3', 3)])
        .when(send(toDan('r4', true), 4))
        .thenThrows(TooManyToAddress))
  })
})
