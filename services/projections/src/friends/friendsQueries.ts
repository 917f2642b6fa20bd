import {
  friendshipIdOf,
  type FriendsAnswer,
  type FriendshipItem,
  type FriendshipState,
  type InvitationItem,
  type UserCard,
} from '@reelmates/contracts/friendships'
import type { Doc } from '@reelmates/infra/readStore/port'
import { defineQueries } from '../queries'
import { users as usersReadModel } from '../users/users'
import { userQueries } from '../users/userQueries'
import { emailKeyOf, friendInvitations, invitationsCollection } from './friendInvitations'
import { friendships as friendshipsReadModel, friendshipsCollection } from './friendships'
import { publicQueries } from './publicQueries'
import { watchedItems } from '../watched/watchedItems'
import { watchlistItems } from '../watchlist/watchlistItems'

/** One friendship document as the projector writes it. */
interface FriendshipDoc extends Doc {
  userId: string
  friendId: string
  status: 'pending' | 'accepted'
  inviteCount: number
  invitationId: string | null
  createdAt: string
  acceptedAt: string | null
}

export interface Relation {
  state: FriendshipState
  friendshipId: string | null
}

export interface FriendshipView {
  id: string
  user: UserCard
  status: 'pending' | 'accepted'
  direction: 'outgoing' | 'incoming'
  inviteCount: number
}

const otherOf = (doc: FriendshipDoc, me: string) => (doc.userId === me ? doc.friendId : doc.userId)

function stateOf(doc: FriendshipDoc | undefined, me: string): FriendshipState {
  if (!doc) return 'none'
  if (doc.status === 'accepted') return 'friends'
  return doc.userId === me ? 'outgoing' : 'incoming'
}

/**
 * How I stand with a member, as their profile and a search show it. A request my email invitation
 * made is none of those places' business: showing "Requested" beside the member would tell me whose
 * address I typed. It is listed as the invitation, and asking them by name sends a request of its own.
 */
function shownStateOf(doc: FriendshipDoc | undefined, me: string): FriendshipState {
  const state = stateOf(doc, me)
  return state === 'outgoing' && doc?.invitationId ? 'none' : state
}

const invitationItemOf = (doc: Doc): InvitationItem => ({
  id: doc._id,
  email: String(doc.inviteeEmail),
  sentAt: String(doc.sentAt),
  expiresAt: String(doc.invitationTokenExpiry),
  inviteCount: Number(doc.inviteCount),
})

