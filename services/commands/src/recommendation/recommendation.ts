import {
  RecommendationAccepted,
  RecommendationClaimed,
  RecommendationDismissed,
  RecommendationEmailed,
  RecommendationRestored,
  RecommendationSent,
  RecommendationWatched,
  recommendationMessages as says,
  recommendationLifetimeDays,
  recommendationNote,
  recommendationsPerAddress,
  type RecommendationEvent,
  type RecommendationStatus,
} from '@reelmates/contracts/recommendations'
import { mediaKeyOf, type MediaType } from '@reelmates/contracts/media'
import type { Decider } from '../decider'
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
  TooManyToAddress,
} from './errors'

/** Everything one member has recommended: one stream per sender. */
export const recommendationsStreamId = (fromUserId: string) => `recommendations-${fromUserId}`

/** One recipient of a send, as the application service found them. */
export interface Recipient {
  recommendationId: string
  /** The member; null for an address that has no account. */
  toUserId: string | null
  /** The address typed (lower case), when sent by email. */
  toEmail: string | null
  /** How the messages name them: a username or the address. */
  name: string
  /** Whether the two are friends now (a recommendation by username needs it; by email it does not). */
  friend: boolean
  /**
   * The member behind the address typed declined the sender's friend request or ended their friendship
   * (and has not befriended or asked them since), as the friendship's stream says.
   */
  turnedAway: boolean
  /** A newcomer's sign-up link: the SHA-256 of its secret, and when it stops working. */
  tokenHash: string | null
  expiresAt: string | null
  /** The link's secret itself, which only the mail carries on (sealed in the event). */
  token: string | null
}

interface Title {
  tmdbId: number
  mediaType: MediaType
  mediaTitle: string
  mediaPosterPath: string | null
}

export type RecommendationCommand =
  | ({
      type: 'SendRecommendations'
      fromUserId: string
      note: string | null
      recipients: Recipient[]
      at: string
    } & Title)
  | { type: 'AcceptRecommendation'; recommendationId: string; userId: string; at: string }
  | { type: 'DismissRecommendation'; recommendationId: string; userId: string; at: string }
  | { type: 'RestoreRecommendation'; recommendationId: string; userId: string; at: string }
  | { type: 'RecordRecommendationEmailed'; recommendationId: string; at: string }
  | { type: 'ClaimRecommendation'; recommendationId: string; tokenHash: string; userId: string; at: string }
  /** Signed up through another link mailed to the same address (a friend invitation): it is theirs too. */
  | { type: 'ClaimRecommendationMailedTo'; recommendationId: string; email: string; userId: string; at: string }
  | {
      type: 'RecordRecommendedTitleWatched'
      recommendationId: string
      entryId: string
      rating: number | null
      watchedAt: string
    }

export interface RecommendationRecord extends Title {
  recommendationId: string
  fromUserId: string
  toUserId: string | null
  toEmail: string | null
  status: RecommendationStatus
  tokenHash: string | null
  expiresAt: string | null
  claimed: boolean
  emailed: boolean
  sentAt: string
  /** The diary entries already recorded against it, so a redelivered watch changes nothing. */
  watchedEntries: readonly string[]
}

export interface RecommendationsState {
  byId: Map<string, RecommendationRecord>
}

const initialState = (): RecommendationsState => ({ byId: new Map() })

function updated(
  state: RecommendationsState,
  id: string,
  change: (record: RecommendationRecord) => Partial<RecommendationRecord>,
): RecommendationsState {
  const record = state.byId.get(id)
  if (!record) return state
  return { byId: new Map(state.byId).set(id, { ...record, ...change(record) }) }
}

function evolve(state: RecommendationsState, event: RecommendationEvent): RecommendationsState {
  const id = event.data.recommendationId
  switch (event.type) {
    case 'RecommendationSent': {
      const { data } = event
      return {
        byId: new Map(state.byId).set(id, {
          recommendationId: id,
          fromUserId: data.fromUserId,
          toUserId: data.toUserId,
          // An erased sender's address reads back as null; nothing decides on it any more.
          toEmail: data.toEmail?.toLowerCase() ?? null,
          tmdbId: data.tmdbId,
          mediaType: data.mediaType,
          mediaTitle: data.mediaTitle,
          mediaPosterPath: data.mediaPosterPath,
          status: 'pending',
          tokenHash: data.tokenHash,
          expiresAt: data.expiresAt,
          claimed: false,
          emailed: false,
          sentAt: data.sentAt,
          watchedEntries: [],
        }),
      }
    }
    case 'RecommendationEmailed':
      return updated(state, id, () => ({ emailed: true }))
    case 'RecommendationClaimed':
      return updated(state, id, () => ({ toUserId: event.data.toUserId, claimed: true }))
    case 'RecommendationAccepted':
      return updated(state, id, () => ({ status: 'accepted' }))
    case 'RecommendationDismissed':
      return updated(state, id, () => ({ status: 'dismissed' }))
    case 'RecommendationRestored':
      return updated(state, id, () => ({ status: 'pending' }))
    case 'RecommendationWatched':
      return updated(state, id, (record) => ({
        status: 'watched',
        watchedEntries: [...record.watchedEntries, event.data.entryId],
      }))
  }
}

