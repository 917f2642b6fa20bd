import { z } from 'zod'
import { email, username } from './account'
import { defineEvent, type EventOf } from './events'
import { linkOpener } from './mailedLinks'
import { characterCount, shownOrNone } from './text'
import { mediaType, tmdbId } from './media'

/**
 * Recommendations between friends, on one stream per sender: `recommendations-<fromUserId>`. Every
 * recommendation a member sends lives there, so "the same title to the same person while one is still
 * pending" is a rule of one stream, and sending to several friends at once is one atomic append.
 */
export const recommendationNoteMax = 500
/** How many friends one send may name. */
export const recipientsMax = 20
/** A newcomer's sign-up link lasts this long. */
export const recommendationLifetimeDays = 30
/**
 * How many recommendations one sender may send to one address in `recommendationLifetimeDays`, whatever
 * became of them: an address reaches someone who never chose the sender (no friendship is needed), so
 * it must not be a channel for titles and notes without end. Counted the same for every address, or
 * the refusal would tell which ones have accounts.
 */
export const recommendationsPerAddress = 3

/** The id of a received recommendation's card on /recommendations, which the bell's line links to. */
export const recommendationAnchor = (recommendationId: string) => `rec-${recommendationId}`

export const recommendationStatus = z.enum(['pending', 'accepted', 'dismissed', 'watched'])
export type RecommendationStatus = z.infer<typeof recommendationStatus>

export const recommendationMessages = {
  noRecipient: 'Choose at least one friend, or type an email address.',
  self: "You can't recommend a title to yourself.",
  notFriends: (name: string) => `You can only recommend titles to friends, and ${name} is not your friend.`,
  unknownUser: (name: string) => `No user named ${name} was found.`,
  alreadyPending: (name: string) => `You already recommended this title to ${name}, who has not answered yet.`,
  tooManyToAddress: `One email address can get at most ${recommendationsPerAddress} recommendations from you in ${recommendationLifetimeDays} days. Friends get any number by username.`,
  noteTooLong: `A note can be at most ${recommendationNoteMax} characters`,
  notFound: 'No such recommendation.',
  onlyRecipient: 'Only the person this recommendation was sent to can answer it.',
  alreadyAccepted: 'You already accepted this recommendation.',
  alreadyWatched: 'You already watched this title.',
  notPending: 'This recommendation has already been answered.',
  notDismissed: 'Only a dismissed recommendation can be restored.',
  invalidToken: 'This recommendation link is invalid.',
  expiredToken: 'This recommendation link has expired.',
  usedToken: 'This recommendation link was used before and can only be used once.',
  ownLink: 'This is your own recommendation: its link is for the person you sent it to.',
  senderLeft: 'The member who sent this recommendation has left Reelmates.',
} as const

// ---- Events (stream `recommendations-<fromUserId>`) ----
//
// The note and the address typed are the sender's words: sealed with the sender's key, erased with
// their account. Everything a feed activity or a notification needs is on every event: both people,
// the title and its poster, and when.

const about = {
  recommendationId: z.string(),
  fromUserId: z.string(),
  /** The recipient; null while the recommendation waits for a newcomer to sign up. */
  toUserId: z.string().nullable(),
  tmdbId,
  mediaType,
  mediaTitle: z.string(),
  mediaPosterPath: z.string().nullable(),
}

export const RecommendationSent = defineEvent(
  'RecommendationSent',
  z.object({
    ...about,
    /** The address typed, when it was sent by email (to a member or a newcomer). */
    toEmail: z.string().nullable(),
    note: z.string().nullable(),
    /** SHA-256 of the newcomer's sign-up link secret; null when the recipient is a member. */
    tokenHash: z.string().nullable(),
    expiresAt: z.string().nullable(),
    sentAt: z.string(),
    /** The newcomer's link secret, sealed like the address, for the scheduler to mail (absent on older events). */
    token: z.string().nullable().optional(),
    /**
     * Set (true) when the address belongs to a member who turned the sender away (declined their friend
     * request, or ended the friendship): kept on the sender's Sent tab as sent, delivered to nobody
     * (`toUserId` null, no link), so the sender's answer is what any address gets.
     */
    withheld: z.literal(true).optional(),
  }),
  { personal: { subjectField: 'fromUserId', fields: ['toEmail', 'note', 'token'] } },
)
/** The mail about it went out (the spec's `emailSent`). */
export const RecommendationEmailed = defineEvent('RecommendationEmailed', z.object({ ...about, emailedAt: z.string() }))
/** A newcomer signed up through the mailed link: the recommendation is theirs now. */
export const RecommendationClaimed = defineEvent(
  'RecommendationClaimed',
  z.object({ ...about, toUserId: z.string(), tokenHash: z.string(), claimedAt: z.string() }),
)
/** The recipient took it: the title went onto their watchlist. */
/**
 * Set (true) on an answer to a recommendation sent to an address: its sender knows the address, never
 * the account behind it, so nothing told to them may name the recipient. Absent on answers recorded
 * before it was kept.
 */
const byAddress = { byAddress: z.literal(true).optional() }

export const RecommendationAccepted = defineEvent(
  'RecommendationAccepted',
  z.object({ ...about, toUserId: z.string(), acceptedAt: z.string(), ...byAddress }),
)
export const RecommendationDismissed = defineEvent(
  'RecommendationDismissed',
  z.object({ ...about, toUserId: z.string(), dismissedAt: z.string() }),
)
/** The recipient undid their dismissal: pending again. */
export const RecommendationRestored = defineEvent(
  'RecommendationRestored',
  z.object({ ...about, toUserId: z.string(), restoredAt: z.string() }),
)
/**
 * The recipient logged the title watched (their diary entry `entryId`), whatever the status was.
 * `rating` is theirs when the entry is public, else null.
 */
