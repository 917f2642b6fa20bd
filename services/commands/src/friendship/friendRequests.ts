import { friendshipIdOf } from '@reelmates/contracts/friendships'
import type { Asker, Changed, FriendshipPorts } from './context'
import { commandsFor } from './context'
import { loadState } from '../handleCommand'
import { NoSuchFriendship, UnknownUser } from './errors'
import { friendship, friendshipStreamId } from './friendship'
import type { Member } from './members'

export interface FriendshipChange extends Changed {
  friendshipId: string
  /** The other member; null when their account has been deleted since. */
  other: Member | null
  /** What the pair is after the change. */
  status: 'pending' | 'accepted' | 'none'
}

/** The two ids of a pair id, when `userId` is one of them; otherwise the pair is none of their business. */
function otherInPair(friendshipId: string, userId: string): string {
  const ids = friendshipId.toLowerCase().split('_')
  if (ids.length !== 2 || !ids.includes(userId)) throw new NoSuchFriendship()
  const other = ids.find((id) => id !== userId)
  if (!other) throw new NoSuchFriendship()
  return other
}

/** A deleted account's requests are refused by the decider, which needs a name for its messages. */
export async function counterpart(ports: FriendshipPorts, userId: string) {
  const member = await ports.members.byId(userId)
  return { member, otherUsername: member?.username ?? 'this member', otherDeleted: member === null }
}

/** Ask a member by username; asking someone who already asked me accepts their request. */
export async function requestByUsername(
  ports: FriendshipPorts,
  asker: Asker,
  username: string,
): Promise<FriendshipChange> {
  const other = await ports.members.byUsername(username)
  if (!other) throw new UnknownUser(username.trim())
  const commands = commandsFor(ports, asker)
  const friendshipId = friendshipIdOf(asker.userId, other.userId)
  const events = await commands.run(friendship, friendshipStreamId(friendshipId), {
    type: 'SendFriendRequest',
    fromUserId: asker.userId,
    toUserId: other.userId,
    invitationId: null,
    at: commands.at(),
    otherUsername: other.username,
    otherDeleted: false,
  })
  const status = events.some((event) => event.type === 'FriendRequestAccepted') ? 'accepted' : 'pending'
  return { friendshipId, other, status, position: commands.position() }
}

type Answer = 'AcceptFriendRequest' | 'DeclineFriendRequest' | 'EndFriendship'

/** Accept, decline, or end (cancel my request / unfriend) one friendship of the asker's. */
export async function answerFriendship(
  ports: FriendshipPorts,
  asker: Asker,
  friendshipId: string,
  type: Answer,
): Promise<FriendshipChange> {
  const otherId = otherInPair(friendshipId, asker.userId)
  const { member, otherUsername, otherDeleted } = await counterpart(ports, otherId)
  const commands = commandsFor(ports, asker)
  const id = friendshipIdOf(asker.userId, otherId)
  await commands.run(friendship, friendshipStreamId(id), {
    type,
    friendshipId: id,
    userId: asker.userId,
    at: commands.at(),
    otherUsername,
    otherDeleted,
  })
  return {
    friendshipId: id,
    other: member,
    status: type === 'AcceptFriendRequest' ? 'accepted' : 'none',
    position: commands.position(),
  }
}

/** One friendship as `userId` sees it, from its stream; null when there is none between them now. */
export interface FriendshipFromStream {
  id: string
  user: { id: string; username: string; avatarUrl: string | null }
  status: 'pending' | 'accepted'
  direction: 'outgoing' | 'incoming'
  inviteCount: number
}

/**
 * The stream, not a read model: what a change just did, even while the read models are behind it
 * (a change is never answered with an error because a projector is slow).
 */
export async function friendshipFromStream(
  ports: FriendshipPorts,
  friendshipId: string,
  userId: string,
): Promise<FriendshipFromStream | null> {
  const otherId = otherInPair(friendshipId, userId)
  const [state, other] = await Promise.all([
    loadState(ports.eventStore, friendship, friendshipStreamId(friendshipId)),
    ports.members.byId(otherId),
  ])
  if (state.status === 'none' || other === null) return null
  return {
    id: friendshipId,
    user: { id: other.userId, username: other.username, avatarUrl: other.avatarUrl },
    status: state.status,
    direction: state.fromUserId === userId ? 'outgoing' : 'incoming',
    inviteCount: state.inviteCount,
  }
}
