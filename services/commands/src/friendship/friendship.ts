import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
  friendshipIdOf,
  invitesPerDay,
  type FriendshipEvent,
} from '@reelmates/contracts/friendships'
import type { Decider } from '../decider'
import {
  AlreadyFriends,
  FriendAccountDeleted,
  FriendRequestToSelf,
  NoSuchFriendRequest,
  NoSuchFriendship,
  OnlyRecipientAnswers,
  RecipientMustDecline,
  RequestAlreadyAccepted,
  RequestAlreadyPending,
  TooManyRequests,
} from './errors'

export const friendshipStreamId = (friendshipId: string) => `friendship-${friendshipId}`

const dayMs = 24 * 60 * 60 * 1000

/**
 * Looking up accounts is I/O, so the application service does it and the command carries the
 * outcome: `otherUsername` (for messages) and whether the other account is deleted.
 */
interface Other {
  otherUsername: string
  otherDeleted: boolean
}

export type FriendshipCommand =
  | ({
      type: 'SendFriendRequest'
      fromUserId: string
      toUserId: string
      invitationId: string | null
      at: string
    } & Other)
  | ({ type: 'AcceptFriendRequest'; friendshipId: string; userId: string; at: string } & Other)
  | ({ type: 'DeclineFriendRequest'; friendshipId: string; userId: string; at: string } & Other)
  /** DELETE: cancels my pending request, or unfriends. */
  | ({ type: 'EndFriendship'; friendshipId: string; userId: string; at: string } & Other)
  /** The invitee took up an email invitation: friends at once, whatever came before. */
  | ({
      type: 'BefriendByInvitation'
      inviterUserId: string
      inviteeUserId: string
      invitationId: string
      at: string
    } & Other)

export interface FriendshipState {
  status: 'none' | 'pending' | 'accepted'
  /** Who asked (pending), or whose request was accepted (accepted). */
  fromUserId: string | null
  toUserId: string | null
  inviteCount: number
  /**
   * Who sent each request and when, for the daily limit: each member's own requests count against them,
   * never the other's (someone asked three times today is not the one refused).
   */
  sent: { fromUserId: string; at: string }[]
  /** The email invitation the pending request came from, or null (asked by username). */
  invitationId: string | null
  /**
   * Who last said no to the other: declined their request or ended the friendship. Null again once they
   * are friends, or once that member asks the other themselves. Recommendations the other mails to
   * their address are not delivered meanwhile (recommendation.ts).
   */
  turnedAwayBy: string | null
}

const initialState = (): FriendshipState => ({
  status: 'none',
  fromUserId: null,
  toUserId: null,
  inviteCount: 0,
  sent: [],
  invitationId: null,
  turnedAwayBy: null,
})

function evolve(state: FriendshipState, event: FriendshipEvent): FriendshipState {
  switch (event.type) {
    case 'FriendRequestSent':
      return {
        status: 'pending',
        fromUserId: event.data.fromUserId,
        toUserId: event.data.toUserId,
        inviteCount: event.data.inviteCount,
        sent: [...state.sent, { fromUserId: event.data.fromUserId, at: event.data.sentAt }],
        invitationId: event.data.invitationId,
        turnedAwayBy: state.turnedAwayBy === event.data.fromUserId ? null : state.turnedAwayBy,
      }
    case 'FriendRequestAccepted':
      return { ...state, status: 'accepted', turnedAwayBy: null }
    case 'FriendRequestDeclined':
      return { ...state, status: 'none', fromUserId: null, toUserId: null, turnedAwayBy: event.data.toUserId }
    case 'FriendRemoved':
      return { ...state, status: 'none', fromUserId: null, toUserId: null, turnedAwayBy: event.data.byUserId }
    case 'FriendRequestCancelled':
      return { ...state, status: 'none', fromUserId: null, toUserId: null }
  }
}

const isParty = (state: FriendshipState, userId: string) => state.fromUserId === userId || state.toUserId === userId

function sentToday(state: FriendshipState, fromUserId: string, at: string): number {
  const now = Date.parse(at)
  return state.sent.filter((sent) => sent.fromUserId === fromUserId && now - Date.parse(sent.at) < dayMs).length
}