/**
 * The same recipient as the sender addressed them: an address matches what went to that address, a
 * name what went by name. An address of a member's matched to what went to their name (or the
 * reverse) was refused in the other's words ("…to bob, who has not answered yet"), telling the
 * sender whose address it is; the member may hold two of one title instead, one from each.
 */
const sameRecipient = (record: RecommendationRecord, recipient: Recipient) =>
  recipient.toEmail !== null
    ? record.toEmail === recipient.toEmail
    : record.toEmail === null && record.toUserId === recipient.toUserId

const aboutOf = (record: RecommendationRecord) => ({
  recommendationId: record.recommendationId,
  fromUserId: record.fromUserId,
  toUserId: record.toUserId,
  tmdbId: record.tmdbId,
  mediaType: record.mediaType,
  mediaTitle: record.mediaTitle,
  mediaPosterPath: record.mediaPosterPath,
})

/**
 * The recommendation as its recipient answers it. The sender is told they cannot answer it (403);
 * anyone else that there is no such recommendation, so an id tells a stranger nothing.
 */
function received(state: RecommendationsState, recommendationId: string, userId: string) {
  const record = state.byId.get(recommendationId)
  if (!record) throw new NoSuchRecommendation()
  if (record.toUserId !== userId) {
    if (record.fromUserId === userId) throw new OnlyRecipientAnswers()
    throw new NoSuchRecommendation()
  }
  return { record, about: { ...aboutOf(record), toUserId: userId } }
}

function checkedNote(note: string | null): string | null {
  const checked = recommendationNote.safeParse(note ?? '')
  if (!checked.success) throw new RecommendationNoteTooLong()
  return checked.data === '' ? null : checked.data
}

const windowMs = recommendationLifetimeDays * 24 * 60 * 60 * 1000

/** What this sender sent to this address in the last `recommendationLifetimeDays`, whatever became of it. */
function sentToAddressLately(state: RecommendationsState, toEmail: string, at: string): number {
  const since = Date.parse(at) - windowMs
  let count = 0
  for (const record of state.byId.values())
    if (record.toEmail === toEmail && Date.parse(record.sentAt) > since) count += 1
  return count
}

/**
 * What goes on the log for one recipient. An address whose member turned the sender away is recorded
 * as sent but reaches nobody: no account, no link (so no mail, no bell, no inbox), the same answer the
 * sender gets for any address. Refusing would tell the sender whose address it is and that they were
 * turned away; delivering would let them keep writing to someone who said no.
 */
function delivered(recipient: Recipient): Delivery {
  if (recipient.toEmail !== null && recipient.turnedAway)
    return { toUserId: null, tokenHash: null, expiresAt: null, token: null, withheld: true }
  return recipient
}

type Delivery = Pick<Recipient, 'toUserId' | 'tokenHash' | 'expiresAt' | 'token'> & { withheld?: true }

