import { FriendRequestAccepted, FriendRequestSent, friendshipIdOf } from '@reelmates/contracts/friendships'
import { friendships } from '../friends/friendships'
import type { ProjectorDb } from '../projector'
import { seedEvent } from './seedEvent'

/**
 * Makes each of these members friends with every other, straight into the friendships read model and
 * its circles: for specs of what a member may open only while they are the owner's friend (the bell's
 * lines about an activity).
 */
export async function seedFriends(db: ProjectorDb, members: readonly string[]): Promise<void> {
  await friendships.setup?.(db)
  const at = '2026-01-01T00:00:00.000Z'
  let position = 0
  for (const [index, from] of members.entries()) {
    for (const to of members.slice(index + 1)) {
      const friendshipId = friendshipIdOf(from, to)
      const streamId = `friendship-${friendshipId}`
      const sent = FriendRequestSent({
        friendshipId,
        fromUserId: from,
        toUserId: to,
        inviteCount: 1,
        sentAt: at,
        invitationId: null,
      })
      await seedEvent(friendships, db, sent, {
        id: `seed-sent-${friendshipId}`,
        streamId,
        position: (position += 1),
        at,
      })
      const accepted = FriendRequestAccepted({ friendshipId, fromUserId: from, toUserId: to, acceptedAt: at })
      await seedEvent(friendships, db, accepted, {
        id: `seed-accepted-${friendshipId}`,
        streamId,
        revision: 1,
        position: (position += 1),
        at,
      })
    }
  }
}
