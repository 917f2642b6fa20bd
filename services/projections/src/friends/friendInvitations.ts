import { AccountDeleted } from '@reelmates/contracts/account'
import {
  FriendInvitationAccepted,
  FriendInvitationCancelled,
  FriendInvitationClaimed,
  FriendInvitationSent,
} from '@reelmates/contracts/friendships'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

export const invitationsCollection = 'friend_invitations'
const revisions = 'friend_invitations_revisions'
const handles = [
  FriendInvitationSent,
  FriendInvitationAccepted,
  FriendInvitationCancelled,
  FriendInvitationClaimed,
  AccountDeleted,
] as const

/** The way addresses are compared: the same address typed twice is one invitation. */
export const emailKeyOf = (email: string): string => email.normalize('NFKC').trim().toLowerCase()

/**
 * One document per inviter and address (spec §3 `friend_invitations`), holding the latest link's
 * hash and expiry; never a usable token. An inviter's deleted account takes its invitations (and the
 * addresses in them) away; so does the deletion of the member an invitation was sent to, and the
 * inviter's cancelling it (inviting the address again starts a new one). An invitation the address
 * claimed when it signed up names its new member as `inviteeUserId`, as one sent to a member does.
 */
export const friendInvitations = defineProjector({
  name: 'friend_invitations',
  version: 1,
  collections: [invitationsCollection, revisions],
  handles,

  async setup(db) {
    await db.collection(invitationsCollection).createIndex({ keys: { inviterUserId: 1, emailKey: 1 } })
    // A sign-up looks up what is waiting at its address, whoever sent it.
    await db.collection(invitationsCollection).createIndex({ keys: { emailKey: 1, status: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const docs = db.collection(invitationsCollection)
  switch (event.type) {
    case 'FriendInvitationSent': {
      const { data } = event
      // Read back as null once the inviter's key is erased: there is nothing left to show.
      if (data.inviteeEmail === null) return
      await docs.updateOne(
        { _id: data.invitationId },
        {
          $set: {
            id: data.invitationId,
            inviterUserId: data.inviterUserId,
            inviteeEmail: data.inviteeEmail,
            emailKey: emailKeyOf(data.inviteeEmail),
            inviteeUserId: data.inviteeUserId,
            invitationTokenHash: data.tokenHash,
            invitationTokenExpiry: data.expiresAt,
            sentAt: data.sentAt,
            inviteCount: data.inviteCount,
            status: 'pending',
            acceptedByUserId: null,
          },
          $setOnInsert: { createdAt: data.sentAt },
        },
        { upsert: true },
      )
      return
    }
    case 'FriendInvitationAccepted':
      await docs.updateOne(
        { _id: event.data.invitationId },
        { $set: { status: 'accepted', acceptedByUserId: event.data.acceptedByUserId } },
      )
      return
    case 'FriendInvitationCancelled':
      await docs.deleteOne({ _id: event.data.invitationId })
      return
    case 'FriendInvitationClaimed':
      await docs.updateOne({ _id: event.data.invitationId }, { $set: { inviteeUserId: event.data.inviteeUserId } })
      return
    case 'AccountDeleted':
      await docs.deleteMany({
        $or: [{ inviterUserId: event.data.userId }, { inviteeUserId: event.data.userId }],
      })
      return
  }
}