function decide(command: RecommendationCommand, state: RecommendationsState): RecommendationEvent[] {
  switch (command.type) {
    case 'SendRecommendations': {
      const note = checkedNote(command.note)
      if (command.recipients.length === 0) throw new NoRecipient()
      const key = mediaKeyOf(command)
      for (const recipient of command.recipients) {
        if (recipient.toUserId === command.fromUserId) throw new RecommendationToSelf()
        if (recipient.toEmail === null && !recipient.friend) throw new NotFriends(recipient.name)
        for (const record of state.byId.values())
          if (record.status === 'pending' && mediaKeyOf(record) === key && sameRecipient(record, recipient))
            throw new RecommendationAlreadyPending(recipient.name)
        if (
          recipient.toEmail !== null &&
          sentToAddressLately(state, recipient.toEmail, command.at) >= recommendationsPerAddress
        )
          throw new TooManyToAddress()
      }
      return command.recipients.map((recipient) => {
        const to = delivered(recipient)
        return RecommendationSent({
          recommendationId: recipient.recommendationId,
          fromUserId: command.fromUserId,
          toUserId: to.toUserId,
          toEmail: recipient.toEmail,
          tmdbId: command.tmdbId,
          mediaType: command.mediaType,
          mediaTitle: command.mediaTitle,
          mediaPosterPath: command.mediaPosterPath,
          note,
          tokenHash: to.tokenHash,
          expiresAt: to.expiresAt,
          sentAt: command.at,
          ...(to.token === null ? {} : { token: to.token }),
          ...(to.withheld ? { withheld: to.withheld } : {}),
        })
      })
    }
    case 'AcceptRecommendation': {
      const { record, about } = received(state, command.recommendationId, command.userId)
      if (record.status === 'accepted') throw new RecommendationAlreadyAnswered(says.alreadyAccepted)
      if (record.status === 'watched') throw new RecommendationAlreadyAnswered(says.alreadyWatched)
      // A dismissed one may still be taken: changing one's mind needs no undo first.
      return [RecommendationAccepted({ ...about, acceptedAt: command.at, ...byAddressOf(record) })]
    }
    case 'DismissRecommendation': {
      const { record, about } = received(state, command.recommendationId, command.userId)
      if (record.status !== 'pending') throw new RecommendationAlreadyAnswered()
      return [RecommendationDismissed({ ...about, dismissedAt: command.at })]
    }
    case 'RestoreRecommendation': {
      const { record, about } = received(state, command.recommendationId, command.userId)
      if (record.status !== 'dismissed') throw new RecommendationAlreadyAnswered(says.notDismissed)
      return [RecommendationRestored({ ...about, restoredAt: command.at })]
    }
    case 'RecordRecommendationEmailed': {
      const record = state.byId.get(command.recommendationId)
      if (!record) throw new NoSuchRecommendation()
      if (record.emailed) return []
      return [RecommendationEmailed({ ...aboutOf(record), emailedAt: command.at })]
    }
    case 'ClaimRecommendation': {
      const record = state.byId.get(command.recommendationId)
      if (!record || record.tokenHash === null || record.tokenHash !== command.tokenHash)
        throw new RecommendationTokenInvalid()
      return claimed(record, record.tokenHash, command)
    }
    case 'ClaimRecommendationMailedTo': {
      const record = state.byId.get(command.recommendationId)
      if (!record || record.tokenHash === null || record.toEmail === null) throw new RecommendationTokenInvalid()
      if (record.toEmail.toLowerCase() !== command.email.trim().toLowerCase()) throw new RecommendationTokenInvalid()
      return claimed(record, record.tokenHash, command)
    }
    case 'RecordRecommendedTitleWatched': {
      const record = state.byId.get(command.recommendationId)
      if (!record || record.toUserId === null) throw new NoSuchRecommendation()
      // One diary entry moves it once: a redelivered TitleWatched is recorded already.
      if (record.watchedEntries.includes(command.entryId)) return []
      return [
        RecommendationWatched({
          ...aboutOf(record),
          toUserId: record.toUserId,
          entryId: command.entryId,
          rating: command.rating,
          watchedAt: command.watchedAt,
          ...byAddressOf(record),
        }),
      ]
    }
  }
}

/** Marks an answer to a recommendation sent to an address, which must not name the recipient to its sender. */
const byAddressOf = (record: RecommendationRecord) => (record.toEmail === null ? {} : { byAddress: true as const })

export const recommendations: Decider<RecommendationCommand, RecommendationEvent, RecommendationsState> = {
  initialState,
  evolve,
  decide,
}

/** A recommendation mailed to an address becomes the account's that proved the address, once and in time. */
/** A sign-up link that may still be claimed at `at`; otherwise why not (used, expired). */
export function checkClaimable(record: Pick<RecommendationRecord, 'claimed' | 'expiresAt'>, at: string): void {
  if (record.claimed) throw new RecommendationTokenSpent(says.usedToken)
  if (record.expiresAt !== null && Date.parse(at) >= Date.parse(record.expiresAt))
    throw new RecommendationTokenSpent(says.expiredToken)
}

function claimed(
  record: RecommendationRecord,
  tokenHash: string,
  command: { userId: string; at: string },
): RecommendationEvent[] {
  checkClaimable(record, command.at)
  if (command.userId === record.fromUserId) throw new OwnRecommendationLink()
  return [
    RecommendationClaimed({
      ...aboutOf(record),
      toUserId: command.userId,
      tokenHash,
      claimedAt: command.at,
    }),
  ]
}
