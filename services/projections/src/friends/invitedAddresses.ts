import { createHash } from 'node:crypto'
import { AccountDeleted } from '@reelmates/contracts/account'
import { FriendInvitationSent } from '@reelmates/contracts/friendships'
import { RecommendationSent } from '@reelmates/contracts/recommendations'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { defineQueries } from '../queries'
import { emailKeyOf } from './friendInvitations'

export const invitedAddressesCollection = 'invited_addresses'
const handles = [FriendInvitationSent, RecommendationSent, AccountDeleted] as const

/**
 * The address as this read model keeps it: hashed, since it only ever asks "this one again?" and
 * has no screen to show it on.
 */
const addressHashOf = (email: string) => createHash('sha256').update(emailKeyOf(email)).digest('hex')

/**
 * Every address a member has mailed (a friend invitation or a recommendation by email), with when
 * they first did: what the per-sender limit on new addresses counts. Unlike `friend_invitations` a
 * cancelled invitation stays here, or inviting twenty, cancelling them and inviting twenty more would
 * mail forty in a day. A member's own deleted account takes their addresses with it.
 */
export const invitedAddresses = defineProjector({
  name: 'invited_addresses',
  version: 1,
  collections: [invitedAddressesCollection],
  handles,

  async setup(db) {
    await db.collection(invitedAddressesCollection).createIndex({ keys: { senderUserId: 1, firstSentAt: 1 } })
  },

  project: (event, db) => apply(event, db),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const docs = db.collection(invitedAddressesCollection)
  const sentTo = async (senderUserId: string, email: string | null, sentAt: string) => {
    // Read back as null once the sender's key is erased: their account is gone, and so is the count.
    if (email === null) return
    const addressHash = addressHashOf(email)
    // Upserted and only ever set on insert: a redelivered event, or a resend, leaves the first sending.
    await docs.updateOne(
      { _id: `${senderUserId}:${addressHash}` },
      { $setOnInsert: { senderUserId, addressHash, firstSentAt: sentAt } },
      { upsert: true },
    )
  }
  switch (event.type) {
    case 'FriendInvitationSent':
      return sentTo(event.data.inviterUserId, event.data.inviteeEmail, event.data.sentAt)
    case 'RecommendationSent':
      return sentTo(event.data.fromUserId, event.data.toEmail, event.data.sentAt)
    case 'AccountDeleted':
      await docs.deleteMany({ senderUserId: event.data.userId })
      return
  }
}

/** What the limit on new addresses asks of one sender and one address. */
export const invitedAddressQueries = defineQueries([invitedAddresses], (db) => ({
  async of(senderUserId: string, email: string, since: string) {
    const docs = db.collection(invitedAddressesCollection)
    const [known, newSince] = await Promise.all([
      docs.findOne({ _id: `${senderUserId}:${addressHashOf(email)}` }),
      docs.countDocuments({ senderUserId, firstSentAt: { $gt: since } }),
    ])
    return { alreadyInvited: known !== null, newSince }
  },
}))
