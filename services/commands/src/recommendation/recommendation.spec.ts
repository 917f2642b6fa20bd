import { describe, it } from 'vitest'
import {
  RecommendationAccepted,
  RecommendationClaimed,
  RecommendationDismissed,
  RecommendationEmailed,
  RecommendationRestored,
  RecommendationSent,
  RecommendationWatched,
} from '@reelmates/contracts/recommendations'
import { specFor } from '../testing/givenWhenThen'
import {
  NoRecipient,
  NoSuchRecommendation,
  NotFriends,
  OnlyRecipientAnswers,
  OwnRecommendationLink,
  RecommendationAlreadyAnswered,
  RecommendationAlreadyPending,
  RecommendationNoteTooLong,
  RecommendationTokenInvalid,
  RecommendationTokenSpent,
  RecommendationToSelf,
} from './errors'
import { recommendations, type Recipient } from './recommendation'

const given = specFor(recommendations)
const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const eve = '00000000-0000-4000-8000-00000000000e'
const rec1 = '10000000-0000-4000-8000-000000000001'
const rec2 = '10000000-0000-4000-8000-000000000002'
const at = '2026-11-20T10:00:00.000Z'
const later = '2026-11-21T10:00:00.000Z'
const dune = { tmdbId: 438631, mediaType: 'movie' as const, mediaTitle: 'Dune', mediaPosterPath: '/dune.jpg' }
const about = (id = rec1, toUserId: string | null = bob) => ({
  recommendationId: id,
  fromUserId: ann,
  toUserId,
  ...dune,
})

const toBob = (id = rec1, friend = true): Recipient => ({
  recommendationId: id,
  toUserId: bob,
  toEmail: null,
  name: 'bob',
  friend,
  turnedAway: false,
  tokenHash: null,
  expiresAt: null,
  token: null,
})
const toNewcomer = (id = rec1): Recipient => ({
  recommendationId: id,
  toUserId: null,
  toEmail: 'new@example.com',
  name: 'new@example.com',
  friend: false,
  turnedAway: false,
  tokenHash: 'h1',
  expiresAt: '2026-12-20T10:00:00.000Z',
  token: 'secret-1',
})
const send = (recipients: Recipient[], note: string | null = 'You will love it') =>
  ({ type: 'SendRecommendations', fromUserId: ann, ...dune, note, recipients, at }) as const
const sent = (recipient: Recipient = toBob(), note: string | null = 'You will love it') =>
  RecommendationSent({
    ...about(recipient.recommendationId, recipient.toUserId),
    toEmail: recipient.toEmail,
    note,
    tokenHash: recipient.tokenHash,
    expiresAt: recipient.expiresAt,
    sentAt: at,
    ...(recipient.token === null ? {} : { token: recipient.token }),
  })
const answer = (type: 'AcceptRecommendation' | 'DismissRecommendation' | 'RestoreRecommendation', userId = bob) =>
  ({ type, recommendationId: rec1, userId, at: later }) as const
const accepted = () => RecommendationAccepted({ ...about(), toUserId: bob, acceptedAt: later })
const dismissed = () => RecommendationDismissed({ ...about(), toUserId: bob, dismissedAt: later })
const restored = () => RecommendationRestored({ ...about(), toUserId: bob, restoredAt: later })
const watch = (entryId = 'entry-1', rating: number | null = 9) =>
  ({ type: 'RecordRecommendedTitleWatched', recommendationId: rec1, entryId, rating, watchedAt: later }) as const
const watched = (entryId = 'entry-1', rating: number | null = 9) =>
  RecommendationWatched({ ...about(), toUserId: bob, entryId, rating, watchedAt: later })

