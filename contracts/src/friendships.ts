import { z } from 'zod'
import { email, username } from './account'
import { defineEvent, type EventOf } from './events'
import { linkOpener } from './mailedLinks'
import { mediaType } from './media'

/**
 * Friendships between two accounts, on one stream per pair: `friendship-<pairId>`, where the pair id
 * is the two user ids in sorted order joined by `_`, so both sides name the same stream.
 */
export const friendshipIdOf = (userA: string, userB: string): string => [userA, userB].sort().join('_')

const uuidPattern = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
export const friendshipId = z
  .string({ message: 'A friendship id is required' })
  .regex(new RegExp(`^${uuidPattern}_${uuidPattern}$`, 'i'), 'No such friendship.')

/** At most this many requests a day from one member to another, and mails a day to one address. */
export const invitesPerDay = 3
/**
 * At most this many addresses a member mails for the first time in 24 hours, friend invitations and
 * recommendations by email together: both mail the member's words to whoever owns the address.
 */
export const newAddressesPerDay = 20
/** Invitation and friend-request mail links last a week. */
export const invitationLifetimeDays = 7

export const friendshipMessages = {
  self: "You can't send a friend request to yourself.",
  unknownUser: (name: string) => `No user named ${name} was found.`,
  alreadyFriends: (name: string) => `You and ${name} are already friends.`,
  /** Inviting a friend's address: said without their name, which the address must not reveal. */
  alreadyFriendsAtAddress: "You're already friends with the person at this address.",
  alreadyPending: (name: string) => `A friend request to ${name} is already pending.`,
  tooManyRequests: `You can send at most ${invitesPerDay} friend requests a day to the same person.`,
  tooManyInvitations: `You can send at most ${invitesPerDay} invitations a day to the same address.`,
  tooManyNewAddresses: "You've emailed a lot of new people today. Try again tomorrow.",
  accountDeleted: 'This account has been deleted.',
  noSuchRequest: 'No such friend request.',
  noSuchFriendship: 'No such friendship.',
  onlyRecipientAccepts: 'Only the person who received this friend request can accept or decline it.',
  requestAccepted: (name: string) => `You and ${name} are now friends.`,
  /** Contains "already been": the accept-friend screen shows it as "Already friends" (spec §8). */
  alreadyAccepted: 'This friend request has already been accepted.',
  invalidToken: 'This invitation link is invalid.',
  expiredToken: 'This invitation link has expired. Ask your friend to send a new one.',
  usedToken: 'This invitation link was used before and can only be used once.',
  /** A friend-request link signs its addressee in: a new password or address since it was mailed ends that. */
  signInEndedByPassword:
    'This link stopped signing you in when your password was changed. Sign in with your password, then accept the request on your Friends page.',
  signInEndedByEmail:
    'This link was sent to your previous email address. Sign in with your password, then accept the request on your Friends page.',
  wrongAccount: 'This invitation was sent to another account.',
  ownInvitation: "You can't accept your own invitation.",
  noToken: 'No token provided. This link may be invalid or expired.',
  cancelledToken: 'This invitation was cancelled. Ask your friend to send a new one.',
  noSuchInvitation: 'No such invitation.',
  inviterLeft: 'The member who sent this invitation has left Reelmates.',
} as const

// ---- Events (stream `friendship-<pairId>`) ----

const pair = { friendshipId: z.string(), fromUserId: z.string(), toUserId: z.string() }

/** `inviteCount` counts every request this pair has seen, from either side (the spec's inviteCount). */
export const FriendRequestSent = defineEvent(
  'FriendRequestSent',
  z.object({
    ...pair,
    inviteCount: z.number().int().min(1),
    sentAt: z.string(),
    /** The email invitation it came from (a friend-request mail, or a sign-up link), if any. */
    invitationId: z.string().nullable(),
  }),
)
/** `toUserId` accepted `fromUserId`'s request: from now on they are friends. */
export const FriendRequestAccepted = defineEvent('FriendRequestAccepted', z.object({ ...pair, acceptedAt: z.string() }))
export const FriendRequestDeclined = defineEvent('FriendRequestDeclined', z.object({ ...pair, declinedAt: z.string() }))
/** The sender took the request back before it was answered. */
export const FriendRequestCancelled = defineEvent(
  'FriendRequestCancelled',
  z.object({ ...pair, cancelledAt: z.string() }),
)
/** `byUserId` ended the friendship with `otherUserId`. */
export const FriendRemoved = defineEvent(
  'FriendRemoved',
  z.object({ friendshipId: z.string(), byUserId: z.string(), otherUserId: z.string(), removedAt: z.string() }),
)

