import { AccountDeleted } from '@reelmates/contracts/account'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
} from '@reelmates/contracts/friendships'
import type { Doc } from '@reelmates/infra/readStore/port'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

export const friendshipsCollection = 'friendships'
/**
 * One document per member with friends, or who had some: `{ _id: userId, friends: [their friends' ids],
 * formerFriends: [the ids of those they were friends with until one of the two ended it] }`.
 */
export const friendCirclesCollection = 'friend_circles'
const revisions = 'friendships_revisions'
const handles = [
  FriendRequestSent,
  FriendRequestAccepted,
  FriendRequestDeclined,
  FriendRequestCancelled,
  FriendRemoved,
  AccountDeleted,
] as const

export interface FriendCircleDoc extends Doc {
  _id: string
  friends: string[]
  /** Friends until one of the two ended it, and not friends again since: a card between them is closed. */
  formerFriends?: string[]
}

/**
 * One document per pair that is asking or friends (spec §3 `friendships`): `userId` asked `friendId`;
 * `users` holds both ids so either side finds it with one indexed look-up. A declined, cancelled or
 * ended friendship has no document; neither does anything of a deleted account.
 *
 * Beside them, each member's circle (`friend_circles`): the ids of everyone they are friends with,
 * in one document. The feed reads it on every page and every unread count; gathering it from 200
 * friendships each time was a tenth of a feed page (docs/performance.md).
 */
export const friendships = defineProjector({
  name: 'friendships',
  // 3: the circles keep former friends.
  version: 3,
  collections: [friendshipsCollection, friendCirclesCollection, revisions],
  handles,

  async setup(db) {
    await db.collection(friendshipsCollection).createIndex({ keys: { users: 1, status: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const docs = db.collection(friendshipsCollection)
  switch (event.type) {
    case 'FriendRequestSent': {
      const { data } = event
      await docs.replaceOne(
        { _id: data.friendshipId },
        {
          _id: data.friendshipId,
          id: data.friendshipId,
          userId: data.fromUserId,
          friendId: data.toUserId,
          users: [data.fromUserId, data.toUserId],
          status: 'pending',
          inviteCount: data.inviteCount,
          invitationId: data.invitationId,
          createdAt: data.sentAt,
          updatedAt: data.sentAt,
          acceptedAt: null,
        },
        { upsert: true },
      )
      // A request is never sent between friends; were it, the pair would no longer be friends here.
      await setInCircles(db, 'friends', data.fromUserId, data.toUserId, false)
      return
    }
    case 'FriendRequestAccepted': {
      const { matchedCount } = await docs.updateOne(
        { _id: event.data.friendshipId },
        { $set: { status: 'accepted', acceptedAt: event.data.acceptedAt, updatedAt: event.data.acceptedAt } },
      )
      // No request, no friendship (it went with a deleted account).
      if (matchedCount === 1) {
        await setInCircles(db, 'friends', event.data.fromUserId, event.data.toUserId, true)
        await setInCircles(db, 'formerFriends', event.data.fromUserId, event.data.toUserId, false)
      }
      return
    }
    case 'FriendRequestDeclined':
    case 'FriendRequestCancelled':
      await docs.deleteOne({ _id: event.data.friendshipId })
      await setInCircles(db, 'friends', event.data.fromUserId, event.data.toUserId, false)
      return
    case 'FriendRemoved':
      await docs.deleteOne({ _id: event.data.friendshipId })
      await setInCircles(db, 'friends', event.data.byUserId, event.data.otherUserId, false)
      await setInCircles(db, 'formerFriends', event.data.byUserId, event.data.otherUserId, true)
      return
    case 'AccountDeleted': {
      const { userId } = event.data
      const circles = db.collection<FriendCircleDoc>(friendCirclesCollection)
      const circle = await circles.findOne({ _id: userId })
      for (const friendId of circle?.friends ?? []) {
        await circles.updateOne({ _id: friendId }, { $pull: { friends: userId } })
      }
      await circles.deleteOne({ _id: userId })
      await circles.updateMany({ formerFriends: userId }, { $pull: { formerFriends: userId } })
      await docs.deleteMany({ users: userId })
      return
    }
  }
}

/**
 * Puts `a` and `b` on each other's `list` in their circles (`friends`, or `formerFriends`: friends
 * until one of the two ended it), or takes them off. Idempotent.
 */
async function setInCircles(
  db: ProjectorDb,
  list: 'friends' | 'formerFriends',
  a: string,
  b: string,
  on: boolean,
): Promise<void> {
  const circles = db.collection<FriendCircleDoc>(friendCirclesCollection)
  for (const [member, other] of [
    [a, b],
    [b, a],
  ] as const) {
    if (on) await circles.updateOne({ _id: member }, { $addToSet: { [list]: other } }, { upsert: true })
    else await circles.updateOne({ _id: member }, { $pull: { [list]: other } })
  }
}