describe('sending recommendations', () => {
  it('sends a title to a friend with a note', () =>
    given([])
      .when(send([toBob()]))
      .then([sent()]))

  it('sends one title to several friends at once, one recommendation each', () => {
    const toEve = { ...toBob(rec2), toUserId: eve, name: 'eve' }
    given([])
      .when(send([toBob(), toEve]))
      .then([sent(), sent(toEve)])
  })

  it('keeps an empty note as none', () =>
    given([])
      .when(send([toBob()], '   '))
      .then([sent(toBob(), null)]))

  it('refuses someone who is not a friend', () =>
    given([])
      .when(send([toBob(rec1, false)]))
      .thenThrows(NotFriends))

  it('refuses the whole send when one of the friends named is not a friend', () =>
    given([])
      .when(send([toBob(), { ...toBob(rec2, false), toUserId: eve, name: 'eve' }]))
      .thenThrows(NotFriends, /eve/))

  it('sends by email to an address without an account, no friendship needed', () =>
    given([])
      .when(send([toNewcomer()]))
      .then([sent(toNewcomer())]))

  it('refuses a note longer than 500 characters', () =>
    given([])
      .when(send([toBob()], 'x'.repeat(501)))
      .thenThrows(RecommendationNoteTooLong))

  it('counts a note in characters, not UTF-16 units: 260 👍 fit', () =>
    given([])
      .when(send([toBob()], '👍'.repeat(260)))
      .then([sent(toBob(), '👍'.repeat(260))]))

  it('refuses a note of 501 characters that are each two UTF-16 units', () =>
    given([])
      .when(send([toBob()], '👍'.repeat(501)))
      .thenThrows(RecommendationNoteTooLong))

  it('takes a note of exactly 500 characters', () =>
    given([])
      .when(send([toBob()], 'x'.repeat(500)))
      .then([sent(toBob(), 'x'.repeat(500))]))

  it('refuses a send with nobody to send it to', () => given([]).when(send([])).thenThrows(NoRecipient))

  it('refuses recommending to oneself', () =>
    given([])
      .when(send([{ ...toBob(), toUserId: ann, friend: true }]))
      .thenThrows(RecommendationToSelf))

  it('refuses the same title to the same person while one is still pending (409)', () =>
    given([sent()])
      .when(send([toBob(rec2)]))
      .thenThrows(RecommendationAlreadyPending, /bob/))

  it('refuses the same title to the same address while it is still pending', () =>
    given([sent(toNewcomer())])
      .when(send([toNewcomer(rec2)]))
      .thenThrows(RecommendationAlreadyPending))

  describe("to a member's address", () => {
    const toBobsAddress = (id = rec2): Recipient => ({
      ...toNewcomer(id),
      toUserId: bob,
      toEmail: 'bob@example.com',
      name: 'bob@example.com',
    })

    it('sends it though the member has it pending by name: refusing would say whose address it is', () =>
      given([sent()])
        .when(send([toBobsAddress()]))
        .then([sent(toBobsAddress())]))

    it('sends it by name though it is pending at their address', () =>
      given([sent(toBobsAddress(rec1))])
        .when(send([toBob(rec2)]))
        .then([sent(toBob(rec2))]))

    it('refuses it twice to the address, in the words the sender typed', () =>
      given([sent(toBobsAddress(rec1))])
        .when(send([toBobsAddress(rec2)]))
        .thenThrows(RecommendationAlreadyPending, /bob@example\.com/))
  })

  it('sends the same title again once the earlier one was answered', () =>
    given([sent(), dismissed()])
      .when(send([toBob(rec2)]))
      .then([sent(toBob(rec2))]))
})

describe('answering a recommendation', () => {
  it('accepts a pending recommendation', () => given([sent()]).when(answer('AcceptRecommendation')).then([accepted()]))

  it('refuses to accept twice', () =>
    given([sent(), accepted()]).when(answer('AcceptRecommendation')).thenThrows(RecommendationAlreadyAnswered))

  it('accepts one that was dismissed: a change of mind needs no undo first', () =>
    given([sent(), dismissed()]).when(answer('AcceptRecommendation')).then([accepted()]))

  it('dismisses a pending recommendation', () =>
    given([sent()]).when(answer('DismissRecommendation')).then([dismissed()]))

  it('refuses to dismiss one that was already answered', () =>
    given([sent(), accepted()]).when(answer('DismissRecommendation')).thenThrows(RecommendationAlreadyAnswered))

  it('restores a dismissed recommendation to pending', () =>
    given([sent(), dismissed()]).when(answer('RestoreRecommendation')).then([restored()]))

  it('after dismiss then restore, it can be accepted', () =>
    given([sent(), dismissed(), restored()]).when(answer('AcceptRecommendation')).then([accepted()]))

  it('restores only a dismissed recommendation', () =>
    given([sent()])
      .when(answer('RestoreRecommendation'))
      .thenThrows(RecommendationAlreadyAnswered, /dismissed/))

  it('tells the sender only the recipient answers (403)', () =>
    given([sent()]).when(answer('AcceptRecommendation', ann)).thenThrows(OnlyRecipientAnswers))

  it('tells anyone else there is no such recommendation', () =>
    given([sent()]).when(answer('DismissRecommendation', eve)).thenThrows(NoSuchRecommendation))

  it('refuses to answer a newcomer recommendation nobody has claimed', () =>
    given([sent(toNewcomer())])
      .when(answer('AcceptRecommendation'))
      .thenThrows(NoSuchRecommendation))
})