export type FriendshipEvent =
  | EventOf<typeof FriendRequestSent>
  | EventOf<typeof FriendRequestAccepted>
  | EventOf<typeof FriendRequestDeclined>
  | EventOf<typeof FriendRequestCancelled>
  | EventOf<typeof FriendRemoved>

// ---- Events (stream `invitation-<invitationId>`: one inviter, one address) ----
//
// The invitee's address is the inviter's personal data: sealed with the inviter's key, so deleting
// the inviter's account erases it. A link is checked by the SHA-256 of its token.

// The link's token goes sealed the same way, for the scheduler to mail (absent on older events, and on
// an invitation to a member the inviter already asked 3 times that day: nothing is mailed for it).
const personalInvitee = { subjectField: 'inviterUserId', fields: ['inviteeEmail', 'token'] } as const

export const FriendInvitationSent = defineEvent(
  'FriendInvitationSent',
  z.object({
    invitationId: z.string(),
    inviterUserId: z.string(),
    inviteeEmail: z.string().nullable(),
    /**
     * The member the address belonged to when it was sent, or null. They also got a friend request, except
     * when the inviter had asked them 3 times that day already (then no token: nothing was mailed).
     */
    inviteeUserId: z.string().nullable(),
    tokenHash: z.string(),
    expiresAt: z.string(),
    sentAt: z.string(),
    inviteCount: z.number().int().min(1),
    token: z.string().nullable().optional(),
  }),
  { personal: personalInvitee },
)
/** Someone signed up (or, signed in, opened the link) with the invitation: the two are friends. */
export const FriendInvitationAccepted = defineEvent(
  'FriendInvitationAccepted',
  z.object({
    invitationId: z.string(),
    inviterUserId: z.string(),
    acceptedByUserId: z.string(),
    tokenHash: z.string(),
    acceptedAt: z.string(),
  }),
)

/** The inviter took the invitation back: every link mailed for it so far stops working. */
export const FriendInvitationCancelled = defineEvent(
  'FriendInvitationCancelled',
  z.object({ invitationId: z.string(), inviterUserId: z.string(), cancelledAt: z.string() }),
)

/**
 * The address signed up: the invitation, still open, now goes to `inviteeUserId` as one sent to a member
 * would (a friend request from the inviter, with this invitation on it). Ids only: no address in it.
 */
export const FriendInvitationClaimed = defineEvent(
  'FriendInvitationClaimed',
  z.object({ invitationId: z.string(), inviterUserId: z.string(), inviteeUserId: z.string(), claimedAt: z.string() }),
)

export type FriendInvitationEvent =
  | EventOf<typeof FriendInvitationSent>
  | EventOf<typeof FriendInvitationAccepted>
  | EventOf<typeof FriendInvitationCancelled>
  | EventOf<typeof FriendInvitationClaimed>

// ---- API ----

/** `POST /api/friendships`: ask a member by username, or invite an address (member or not). */
export const friendRequest = z.union([z.object({ username }).strict(), z.object({ email }).strict()], {
  message: 'Give the username of the person to ask, or an email address to invite',
})
export type FriendRequest = z.infer<typeof friendRequest>

export const friendshipParams = z.object({ id: friendshipId })
export const invitationParams = z.object({ id: z.uuid(friendshipMessages.noSuchInvitation) })
export const acceptWithTokenQuery = z.object({
  token: z
    .string({ message: friendshipMessages.noToken })
    .trim()
    .min(1, friendshipMessages.noToken)
    .max(512, friendshipMessages.invalidToken),
})

/** Who sent an invitation link, as its holder sees it before signing up or in: never their email. */
export const invitationLinkAnswer = z.object({
  inviter: z.object({ username: z.string(), avatarUrl: z.string().nullable() }),
  /** Only to a member signed in: who they are to the link, before it is accepted for them. */
  opener: linkOpener.optional(),
})
export type InvitationLinkAnswer = z.infer<typeof invitationLinkAnswer>

