import {
  FriendInvitationAccepted,
  FriendInvitationCancelled,
  FriendInvitationClaimed,
  FriendInvitationSent,
  friendshipMessages,
  invitesPerDay,
  type FriendInvitationEvent,
} from '@reelmates/contracts/friendships'
import type { Decider } from '../decider'
import {
  InvitationCancelled,
  InvitationForAnotherAccount,
  InvitationTokenExpired,
  InvitationTokenInvalid,
  InvitationTokenUsed,
  NoSuchInvitation,
  OwnInvitation,
  RequestAlreadyAccepted,
  TooManyRequests,
} from './errors'

/** One inviter's invitations to one address: every resend is on the same stream. */
export const invitationStreamId = (invitationId: string) => `invitation-${invitationId}`

const dayMs = 24 * 60 * 60 * 1000

export type InvitationCommand =
  | {
      type: 'SendFriendInvitation'
      invitationId: string
      inviterUserId: string
      inviteeEmail: string
      inviteeUserId: string | null
      tokenHash: string
      expiresAt: string
      at: string
      /** The link's secret, sealed in the event for the scheduler to mail. */
      token?: string
    }
  | { type: 'AcceptFriendInvitation'; invitationId: string; tokenHash: string; userId: string; at: string }
  | { type: 'CancelFriendInvitation'; invitationId: string; userId: string; at: string }
  /** The address signed up as `inviteeUserId`: the invitation goes to that member from now on. */
  | { type: 'ClaimFriendInvitation'; invitationId: string; inviteeUserId: string; at: string }

export interface InvitationState {
  inviterUserId: string | null
  inviteeUserId: string | null
  /** The address the links were mailed to (null once erased). */
  inviteeEmail: string | null
  inviteCount: number
  sentAt: string[]
  /** Every link mailed so far (a resend does not kill the earlier ones), by token hash. */
  expiresAt: Map<string, string>
  /** The links mailed before a cancellation: dead for good, even when the address is invited again. */
  cancelledTokenHashes: Set<string>
  acceptedBy: string | null
  usedTokenHash: string | null
}

const initialState = (): InvitationState => ({
  inviterUserId: null,
  inviteeUserId: null,
  inviteeEmail: null,
  inviteCount: 0,
  sentAt: [],
  expiresAt: new Map(),
  cancelledTokenHashes: new Set(),
  acceptedBy: null,
  usedTokenHash: null,
})

function evolve(state: InvitationState, event: FriendInvitationEvent): InvitationState {
  switch (event.type) {
    case 'FriendInvitationSent':
      return {
        ...state,
        inviterUserId: event.data.inviterUserId,
        inviteeUserId: event.data.inviteeUserId,
        inviteeEmail: event.data.inviteeEmail,
        inviteCount: event.data.inviteCount,
        sentAt: [...state.sentAt, event.data.sentAt],
        expiresAt: new Map(state.expiresAt).set(event.data.tokenHash, event.data.expiresAt),
      }
    case 'FriendInvitationAccepted':
      return { ...state, acceptedBy: event.data.acceptedByUserId, usedTokenHash: event.data.tokenHash }
    case 'FriendInvitationCancelled':
      return {
        ...state,
        expiresAt: new Map(),
        cancelledTokenHashes: new Set([...state.cancelledTokenHashes, ...state.expiresAt.keys()]),
      }
    case 'FriendInvitationClaimed':
      return { ...state, inviteeUserId: event.data.inviteeUserId }
  }
}

/** Not accepted, not cancelled, and at least one of its links still works at `at`. */
export function isOpen(state: InvitationState, at: string): boolean {
  if (state.inviterUserId === null || state.acceptedBy !== null) return false
  return [...state.expiresAt.values()].some((expiresAt) => Date.parse(at) < Date.parse(expiresAt))
}

/**
 * Whose invitation a link is, when it would still make friends at `at`; otherwise the refusal it
 * gets (cancelled, unknown, used, expired). `userId` is who holds it, when known: their own accepted
 * link says "already been accepted", not "used". The sign-up page asks this to name the inviter.
 */
export function inviterOfLink(state: InvitationState, tokenHash: string, at: string, userId?: string): string {
  if (state.cancelledTokenHashes.has(tokenHash)) throw new InvitationCancelled()
  const expiresAt = state.expiresAt.get(tokenHash)
  if (expiresAt === undefined || state.inviterUserId === null) throw new InvitationTokenInvalid()
  if (userId !== undefined && state.acceptedBy === userId) throw new RequestAlreadyAccepted()
  if (state.acceptedBy !== null) throw new InvitationTokenUsed()
  if (Date.parse(at) >= Date.parse(expiresAt)) throw new InvitationTokenExpired()
  return state.inviterUserId
}

function decide(command: InvitationCommand, state: InvitationState): FriendInvitationEvent[] {
  switch (command.type) {
    case 'SendFriendInvitation': {
      const { at } = command
      if (state.acceptedBy !== null) throw new RequestAlreadyAccepted()
      const now = Date.parse(at)
      if (state.sentAt.filter((sent) => now - Date.parse(sent) < dayMs).length >= invitesPerDay)
        throw new TooManyRequests(friendshipMessages.tooManyInvitations)
      return [
        FriendInvitationSent({
          invitationId: command.invitationId,
          inviterUserId: command.inviterUserId,
          inviteeEmail: command.inviteeEmail,
          inviteeUserId: command.inviteeUserId,
          tokenHash: command.tokenHash,
          expiresAt: command.expiresAt,
          sentAt: at,
          inviteCount: state.inviteCount + 1,
          ...(command.token === undefined ? {} : { token: command.token }),
        }),
      ]
    }
    case 'AcceptFriendInvitation': {
      const { tokenHash, userId, at } = command
      const inviterUserId = inviterOfLink(state, tokenHash, at, userId)
      if (userId === inviterUserId) throw new OwnInvitation()
      if (state.inviteeUserId !== null && state.inviteeUserId !== userId) throw new InvitationForAnotherAccount()
      return [
        FriendInvitationAccepted({
          invitationId: command.invitationId,
          inviterUserId,
          acceptedByUserId: userId,
          tokenHash,
          acceptedAt: at,
        }),
      ]
    }
    case 'CancelFriendInvitation': {
      if (state.inviterUserId === null || state.inviterUserId !== command.userId) throw new NoSuchInvitation()
      if (state.acceptedBy !== null) throw new RequestAlreadyAccepted()
      // Nothing left to cancel: asked twice, the second changes nothing.
      if (state.expiresAt.size === 0) return []
      return [
        FriendInvitationCancelled({
          invitationId: command.invitationId,
          inviterUserId: state.inviterUserId,
          cancelledAt: command.at,
        }),
      ]
    }
    case 'ClaimFriendInvitation': {
      const { invitationId, inviteeUserId, at } = command
      if (state.inviterUserId === null) throw new NoSuchInvitation()
      // Nothing to claim, said with no event rather than an error: the sign-up's reaction may run again,
      // and an invitation already someone's (a member it was sent to, or this newcomer the first time)
      // stays theirs. Closed or expired, it is left to end as it would have.
      if (!isOpen(state, at) || state.inviteeUserId !== null || inviteeUserId === state.inviterUserId) return []
      return [
        FriendInvitationClaimed({ invitationId, inviterUserId: state.inviterUserId, inviteeUserId, claimedAt: at }),
      ]
    }
  }
}

export const invitation: Decider<InvitationCommand, FriendInvitationEvent, InvitationState> = {
  initialState,
  evolve,
  decide,
}