export const RecommendationWatched = defineEvent(
  'RecommendationWatched',
  z.object({
    ...about,
    toUserId: z.string(),
    entryId: z.string(),
    rating: z.number().int().nullable(),
    watchedAt: z.string(),
    ...byAddress,
  }),
)

export type RecommendationEvent =
  | EventOf<typeof RecommendationSent>
  | EventOf<typeof RecommendationEmailed>
  | EventOf<typeof RecommendationClaimed>
  | EventOf<typeof RecommendationAccepted>
  | EventOf<typeof RecommendationDismissed>
  | EventOf<typeof RecommendationRestored>
  | EventOf<typeof RecommendationWatched>

// ---- API ----

/**
 * The one rule for a note's length, for the API's schema and the decider alike (the form counts with
 * `characterCount`): `.max` counted UTF-16 units, so 260 👍 were "520 / 500" and refused.
 */
export const recommendationNote = z
  .string({ message: 'note must be text' })
  .trim()
  // A note that shows nothing is no note, as one of spaces is.
  .overwrite(shownOrNone)
  .refine((text) => characterCount(text) <= recommendationNoteMax, {
    message: recommendationMessages.noteTooLong,
  })
  // A refinement is code, which the document cannot show; JSON Schema counts code points too.
  .meta({ maxLength: recommendationNoteMax })

const note = recommendationNote

/** `POST /api/recommendations`: one title to one or more friends and/or an email address. */
export const recommendRequest = z
  .object({
    tmdbId,
    mediaType,
    toUsernames: z
      .array(username, { message: 'toUsernames must be a list of usernames' })
      .max(recipientsMax, `You can recommend a title to at most ${recipientsMax} friends at once`)
      .optional(),
    toEmail: email.optional(),
    note: note.nullish(),
  })
  .refine((body) => (body.toUsernames?.length ?? 0) > 0 || body.toEmail !== undefined, {
    message: recommendationMessages.noRecipient,
    path: ['toUsernames'],
  })
export type RecommendRequest = z.infer<typeof recommendRequest>

export const recommendationBox = z.enum(['received', 'sent'])
export const recommendationsQuery = z.object({ box: recommendationBox.default('received') })
export const recommendationParams = z.object({ id: z.uuid(recommendationMessages.notFound) })

export const recommendationItem = z.object({
  id: z.string(),
  from: z.object({ username: z.string() }),
  /** null while a newcomer has not signed up yet. */
  to: z.object({ username: z.string() }).nullable(),
  toEmail: z.string().nullable(),
  tmdbId: z.number(),
  mediaType,
  mediaTitle: z.string(),
  mediaPosterPath: z.string().nullable(),
  note: z.string().nullable(),
  status: recommendationStatus,
  /** The recipient's rating once watched, when their entry is public. */
  rating: z.number().int().nullable(),
  emailSent: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type RecommendationItem = z.infer<typeof recommendationItem>

export const recommendationsAnswer = z.object({ items: z.array(recommendationItem) })
export type RecommendationsAnswer = z.infer<typeof recommendationsAnswer>
export const recommendAnswer = z.object({
  recommendations: z.array(recommendationItem),
  position: z.string().optional(),
})
export type RecommendAnswer = z.infer<typeof recommendAnswer>
export const recommendationAnswer = z.object({ recommendation: recommendationItem, position: z.string().optional() })
export type RecommendationAnswer = z.infer<typeof recommendationAnswer>

/** What a member's profile says about their recommendations: how often friends took them, and the best one. */
/** `GET /api/recommendations/link?token=`: what a sign-up link recommends, and from whom. */
export const recommendationLinkQuery = z.object({
  token: z
    .string({ message: recommendationMessages.invalidToken })
    .trim()
    .min(1, recommendationMessages.invalidToken)
    .max(512, recommendationMessages.invalidToken),
})
export const recommendationLinkAnswer = z.object({
  from: z.string(),
  mediaTitle: z.string(),
  /** Only to a member signed in: who they are to the link, before it is claimed for them. */
  opener: linkOpener.optional(),
})
export type RecommendationLinkAnswer = z.infer<typeof recommendationLinkAnswer>

/**
 * `POST /api/recommendations/claim`: a member signed in from a recommendation mail's link (or already
 * signed in when they opened it) takes the recommendation into their inbox, as signing up would.
 */
export const recommendationClaimRequest = recommendationLinkQuery
export type RecommendationClaimRequest = z.infer<typeof recommendationClaimRequest>

/** Three stars out of five (ratings run 1–10): the least a best pick was rated. */
export const bestPickMinRating = 6

export const recommendationStats = z.object({
  sent: z.number().int(),
  /** Accepted or watched. */
  hits: z.number().int(),
  /** hits ÷ sent, from 0 to 1; null before the first one. */
  hitRate: z.number().nullable(),
  /**
   * The watched recommendation its recipient rated highest (publicly), or null; never one rated below
   * `bestPickMinRating` (a pick its recipient disliked is no best pick, however few there are).
   */
  bestPick: z
    .object({
      tmdbId: z.number(),
      mediaType,
      mediaTitle: z.string(),
      mediaPosterPath: z.string().nullable(),
      rating: z.number().int(),
      /** Who it went to: named only to the two of them (a recommendation is theirs alone), else null. */
      to: z.object({ username: z.string() }).nullable(),
    })
    .nullable(),
})
export type RecommendationStats = z.infer<typeof recommendationStats>
