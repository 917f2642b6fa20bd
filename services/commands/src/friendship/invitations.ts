import { createHash } from 'node:crypto'
import { friendshipIdOf, invitationLifetimeDays } from '@reelmates/contracts/friendships'
import { maskedAddress, sameAddress, type LinkOpener } from '@reelmates/contracts/mailedLinks'
import { DomainError } from '../decider'
import type { Asker, Changed, FriendshipPorts } from './context'
import { commandsFor } from './context'
import {
  AlreadyFriends,
  AlreadyFriendsAtAddress,
  FriendAccountDeleted,
  FriendRequestToSelf,
  InvitationForAnotherAccount,
  InvitationSignInEnded,
  InvitationTokenInvalid,
  InviterLeft,
  NoSuchInvitation,
  RequestAlreadyAccepted,
  TooManyRequests,
} from './errors'
import { counterpart, type FriendshipChange } from './friendRequests'
import { friendship, friendshipStreamId, type FriendshipCommand } from './friendship'
import { invitation, invitationStreamId, inviterOfLink, type InvitationState } from './invitation'
import { newInvitationToken, readInvitationToken } from './invitationToken'
import { loadState } from '../handleCommand'
import { accountStreamId } from '../account/account'
import { checkNewAddress, newAddressesSince } from './newAddresses'
import type { Member } from './members'

const lifetimeMs = invitationLifetimeDays * 24 * 60 * 60 * 1000

export type EmailInvitationResult =
  | ({ kind: 'invitation'; invitationId: string } & Changed)
  /** The address belongs to someone who had already asked me: asking back accepted them. */
  | ({ kind: 'friendship' } & FriendshipChange)

/**
 * The id of an inviter's `nth` invitation to an address, worked out from the three (a UUID, as the
 * routes take).
 */
