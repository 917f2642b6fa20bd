import { AccountDeleted } from '@reelmates/contracts/account'
import {
  RecommendationAccepted,
  RecommendationClaimed,
  RecommendationDismissed,
  RecommendationEmailed,
  RecommendationRestored,
  RecommendationSent,
} from '@reelmates/contracts/recommendations'
import { TitleWatched } from '@reelmates/contracts/watched'
import { recommendationActivityId } from '../activities/recommendationActivity'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import { recommendationsCollection as collection, type RecommendationDoc } from './recommendationDoc'

const revisions = 'recommendations_revisions'
const handles = [
  RecommendationSent,
  RecommendationEmailed,
  RecommendationClaimed,
  RecommendationAccepted,
  RecommendationDismissed,
  RecommendationRestored,
  TitleWatched,
  AccountDeleted,
] as const

/**
 * One document per recommendation, with its status. `watched` is driven by the recipient's own
 * `TitleWatched`, not by a later event: the log orders the watch after every recommendation made before
 * it, so the read model moves the moment the watch is projected, on a rebuild as live, and never misses
 * a recommendation a lagging reader had not seen yet. (The scheduler's `recommendation_watched`
 * reaction records the same fact on the sender's stream as `RecommendationWatched`, for the sender's
 * notification and the decider.)
 */
export const recommendationsProjector = defineProjector({
  name: 'recommendations',
  version: 2,
  collections: [collection, revisions],
  handles,

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { toUserId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { fromUserId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { toUserId: 1, tmdbId: 1, mediaType: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const docs = db.collection<RecommendationDoc>(collection)
  const at = event.metadata.occurredAt
  switch (event.type) {
    case 'RecommendationSent': {
      const { data } = event
      await docs.insertOne({
        _id: data.recommendationId,
        id: data.recommendationId,
        fromUserId: data.fromUserId,
        toUserId: data.toUserId,
        toEmail: data.toEmail,
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        mediaTitle: data.mediaTitle,
        mediaPosterPath: data.mediaPosterPath,
        note: data.note,
        status: 'pending',
        rating: null,
        emailSent: false,
        createdAt: data.sentAt,
        updatedAt: data.sentAt,
        // The feed shows a recommendation to a member at once; one to an address, once it is claimed.
        activityId: data.toUserId ? recommendationActivityId(data.recommendationId) : null,
      })
      return
    }
    case 'RecommendationEmailed':
      await docs.updateOne({ _id: event.data.recommendationId }, { $set: { emailSent: true } })
      return
    case 'RecommendationClaimed':
      await docs.updateOne(
        { _id: event.data.recommendationId },
        {
          $set: {
            toUserId: event.data.toUserId,
            updatedAt: event.data.claimedAt,
            activityId: recommendationActivityId(event.data.recommendationId),
          },
        },
      )
      return
    case 'RecommendationAccepted':
      await docs.updateOne(
        { _id: event.data.recommendationId },
        { $set: { status: 'accepted', updatedAt: event.data.acceptedAt } },
      )
      return
    case 'RecommendationDismissed':
      await docs.updateOne(
        { _id: event.data.recommendationId },
        { $set: { status: 'dismissed', updatedAt: event.data.dismissedAt } },
      )
      return
    case 'RecommendationRestored':
      await docs.updateOne(
        { _id: event.data.recommendationId },
        { $set: { status: 'pending', updatedAt: event.data.restoredAt } },
      )
      return
    case 'TitleWatched': {
      const { userId, tmdbId, mediaType, rating, isPrivate } = event.data
      // Whatever the status was; a private entry's rating stays the recipient's own.
      await docs.updateMany(
        { toUserId: userId, tmdbId, mediaType },
        { $set: { status: 'watched', rating: isPrivate ? null : rating, updatedAt: at } },
      )
      return
    }
    case 'AccountDeleted': {
      const { userId } = event.data
      await docs.deleteMany({ $or: [{ fromUserId: userId }, { toUserId: userId }] })
      return
    }
  }
}