/** The friendships and invitations read models, as the routes ask them. */
// Each friend's last watch comes from publicQueries, so its read models are read here too.
export const friendsQueries = defineQueries(
  [friendshipsReadModel, friendInvitations, usersReadModel, watchedItems, watchlistItems],
  (db) => {
    const friendships = () => db.collection<FriendshipDoc>(friendshipsCollection)
    const invitations = () => db.collection(invitationsCollection)
    const users = userQueries(db)
    const activity = publicQueries(db)
    const mine = (userId: string) => friendships().find({ users: userId })

    return {
      /** Everything `/friends` lists: friends, requests both ways, and invitations not yet taken up. */
      async overview(userId: string): Promise<FriendsAnswer> {
        const [docs, sent] = await Promise.all([
          mine(userId),
          invitations().find({ inviterUserId: userId, status: 'pending' }, { sort: { sentAt: -1 } }),
        ])
        const cards = await users.cards(docs.map((doc) => otherOf(doc, userId)))
        const answer: FriendsAnswer = { friends: [], incoming: [], outgoing: [], invitations: [] }
        const acceptedInvitations = new Set<string>()
        const friendIds = new Set<string>()
        for (const doc of docs) {
          const user = cards.get(otherOf(doc, userId))
          if (!user) continue
          const state = stateOf(doc, userId)
          if (state === 'friends' && doc.invitationId) acceptedInvitations.add(doc.invitationId)
          if (state === 'friends') friendIds.add(otherOf(doc, userId))
          // A request that came from an email invitation is listed as that invitation (by the address
          // the inviter typed) until it is accepted, so inviting by email never shows whose address it is.
          if (state === 'outgoing' && doc.invitationId) continue
          const item: FriendshipItem = {
            id: doc._id,
            user,
            since: state === 'friends' ? (doc.acceptedAt ?? doc.createdAt) : doc.createdAt,
            inviteCount: doc.inviteCount,
          }
          const list = state === 'friends' ? answer.friends : state === 'incoming' ? answer.incoming : answer.outgoing
          list.push(item)
        }
        const lastWatches = await activity.lastWatches(answer.friends.map((item) => item.user.id))
        for (const item of answer.friends) item.lastWatched = lastWatches.get(item.user.id) ?? null
        answer.friends.sort((a, b) => a.user.username.localeCompare(b.user.username))
        answer.incoming.sort((a, b) => b.since.localeCompare(a.since))
        answer.outgoing.sort((a, b) => b.since.localeCompare(a.since))
        // An invitation whose member became a friend some other way (they asked me, or I them by name)
        // waits for nothing any more.
        const takenUp = (doc: Doc) =>
          acceptedInvitations.has(doc._id) ||
          (typeof doc.inviteeUserId === 'string' && friendIds.has(doc.inviteeUserId))
        answer.invitations = sent.filter((doc) => !takenUp(doc)).map(invitationItemOf)
        return answer
      },

      /** How `userId` stands with `otherId`. */
      async relation(userId: string, otherId: string): Promise<Relation> {
        if (userId === otherId) return { state: 'self', friendshipId: null }
        const doc = await friendships().findOne({ _id: friendshipIdOf(userId, otherId) })
        const state = shownStateOf(doc ?? undefined, userId)
        return { state, friendshipId: state === 'none' ? null : (doc?._id ?? null) }
      },

      /** How `userId` stands with each of `otherIds`. */
      async relations(userId: string, otherIds: readonly string[]): Promise<Map<string, FriendshipState>> {
        const docs = await mine(userId)
        const byOther = new Map(docs.map((doc) => [otherOf(doc, userId), doc]))
        return new Map(
          otherIds.map((id) => [id, id === userId ? 'self' : shownStateOf(byOther.get(id), userId)] as const),
        )
      },

      /** One friendship as `userId` sees it, or null when there is none (or it is not theirs). */
      async view(friendshipId: string, userId: string): Promise<FriendshipView | null> {
        const doc = await friendships().findOne({ _id: friendshipId, users: userId })
        if (!doc) return null
        const user = (await users.cards([otherOf(doc, userId)])).get(otherOf(doc, userId))
        if (!user) return null
        return {
          id: doc._id,
          user,
          status: doc.status,
          direction: doc.userId === userId ? 'outgoing' : 'incoming',
          inviteCount: doc.inviteCount,
        }
      },

      async friendIds(userId: string): Promise<string[]> {
        const docs = await friendships().find({ users: userId, status: 'accepted' })
        return docs.map((doc) => (doc.users as string[]).find((id) => id !== userId) ?? '').filter(Boolean)
      },

      friendCount: (userId: string): Promise<number> =>
        friendships().countDocuments({ users: userId, status: 'accepted' }),

      /**
       * Every inviter's invitation to this address not yet taken up, for a sign-up with it to claim
       * (whether each is still open is the invitation's own rule).
       */
      // An arrow, so that it can be handed on as a port on its own.
      invitationsWaitingAt: async (email: string): Promise<{ invitationId: string; inviterUserId: string }[]> => {
        const docs = await invitations().find(
          { emailKey: emailKeyOf(email), status: 'pending' },
          { sort: { sentAt: 1 } },
        )
        return docs.map((doc) => ({ invitationId: doc._id, inviterUserId: String(doc.inviterUserId) }))
      },

      /** The invitation this inviter already sent to this address, to send it again; or null. */
      async invitationTo(inviterUserId: string, email: string): Promise<InvitationItem | null> {
        const doc = await invitations().findOne({ inviterUserId, emailKey: emailKeyOf(email) })
        return doc ? invitationItemOf(doc) : null
      },
    }
  },
)
export type FriendsQueries = ReturnType<typeof friendsQueries>