export function invitationIdFor(inviterUserId: string, email: string, nth: number): string {
  const key = `${inviterUserId}\n${email.normalize('NFKC').trim().toLowerCase()}\n${nth}`
  const hex = createHash('sha256').update(key).digest('hex')
  // Version 8 (RFC 9562, "custom") and the RFC's variant bits.
  const variant = (8 | (Number.parseInt(hex.charAt(16), 16) & 3)).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Past this many cancelled invitations to one address, a new one gets an id made up as before. */
const derivedInvitations = 100

/**
 * The invitation to send when the read model knows of none: the first of the inviter's invitations to
 * the address, in the order of `invitationIdFor`, that is not closed (cancelled or accepted). The read
 * model finds an invitation only once it is projected, so two devices inviting one address at once
 * each made up an id and sent two invitations; now both find the same stream, and the second is a
 * resend. A cancelled invitation stays closed: inviting again starts the next one.
 */
async function openInvitationId(ports: FriendshipPorts, inviterUserId: string, email: string): Promise<string> {
  for (let nth = 0; nth < derivedInvitations; nth++) {
    const invitationId = invitationIdFor(inviterUserId, email, nth)
    const state = await loadState(ports.eventStore, invitation, invitationStreamId(invitationId))
    const closed = state.acceptedBy !== null || (state.inviterUserId !== null && state.expiresAt.size === 0)
    if (!closed) return invitationId
  }
  return ports.newId()
}

/**
 * Invite an address. A member's address gets a friend request and a mail whose link accepts it; any
 * other address gets a sign-up mail whose link makes the two friends once the account exists. Sending
 * to the same address again is a resend (same invitation, a new link, `inviteCount` + 1).
 */
export async function inviteByEmail(
  ports: FriendshipPorts,
  asker: Asker,
  email: string,
): Promise<EmailInvitationResult> {
  const inviter = await ports.members.byId(asker.userId)
  if (!inviter) throw new FriendAccountDeleted()
  const invitee = await ports.members.byEmail(email)
  if (invitee?.userId === inviter.userId) throw new FriendRequestToSelf()
  checkNewAddress(await ports.invitedAddresses(inviter.userId, email, newAddressesSince(ports.now())))
  const commands = commandsFor(ports, asker)
  const invitationId =
    (await ports.invitationTo(inviter.userId, email)) ?? (await openInvitationId(ports, inviter.userId, email))
  const friendshipId = invitee ? friendshipIdOf(inviter.userId, invitee.userId) : null

  let request: FriendshipCommand | null = null
  let mailed = true
  if (invitee && friendshipId) {
    const state = await loadState(ports.eventStore, friendship, friendshipStreamId(friendshipId))
    // Already asked by me: this is a resend of the mail, not another request.
    if (!(state.status === 'pending' && state.fromUserId === inviter.userId)) {
      request = {
        type: 'SendFriendRequest',
        fromUserId: inviter.userId,
        toUserId: invitee.userId,
        invitationId,
        at: commands.at(),
        otherUsername: invitee.username,
        otherDeleted: false,
      }
      if (state.status === 'pending') {
        await commands.run(friendship, friendshipStreamId(friendshipId), request)
        return { kind: 'friendship', friendshipId, other: invitee, status: 'accepted', position: commands.position() }
      }
      try {
        await commands.check(friendship, friendshipStreamId(friendshipId), request)
      } catch (error) {
        // Said without their name: typing an address must not tell whose account it is.
        if (error instanceof AlreadyFriends) throw new AlreadyFriendsAtAddress()
        if (!(error instanceof TooManyRequests)) throw error
        // I asked them 3 times today already. Refusing would tell me whose address this is, so the
        // invitation is answered and listed as any other; it makes no request and no mail goes out (no
        // token is sealed for the scheduler), so nothing more reaches them today. It counts against
        // the address's own 3 mails a day, as a mailed one would.
        request = null
        mailed = false
      }
    }
  }

  const { token, tokenHash } = newInvitationToken(invitationId)
  const at = ports.now()
  await commands.run(invitation, invitationStreamId(invitationId), {
    type: 'SendFriendInvitation',
    invitationId,
    inviterUserId: inviter.userId,
    inviteeEmail: email,
    inviteeUserId: invitee?.userId ?? null,
    tokenHash,
    expiresAt: new Date(at.getTime() + lifetimeMs).toISOString(),
    at: at.toISOString(),
    // Sealed in the event: the scheduler mails the friend request or the sign-up invitation.
    ...(mailed ? { token } : {}),
  })
  if (request && friendshipId) await commands.run(friendship, friendshipStreamId(friendshipId), request)
  return { kind: 'invitation', invitationId, position: commands.position() }
}

/**
 * Take an invitation back: its links stop working, and the friend request it made, when it went to a
 * member, is cancelled with it (the list shows the two as one). Refused, and nothing written, when
 * the two are already friends: there is nothing left to take back.
 */
export async function cancelInvitation(ports: FriendshipPorts, asker: Asker, invitationId: string): Promise<Changed> {
  const commands = commandsFor(ports, asker)
  const state = await loadState(ports.eventStore, invitation, invitationStreamId(invitationId))
  if (state.inviterUserId !== asker.userId) throw new NoSuchInvitation()
  const cancel = { type: 'CancelFriendInvitation', invitationId, userId: asker.userId, at: commands.at() } as const
  invitation.decide(cancel, state)
  let endRequest: Extract<FriendshipCommand, { type: 'EndFriendship' }> | null = null
  if (state.inviteeUserId !== null) {
    const friendshipId = friendshipIdOf(asker.userId, state.inviteeUserId)
    const pair = await loadState(ports.eventStore, friendship, friendshipStreamId(friendshipId))
    if (pair.status === 'accepted') throw new RequestAlreadyAccepted()
    // Only the request this invitation made: one I sent by username is listed, and cancelled, apart;
    // one they sent me since is theirs to withdraw or mine to answer.
    if (pair.status === 'pending' && pair.fromUserId === asker.userId && pair.invitationId === invitationId) {
      const { otherUsername, otherDeleted } = await counterpart(ports, state.inviteeUserId)
      endRequest = {
        type: 'EndFriendship',
        friendshipId,
        userId: asker.userId,
        at: commands.at(),
        otherUsername,
        otherDeleted,
      }
    }
  }
  await commands.run(invitation, invitationStreamId(invitationId), cancel)
  if (endRequest) await commands.run(friendship, friendshipStreamId(endRequest.friendshipId), endRequest)
  return { position: commands.position() }
}

export interface InvitationAccepted extends Changed {
  friendshipId: string
  inviter: Member
  /** Who accepted: the signed-in asker, or the member the invitation was mailed to. */
  userId: string
  /** The address the invitation was mailed to: whoever holds its link reads that mailbox. */
  inviteeEmail: string | null
}

/**
 * Spend an invitation link as `userId` and make them friends with the inviter. Refused before anything
 * is written when either the link (unknown, used, expired, someone else's) or the pair (already friends:
 * "already been accepted") says no. `lastCheck` is the caller's own refusal, asked after those, so that
 * a link dead for its own reasons says so first.
 */
export async function acceptInvitation(
  ports: FriendshipPorts,
  asker: Asker,
  token: string,
  lastCheck?: () => Promise<void>,
): Promise<InvitationAccepted> {
  const parsed = readInvitationToken(token)
  if (!parsed) throw new InvitationTokenInvalid()
  const { invitationId, tokenHash } = parsed
  const commands = commandsFor(ports, asker)
  const state = await loadState(ports.eventStore, invitation, invitationStreamId(invitationId))
  if (state.inviterUserId === null) throw new InvitationTokenInvalid()
  const accept = {
    type: 'AcceptFriendInvitation',
    invitationId,
    tokenHash,
    userId: asker.userId,
    at: commands.at(),
  } as const
  invitation.decide(accept, state)

  const { member: inviter, otherUsername, otherDeleted } = await counterpart(ports, state.inviterUserId)
  const friendshipId = friendshipIdOf(state.inviterUserId, asker.userId)
  const befriend = {
    type: 'BefriendByInvitation',
    inviterUserId: state.inviterUserId,
    inviteeUserId: asker.userId,
    invitationId,
    at: commands.at(),
    otherUsername,
    otherDeleted,
  } as const
  await commands.check(friendship, friendshipStreamId(friendshipId), befriend)
  if (!inviter) throw new FriendAccountDeleted()
  await lastCheck?.()

  await commands.run(invitation, invitationStreamId(invitationId), accept)
  await commands.run(friendship, friendshipStreamId(friendshipId), befriend)
  return {
    friendshipId,
    inviter,
    userId: asker.userId,
    inviteeEmail: state.inviteeEmail,
    position: commands.position(),
  }
}

/**
 * Who sent an invitation link, for the page it opens to name them: the name in the link's address is
 * anyone's to type, the token is not. Refused as accepting it would be (unknown, cancelled, used,
 * expired), or because its inviter has left; nothing is written.
 *
 * A member signed in (`openerId`) is refused as accepting would refuse them (already friends through
 * it, mailed to another member), and told who they are to it (`opener`), so the app asks before
 * accepting a link mailed to someone else's address, and whether they are the inviter's friends
 * already (nothing to accept). Its inviter is told so whatever became of it.
 */
export async function inviterOfInvitationLink(
  ports: FriendshipPorts,
  token: string,
  openerId?: string,
): Promise<{ inviter: Member; opener?: LinkOpener }> {
  const parsed = readInvitationToken(token)
  if (!parsed) throw new InvitationTokenInvalid()
  const state = await loadState(ports.eventStore, invitation, invitationStreamId(parsed.invitationId))
  const now = ports.now().toISOString()
  const sentTo = state.inviteeEmail === null ? null : maskedAddress(state.inviteeEmail)
  if (openerId !== undefined && openerId === state.inviterUserId && wasMailed(state, parsed.tokenHash)) {
    const inviter = await ports.members.byId(openerId)
    if (!inviter) throw new InvitationTokenInvalid()
    return { inviter, opener: { is: 'sender', sentTo, open: linkIsOpen(state, parsed.tokenHash, now), friends: false } }
  }
  const inviterUserId = inviterOfLink(state, parsed.tokenHash, now, openerId)
  if (openerId !== undefined && state.inviteeUserId !== null && state.inviteeUserId !== openerId)
    throw new InvitationForAnotherAccount()
  const inviter = await ports.members.byId(inviterUserId)
  if (!inviter) throw new InviterLeft()
  if (openerId === undefined) return { inviter }
  const [opener, pair] = await Promise.all([
    ports.members.byId(openerId),
    loadState(ports.eventStore, friendship, friendshipStreamId(friendshipIdOf(inviterUserId, openerId))),
  ])
  const addressee = state.inviteeUserId === openerId || sameAddress(opener?.email, state.inviteeEmail)
  const friends = pair.status === 'accepted'
  return { inviter, opener: { is: addressee ? 'addressee' : 'other', sentTo, open: true, friends } }
}

/** One of the invitation's links, whatever became of it since (used, expired, cancelled). */
const wasMailed = (state: InvitationState, tokenHash: string): boolean =>
  state.expiresAt.has(tokenHash) || state.cancelledTokenHashes.has(tokenHash) || state.usedTokenHash === tokenHash

const linkIsOpen = (state: InvitationState, tokenHash: string, at: string): boolean => {
  try {
    inviterOfLink(state, tokenHash, at)
    return true
  } catch (error) {
    if (error instanceof DomainError) return false
    throw error
  }
}

/**
 * The address an invitation link was mailed to, whatever became of the link (used, expired,
 * cancelled): holding it proves the mailbox, for a sign-up with that address. Null for a token that
 * was never mailed.
 */
export async function addressInvitedWith(ports: FriendshipPorts, token: string): Promise<string | null> {
  const parsed = readInvitationToken(token)
  if (!parsed) return null
  const state = await loadState(ports.eventStore, invitation, invitationStreamId(parsed.invitationId))
  const { tokenHash } = parsed
  return wasMailed(state, tokenHash) ? state.inviteeEmail : null
}

/**
 * Whether a friend-request link may still sign its addressee in: not once the password, or the address,
 * changed after the link was mailed (as sign-in and reset links end, `account.ts`). Compared by their
 * places in the log, so no clock decides it; a link no event mailed is left to the other checks.
 */
export async function refuseSignInEndedSinceMailed(
  ports: Pick<FriendshipPorts, 'eventStore'>,
  token: string,
  userId: string,
): Promise<void> {
  const parsed = readInvitationToken(token)
  if (!parsed) return
  const mailed = (await ports.eventStore.readStream(invitationStreamId(parsed.invitationId))).find(
    (event) => event.type === 'FriendInvitationSent' && event.data['tokenHash'] === parsed.tokenHash,
  )
  if (!mailed) return
  for (const event of await ports.eventStore.readStream(accountStreamId(userId))) {
    if (event.position <= mailed.position) continue
    if (event.type === 'PasswordChanged' || event.type === 'PasswordReset') throw new InvitationSignInEnded('password')
    if (event.type === 'EmailChanged') throw new InvitationSignInEnded('email')
  }
}

/**
 * The member a friend-request link was mailed to, for `process-token` to sign them in before accepting;
 * null when the token is not an invitation link or was mailed to an address without an account.
 */
export async function invitedMember(ports: FriendshipPorts, token: string): Promise<Member | null> {
  const parsed = readInvitationToken(token)
  if (!parsed) return null
  const state = await loadState(ports.eventStore, invitation, invitationStreamId(parsed.invitationId))
  return state.inviteeUserId ? ports.members.byId(state.inviteeUserId) : null
}
