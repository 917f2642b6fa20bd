import type { MediaRef } from '@reelmates/contracts/media'
import {
  bestPickMinRating,
  type RecommendationItem,
  type RecommendationStats,
} from '@reelmates/contracts/recommendations'
import { defineQueries } from '../queries'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'
import { recommendationsCollection, type RecommendationDoc } from './recommendationDoc'
import { recommendationsProjector } from './recommendations'

/** Received lists what waits for an answer first. */
const statusOrder = { pending: 0, accepted: 1, watched: 2, dismissed: 3 } as const

/**
 * What `viewerId` may know of a recommendation's recipient. One sent to an address shows its sender
 * the address, never the account behind it: otherwise typing an address would tell whether it has an
 * account, and under which username (a friend invitation never tells either).
 */
const recipientShownTo = (doc: RecommendationDoc, viewerId: string) =>
  doc.toEmail !== null && doc.fromUserId === viewerId ? 'address' : 'member'

/** Recommendations as the API shows them: people by their current username; someone gone is left out. */
export const recommendationQueries = defineQueries([recommendationsProjector, users], (db) => {
  const docs = () => db.collection<RecommendationDoc>(recommendationsCollection)

  async function shown(found: RecommendationDoc[], viewerId: string): Promise<RecommendationItem[]> {
    const ids = new Set(found.flatMap((doc) => (doc.toUserId ? [doc.fromUserId, doc.toUserId] : [doc.fromUserId])))
    const cards = await userQueries(db).cards([...ids])
    return found.flatMap((doc) => {
      const from = cards.get(doc.fromUserId)
      const to = doc.toUserId ? cards.get(doc.toUserId) : null
      if (!from || to === undefined) return []
      return [
        {
          id: doc.id,
          from: { username: from.username },
          to: to && recipientShownTo(doc, viewerId) === 'member' ? { username: to.username } : null,
          toEmail: doc.toEmail,
          tmdbId: doc.tmdbId,
          mediaType: doc.mediaType,
          mediaTitle: doc.mediaTitle,
          mediaPosterPath: doc.mediaPosterPath,
          note: doc.note,
          status: doc.status,
          rating: doc.rating,
          // To its sender, one sent to an address reads as mailed from the start: when its mail went,
          // or that none ever goes (a member there turned the sender away), would tell the addresses apart.
          emailSent: recipientShownTo(doc, viewerId) === 'address' || doc.emailSent,
          createdAt: doc.createdAt,
          updatedAt: doc.updatedAt,
        },
      ]
    })
  }

  return {
    /** Sent to me, pending first, then newest first. */
    async received(userId: string): Promise<RecommendationItem[]> {
      const found = await docs().find({ toUserId: userId }, { sort: { createdAt: -1 } })
      const sorted = [...found].sort((a, b) => statusOrder[a.status] - statusOrder[b.status])
      return shown(sorted, userId)
    },

    /** Sent by me, newest first. */
    async sent(userId: string): Promise<RecommendationItem[]> {
      return shown(await docs().find({ fromUserId: userId }, { sort: { createdAt: -1 } }), userId)
    },

    /** One recommendation, when the asker sent or received it. */
    async one(recommendationId: string, userId: string): Promise<RecommendationItem | null> {
      const doc = await docs().findOne({ _id: recommendationId })
      if (!doc || (doc.fromUserId !== userId && doc.toUserId !== userId)) return null
      return (await shown([doc], userId))[0] ?? null
    },

    /** Mailed to an address (lower-cased when sent) and not yet claimed by an account. */
    async waitingAt(email: string): Promise<{ recommendationId: string; fromUserId: string }[]> {
      const found = await docs().find({ toEmail: email.trim().toLowerCase(), toUserId: null })
      return found.map((doc) => ({ recommendationId: doc.id, fromUserId: doc.fromUserId }))
    },

    async senderOf(recommendationId: string): Promise<string | null> {
      return (await docs().findOne({ _id: recommendationId }))?.fromUserId ?? null
    },

    /** The recommendations of a title to this member that this diary entry of theirs answers (public or not). */
    async behindWatch(toUserId: string, ref: MediaRef, entryId: string) {
      const found = await docs().find({ toUserId, tmdbId: ref.tmdbId, mediaType: ref.mediaType })
      return found
        .filter((doc) => doc.watches.some((watch) => watch.entryId === entryId))
        .map((doc) => ({ recommendationId: doc.id, fromUserId: doc.fromUserId }))
    },

    /** The recommendations of a title to this member made before `before` (ISO): what their watch answers. */
    async madeBefore(toUserId: string, ref: MediaRef, before: string) {
      const found = await docs().find({
        toUserId,
        tmdbId: ref.tmdbId,
        mediaType: ref.mediaType,
        createdAt: { $lte: before },
      })
      return found.map((doc) => ({ recommendationId: doc.id, fromUserId: doc.fromUserId }))
    },

    /**
     * A member's hit rate (accepted or watched ÷ sent) and best pick, for their profile as `viewerId`
     * reads it: the pick names its recipient only to the sender and the recipient.
     */
    async stats(fromUserId: string, viewerId: string): Promise<RecommendationStats> {
      const found = await docs().find({ fromUserId })
      const hits = found.filter((doc) => doc.status === 'accepted' || doc.status === 'watched').length
      const rated = found
        .filter(
          (doc): doc is RecommendationDoc & { rating: number; toUserId: string } =>
            // Anyone may read a profile: a pick sent to an address would name the account behind it.
            doc.status === 'watched' &&
            doc.rating !== null &&
            doc.rating >= bestPickMinRating &&
            doc.toUserId !== null &&
            doc.toEmail === null,
        )
        .sort((a, b) => b.rating - a.rating || b.updatedAt.localeCompare(a.updatedAt))
      const best = rated[0]
      const named = best !== undefined && (viewerId === fromUserId || viewerId === best.toUserId)
      const to = named ? (await userQueries(db).cards([best.toUserId])).get(best.toUserId) : undefined
      return {
        sent: found.length,
        hits,
        hitRate: found.length === 0 ? null : hits / found.length,
        bestPick:
          best && (to || !named)
            ? {
                tmdbId: best.tmdbId,
                mediaType: best.mediaType,
                mediaTitle: best.mediaTitle,
                mediaPosterPath: best.mediaPosterPath,
                rating: best.rating,
                to: to ? { username: to.username } : null,
              }
            : null,
      }
    },
  }
})