describe('watched', () => {
  it('moves a pending recommendation to watched, with the public rating', () =>
    given([sent()]).when(watch()).then([watched()]))

  it('moves a dismissed recommendation to watched too', () =>
    given([sent(), dismissed()])
      .when(watch('entry-1', null))
      .then([watched('entry-1', null)]))

  it('moves an accepted recommendation to watched', () => given([sent(), accepted()]).when(watch()).then([watched()]))

  it('records one diary entry once, so a redelivered watch changes nothing', () =>
    given([sent(), watched()]).when(watch()).thenNothingHappens())

  it('records a rewatch, with its own rating', () =>
    given([sent(), watched()])
      .when(watch('entry-2', 10))
      .then([watched('entry-2', 10)]))

  it('refuses to accept what was already watched', () =>
    given([sent(), watched()])
      .when(answer('AcceptRecommendation'))
      .thenThrows(RecommendationAlreadyAnswered, /watched/))
})

describe('a newcomer claims a recommendation by signing up', () => {
  const claim = (tokenHash = 'h1', when = later, userId = bob) =>
    ({ type: 'ClaimRecommendation', recommendationId: rec1, tokenHash, userId, at: when }) as const
  const claimed = () => RecommendationClaimed({ ...about(), toUserId: bob, tokenHash: 'h1', claimedAt: later })

  it('gives it to the new account', () =>
    given([sent(toNewcomer())])
      .when(claim())
      .then([claimed()]))

  it('lets the new account answer it afterwards, marked as sent to an address (its sender must not be told by whom)', () =>
    given([sent(toNewcomer()), claimed()])
      .when(answer('AcceptRecommendation'))
      .then([RecommendationAccepted({ ...accepted().data, byAddress: true })]))

  it('refuses a wrong token', () =>
    given([sent(toNewcomer())])
      .when(claim('nope'))
      .thenThrows(RecommendationTokenInvalid))

  it('refuses a token used before', () =>
    given([sent(toNewcomer()), claimed()])
      .when(claim('h1', later, eve))
      .thenThrows(RecommendationTokenSpent, /once/))

  it('refuses a token after 30 days', () =>
    given([sent(toNewcomer())])
      .when(claim('h1', '2026-12-20T10:00:00.000Z'))
      .thenThrows(RecommendationTokenSpent, /expired/))

  it('refuses its own sender, saying the link is for the person they sent it to', () =>
    given([sent(toNewcomer())])
      .when(claim('h1', later, ann))
      .thenThrows(OwnRecommendationLink, /your own recommendation/))
})

describe('a newcomer signs up through another link mailed to the same address', () => {
  const claimAt = (email: string, userId = bob) =>
    ({ type: 'ClaimRecommendationMailedTo', recommendationId: rec1, email, userId, at: later }) as const
  const claimed = () => RecommendationClaimed({ ...about(), toUserId: bob, tokenHash: 'h1', claimedAt: later })

  it('gives it to the new account, whatever the case of the address', () =>
    given([sent(toNewcomer())])
      .when(claimAt('New@Example.com'))
      .then([claimed()]))

  it('refuses another address', () =>
    given([sent(toNewcomer())])
      .when(claimAt('other@example.com'))
      .thenThrows(RecommendationTokenInvalid))

  it('refuses one claimed before', () =>
    given([sent(toNewcomer()), claimed()])
      .when(claimAt('new@example.com', eve))
      .thenThrows(RecommendationTokenSpent, /once/))

  it('refuses one sent to a member', () =>
    given([sent(toBob())])
      .when(claimAt('new@example.com'))
      .thenThrows(RecommendationTokenInvalid))
})

describe('the mail', () => {
  it('records the mail once', () =>
    given([sent()])
      .when({ type: 'RecordRecommendationEmailed', recommendationId: rec1, at })
      .then([RecommendationEmailed({ ...about(), emailedAt: at })]))

  it('records it only once', () =>
    given([sent(), RecommendationEmailed({ ...about(), emailedAt: at })])
      .when({ type: 'RecordRecommendationEmailed', recommendationId: rec1, at })
      .thenNothingHappens())
})
