import { AccountDeleted } from '@reelmates/contracts/account'
import { CommentAdded, CommentDeleted, CommentEdited, ReactionAdded, ReactionRemoved } from '@reelmates/contracts/feed'
import type { Doc } from '@reelmates/infra/readStore/port'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

export const commentsCollection = 'comments'
export const reactionsCollection = 'activity_reactions'
const revisions = 'activity_interactions_revisions'

const handles = [CommentAdded, CommentEdited, CommentDeleted, ReactionAdded, ReactionRemoved, AccountDeleted] as const

/** One comment (spec §3 `comments`); its id is the one the command carried, so a rebuild keeps it. */
export interface CommentDoc extends Doc {
  id: string
  activityId: string
  activityOwnerId: string
  /** Whom the card is addressed to besides its owner (`CommentAdded.addresseeIds`); empty when nobody. */
  addresseeIds: string[]
  userId: string
  /** Null only when the author's personal data was erased (their documents go with their account). */
  content: string | null
  createdAt: string
  updatedAt: string
}

/**
 * One reaction (spec §3 `activity_reactions` and `comment_reactions` in one collection): `commentId`
 * null for a reaction on the activity. The id is the unique key (target, user, emoji), so the same
 * reaction twice is one document.
 */
export interface ReactionDoc extends Doc {
  activityId: string
  activityOwnerId: string
  /** As `CommentDoc.addresseeIds`; empty on a reaction to a comment. */
  addresseeIds: string[]
  commentId: string | null
  commentAuthorId: string | null
  userId: string
  emoji: string
  createdAt: string
}

export const reactionIdOf = (activityId: string, commentId: string | null, userId: string, emoji: string) =>
  `${activityId}|${commentId ?? ''}|${userId}|${emoji}`

/** Comments and reactions on activities, for the feed's counts and the activity screen. */
export const activityInteractions = defineProjector({
  name: 'activity_interactions',
  // 2: comments indexed by author, for each member's own list of them.
  // 3: each keeps whom its card is addressed to (`addresseeIds`), for the addressee's digest.
  version: 3,
  collections: [commentsCollection, reactionsCollection, revisions],
  handles,

  async setup(db) {
    await db.collection(commentsCollection).createIndex({ keys: { activityId: 1 } })
    await db.collection(commentsCollection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    await db.collection(reactionsCollection).createIndex({ keys: { activityId: 1 } })
    // A member's own reactions, for their data export. An index alone changes no document, and setup
    // runs at every start, so no version bump (no rebuild) is needed for it.
    await db.collection(reactionsCollection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    // A deleted comment takes its reactions with it: without this, every deletion read every reaction.
    await db.collection(reactionsCollection).createIndex({ keys: { commentId: 1 } })
    // What others left on a member's activities, for their digest's "On your activity" (without it,
    // every digest read every comment and reaction). An index only: no rebuild.
    await db.collection(commentsCollection).createIndex({ keys: { activityOwnerId: 1, createdAt: -1 } })
    await db.collection(reactionsCollection).createIndex({ keys: { activityOwnerId: 1, createdAt: -1 } })
    // And what was left on a card addressed to them (a recommendation to them, a friendship of theirs).
    await db.collection(commentsCollection).createIndex({ keys: { addresseeIds: 1, createdAt: -1 } })
    await db.collection(reactionsCollection).createIndex({ keys: { addresseeIds: 1, createdAt: -1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const comments = db.collection<CommentDoc>(commentsCollection)
  const reactions = db.collection<ReactionDoc>(reactionsCollection)
  switch (event.type) {
    case 'CommentAdded': {
      const { data } = event
      await comments.replaceOne(
        { _id: data.commentId },
        {
          _id: data.commentId,
          id: data.commentId,
          activityId: data.activityId,
          activityOwnerId: data.activityOwnerId,
          // Absent on a comment recorded before addressees were told (only the owner was): none.
          addresseeIds: data.addresseeIds ?? [],
          userId: data.userId,
          content: data.content,
          createdAt: data.addedAt,
          updatedAt: data.addedAt,
        },
        { upsert: true },
      )
      return
    }
    case 'CommentEdited':
      await comments.updateOne(
        { _id: event.data.commentId },
        { $set: { content: event.data.content, updatedAt: event.data.editedAt } },
      )
      return
    case 'CommentDeleted':
      await comments.deleteOne({ _id: event.data.commentId })
      await reactions.deleteMany({ commentId: event.data.commentId })
      return
    case 'ReactionAdded': {
      const { data } = event
      const id = reactionIdOf(data.activityId, data.commentId, data.userId, data.emoji)
      await reactions.replaceOne(
        { _id: id },
        {
          _id: id,
          activityId: data.activityId,
          activityOwnerId: data.activityOwnerId,
          addresseeIds: data.addresseeIds ?? [],
          commentId: data.commentId,
          commentAuthorId: data.commentAuthorId,
          userId: data.userId,
          emoji: data.emoji,
          createdAt: data.reactedAt,
        },
        { upsert: true },
      )
      return
    }
    case 'ReactionRemoved': {
      const { data } = event
      await reactions.deleteOne({ _id: reactionIdOf(data.activityId, data.commentId, data.userId, data.emoji) })
      return
    }
    case 'AccountDeleted': {
      // Their comments and reactions, and everything said on their activities and comments.
      const { userId } = event.data
      await comments.deleteMany({ $or: [{ userId }, { activityOwnerId: userId }] })
      await reactions.deleteMany({ $or: [{ userId }, { activityOwnerId: userId }, { commentAuthorId: userId }] })
      // What was said on a card addressed to them is its owner's and its authors' still: only their id goes.
      await comments.updateMany({ addresseeIds: userId }, { $pull: { addresseeIds: userId } })
      await reactions.updateMany({ addresseeIds: userId }, { $pull: { addresseeIds: userId } })
      return
    }
  }
}
