import { AccountDeleted } from '@reelmates/contracts/account'
import {
  RecommendationAccepted,
  RecommendationClaimed,
  RecommendationDismissed,
  RecommendationEmailed,
  RecommendationRestored,
  RecommendationSent,
} from '@reelmates/contracts/recommendations'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import { recommendationActivityId } from '../activities/recommendationActivity'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import {
  recommendationsCollection as collection,
  shownRating,
  type RecommendationDoc,
  type WatchBehind,
} from './recommendationDoc'

const revisions = 'recommendations_revisions'
const handles = [
  RecommendationSent,
  RecommendationEmailed,
  RecommendationClaimed,
  RecommendationAccepted,
  RecommendationDismissed,
  RecommendationRestored,
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
  AccountDeleted,
] as const

/**
 * One document per recommendation, with its status. `watched` is driven by the recipient's own
 * `TitleWatched`, not by a later event: the log orders the watch after every recommendation made before
 * it, so the read model moves the moment the watch is projected, on a rebuild as live, and never misses
 * a recommendation a lagging reader had not seen yet. (The scheduler's `recommendation_watched`
 * reaction records the same fact on the sender's stream as `RecommendationWatched`, for the sender's
 * notification and the decider.)
 *
 * The rating the sender sees follows the recipient's watches as they are now: an entry edited, made
 * private, removed or put back changes it, so a rating the recipient has since hidden never stays on
 * the sender's screen.
 */
export const recommendationsProjector = defineProjector({
  name: 'recommendations',
  // 4: a private watch no longer makes a recommendation `watched` (each watch keeps `private`).
  version: 4,
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
        watches: [],
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
      const { entryId, userId, tmdbId, mediaType, rating, isPrivate } = event.data
      // Whatever the status was. A private watch is never told (as nowhere else is it): it leaves the
      // status, rating and date the sender sees as they were, and is kept only for an edit to make public.
      const watch: WatchBehind = { entryId, rating: isPrivate ? null : rating, removed: false, private: isPrivate }
      for (const doc of await docs.find({ toUserId: userId, tmdbId, mediaType })) {
        const watches = [...doc.watches, watch]
        const told = isPrivate ? {} : { status: 'watched' as const, updatedAt: at }
        await docs.updateOne({ _id: doc._id }, { $set: { watches, rating: shownRating(watches), ...told } })
      }
      return
    }
    case 'WatchedEntryEdited':
    case 'WatchedEntryRestored': {
      const { entryId, rating, isPrivate } = event.data
      const change = { rating: isPrivate ? null : rating, removed: false, private: isPrivate }
      await changeWatch(db, event.data, entryId, change, isPrivate ? null : at)
      return
    }
    case 'WatchedEntryRemoved':
      await changeWatch(db, event.data, event.data.entryId, { removed: true })
      return
    case 'AccountDeleted': {
      const { userId } = event.data
      await docs.deleteMany({ $or: [{ fromUserId: userId }, { toUserId: userId }] })
      return
    }
  }
}

/** One of the recipient's watches behind their recommendations of that title changed (edited, hidden, removed, put back). */
async function changeWatch(
  db: ProjectorDb,
  title: { userId: string; tmdbId: number; mediaType: RecommendationDoc['mediaType'] },
  entryId: string,
  change: Partial<Omit<WatchBehind, 'entryId'>>,
  /** When the change shows the watch (public, there): the sender is told from then on, as of `toldAt`. */
  toldAt: string | null = null,
): Promise<void> {
  const docs = db.collection<RecommendationDoc>(collection)
  const { userId, tmdbId, mediaType } = title
  for (const doc of await docs.find({ toUserId: userId, tmdbId, mediaType })) {
    if (!doc.watches.some((watch) => watch.entryId === entryId)) continue
    const watches = doc.watches.map((watch) => (watch.entryId === entryId ? { ...watch, ...change } : watch))
    // Once told it stays `watched`, as after a removal: the notification cannot be taken back either.
    const told = toldAt !== null && doc.status !== 'watched' ? { status: 'watched' as const, updatedAt: toldAt } : {}
    await docs.updateOne({ _id: doc._id }, { $set: { watches, rating: shownRating(watches), ...told } })
  }
}
