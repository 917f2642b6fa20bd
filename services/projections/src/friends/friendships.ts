import { AccountDeleted } from '@reelmates/contracts/account'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
} from '@reelmates/contracts/friendships'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

export const friendshipsCollection = 'friendships'
const revisions = 'friendships_revisions'
const handles = [
  FriendRequestSent,
  FriendRequestAccepted,
  FriendRequestDeclined,
  FriendRequestCancelled,
  FriendRemoved,
  AccountDeleted,
] as const

/**
 * One document per pair that is asking or friends (spec §3 `friendships`): `userId` asked `friendId`;
 * `users` holds both ids so either side finds it with one indexed look-up. A declined, cancelled or
 * ended friendship has no document; neither does anything of a deleted account.
 */
export const friendships = defineProjector({
  name: 'friendships',
  version: 1,
  collections: [friendshipsCollection, revisions],
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
      return
    }
    case 'FriendRequestAccepted':
      await docs.updateOne(
        { _id: event.data.friendshipId },
        { $set: { status: 'accepted', acceptedAt: event.data.acceptedAt, updatedAt: event.data.acceptedAt } },
      )
      return
    case 'FriendRequestDeclined':
    case 'FriendRequestCancelled':
    case 'FriendRemoved':
      await docs.deleteOne({ _id: event.data.friendshipId })
      return
    case 'AccountDeleted':
      await docs.deleteMany({ users: event.data.userId })
      return
  }
}