/** Another member as anyone may see them: never their email. */
export const userCard = z.object({ id: z.string(), username: z.string(), avatarUrl: z.string().nullable() })
export type UserCard = z.infer<typeof userCard>

/** A friend's latest public watch, as the friends list shows it beside them. */
export const lastWatch = z.object({
  tmdbId: z.number(),
  mediaType,
  title: z.string(),
  posterPath: z.string().nullable(),
  watchedAt: z.string(),
  rating: z.number().int().nullable(),
})
export type LastWatch = z.infer<typeof lastWatch>

/**
 * One friend, or one request (incoming or outgoing); `since` is when it began (friends) or was sent.
 * `lastWatched` (friends only) is their latest public watch, or null.
 */
export const friendshipItem = z.object({
  id: z.string(),
  user: userCard,
  since: z.string(),
  inviteCount: z.number().int(),
  lastWatched: lastWatch.nullable().optional(),
})
export type FriendshipItem = z.infer<typeof friendshipItem>

/**
 * An invitation mailed to an address, not yet accepted; `email` is the address the inviter typed. It
 * is listed whether or not the address has an account, so the list never tells who is a member.
 */
export const invitationItem = z.object({
  id: z.string(),
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  inviteCount: z.number().int(),
})
export type InvitationItem = z.infer<typeof invitationItem>

export const friendsAnswer = z.object({
  friends: z.array(friendshipItem),
  incoming: z.array(friendshipItem),
  outgoing: z.array(friendshipItem),
  invitations: z.array(invitationItem),
})
export type FriendsAnswer = z.infer<typeof friendsAnswer>

export const friendshipStatus = z.enum(['pending', 'accepted'])

/** How the asker stands with another member. */
export const friendshipState = z.enum(['self', 'none', 'outgoing', 'incoming', 'friends'])
export type FriendshipState = z.infer<typeof friendshipState>

/** What one friendship is now, from the asker's side. */
export const friendshipAnswer = z.object({
  friendship: z.object({
    id: z.string(),
    user: userCard,
    status: friendshipStatus,
    /** `outgoing`: I asked them; `incoming`: they asked me. */
    direction: z.enum(['outgoing', 'incoming']),
    inviteCount: z.number().int(),
  }),
  position: z.string().optional(),
})

/**
 * An email invitation that was sent. Inviting a member's address also sends them a friend request,
 * but the answer is the same either way so that nobody learns from it whether an address has an account;
 * only the address of a member who asked the inviter first is answered with the friendship it makes.
 */
export const invitationAnswer = z.object({ invitation: invitationItem, position: z.string().optional() })

export const friendRequestAnswer = z.union([friendshipAnswer, invitationAnswer])
export type FriendRequestAnswer = z.infer<typeof friendRequestAnswer>

/** `GET /api/friendships/accept-with-token` (spec §7): `message` on success. */
export const acceptWithTokenAnswer = z.object({
  message: z.string(),
  friendshipId: z.string(),
  user: userCard,
  position: z.string().optional(),
})

/** The action a friend-request mail's token carries through `GET /api/auth/process-token`. */
export const acceptFriendshipAction = 'acceptFriendship'
/**
 * `actionData` of that action after process-token: the token is single-use, so process-token has
 * already accepted the request; the screen shows `message` (success) or `error` (as accept-with-token
 * would have said it) instead of spending the token a second time.
 */
export const acceptFriendshipActionData = z.object({
  friendshipId: z.string(),
  message: z.string().optional(),
  error: z.string().optional(),
})

/** `GET /api/users/search?q=` (typeahead on /friends): members whose username starts with `q`. */
export const userSearchQuery = z.object({
  q: z
    .string({ message: 'Type part of a username' })
    .trim()
    .min(1, 'Type part of a username')
    .max(50, 'A username is at most 50 characters: type part of one'),
})
export const userSearchAnswer = z.object({
  users: z.array(userCard.extend({ friendship: friendshipState })),
  /** More members' names start with `q` than `users` holds: typing more of the name narrows them. */
  more: z.boolean(),
})
export type UserSearchAnswer = z.infer<typeof userSearchAnswer>