function decide(command: FriendshipCommand, state: FriendshipState): FriendshipEvent[] {
  switch (command.type) {
    case 'SendFriendRequest': {
      const { fromUserId, toUserId, at } = command
      if (fromUserId === toUserId) throw new FriendRequestToSelf()
      if (command.otherDeleted) throw new FriendAccountDeleted()
      const friendshipId = friendshipIdOf(fromUserId, toUserId)
      if (state.status === 'accepted') throw new AlreadyFriends(command.otherUsername)
      // A request my email invitation made is not shown to me beside the member (it would tell me whose
      // address I typed), so asking them by name sends one of my own: listed, and cancelled, apart.
      const askedByMe = state.status === 'pending' && state.fromUserId === fromUserId
      if (askedByMe && !(state.invitationId !== null && command.invitationId === null))
        throw new RequestAlreadyPending(command.otherUsername)
      // They asked me first: asking back is saying yes.
      if (state.status === 'pending' && !askedByMe)
        return [FriendRequestAccepted({ friendshipId, fromUserId: toUserId, toUserId: fromUserId, acceptedAt: at })]
      if (sentToday(state, fromUserId, at) >= invitesPerDay) throw new TooManyRequests()
      return [
        FriendRequestSent({
          friendshipId,
          fromUserId,
          toUserId,
          inviteCount: state.inviteCount + 1,
          sentAt: at,
          invitationId: command.invitationId,
        }),
      ]
    }
    case 'AcceptFriendRequest':
    case 'DeclineFriendRequest': {
      const { friendshipId, userId, at } = command
      if (!isParty(state, userId)) throw new NoSuchFriendRequest()
      if (state.status === 'accepted') {
        if (command.type === 'AcceptFriendRequest') throw new RequestAlreadyAccepted()
        throw new NoSuchFriendRequest()
      }
      if (state.toUserId !== userId) throw new OnlyRecipientAnswers()
      if (command.otherDeleted) throw new FriendAccountDeleted()
      const pair = { friendshipId, fromUserId: state.fromUserId ?? '', toUserId: userId }
      return command.type === 'AcceptFriendRequest'
        ? [FriendRequestAccepted({ ...pair, acceptedAt: at })]
        : [FriendRequestDeclined({ ...pair, declinedAt: at })]
    }
    case 'EndFriendship': {
      const { friendshipId, userId, at } = command
      if (!isParty(state, userId)) throw new NoSuchFriendship()
      if (state.status === 'accepted') {
        const otherUserId = state.fromUserId === userId ? (state.toUserId ?? '') : (state.fromUserId ?? '')
        return [FriendRemoved({ friendshipId, byUserId: userId, otherUserId, removedAt: at })]
      }
      if (state.fromUserId !== userId) throw new RecipientMustDecline()
      return [
        FriendRequestCancelled({ friendshipId, fromUserId: userId, toUserId: state.toUserId ?? '', cancelledAt: at }),
      ]
    }
    case 'BefriendByInvitation': {
      const { inviterUserId, inviteeUserId, invitationId, at } = command
      if (inviterUserId === inviteeUserId) throw new FriendRequestToSelf()
      if (command.otherDeleted) throw new FriendAccountDeleted()
      const friendshipId = friendshipIdOf(inviterUserId, inviteeUserId)
      if (state.status === 'accepted') throw new RequestAlreadyAccepted()
      if (state.status === 'pending') {
        const { fromUserId, toUserId } = state as { fromUserId: string; toUserId: string }
        return [FriendRequestAccepted({ friendshipId, fromUserId, toUserId, acceptedAt: at })]
      }
      // No request on the stream yet (the invitee had no account): the invitation was the request.
      return [
        FriendRequestSent({
          friendshipId,
          fromUserId: inviterUserId,
          toUserId: inviteeUserId,
          inviteCount: state.inviteCount + 1,
          sentAt: at,
          invitationId,
        }),
        FriendRequestAccepted({ friendshipId, fromUserId: inviterUserId, toUserId: inviteeUserId, acceptedAt: at }),
      ]
    }
  }
}

export const friendship: Decider<FriendshipCommand, FriendshipEvent, FriendshipState> = {
  initialState,
  evolve,
  decide,
}
