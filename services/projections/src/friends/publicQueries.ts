import type { LastWatch, UserCard } from '@reelmates/contracts/friendships'
import type { MediaRef } from '@reelmates/contracts/media'
import {
  reviewExcerptMax,
  type FriendWatch,
  type MediaFriendsAnswer,
  type PublicWatch,
} from '@reelmates/contracts/profiles'
import type { Doc } from '@reelmates/infra/readStore/port'
import type { ProjectorDb } from '../projector'
import { watchedItemsCollection } from '../watched/watchedItems'
import { watchlistItemsCollection } from '../watchlist/watchlistItems'
import { userQueries } from '../users/userQueries'

/** Only what the owner shared: a private watch never leaves these queries. */
const shared = { isPrivate: false }
const recentLimit = 20

const publicWatchOf = (doc: Doc): PublicWatch => ({
  id: doc._id,
  tmdbId: Number(doc.tmdbId),
  mediaType: doc.mediaType as PublicWatch['mediaType'],
  title: String(doc.title),
  posterPath: (doc.posterPath as string | null) ?? null,
  releaseDate: (doc.releaseDate as string | null) ?? null,
  watchedAt: String(doc.watchedAt),
  rating: (doc.rating as number | null) ?? null,
  recommend: (doc.recommend as boolean | null) ?? null,
  review: (doc.review as string | null) ?? null,
})

const excerpt = (review: unknown): string | null => {
  if (typeof review !== 'string' || review.trim() === '') return null
  return review.length > reviewExcerptMax ? `${review.slice(0, reviewExcerptMax - 1).trimEnd()}…` : review
}

/** A member's public side (profile page) and what friends did with a title (media page). */
export const publicQueries = (db: ProjectorDb) => {
  const watched = () => db.collection(watchedItemsCollection)
  const watchlist = () => db.collection(watchlistItemsCollection)
  const users = userQueries(db)

  return {
    async activity(userId: string): Promise<{ watched: number; watchlist: number; recent: PublicWatch[] }> {
      const [watchedCount, watchlistCount, recent] = await Promise.all([
        watched().countDocuments({ userId, ...shared }),
        watchlist().countDocuments({ userId }),
        watched().find({ userId, ...shared }, { sort: { watchedAt: -1 }, limit: recentLimit }),
      ])
      return { watched: watchedCount, watchlist: watchlistCount, recent: recent.map(publicWatchOf) }
    },

    /** The latest public watch of each of these members (absent for one who shared none). */
    async lastWatches(userIds: readonly string[]): Promise<Map<string, LastWatch>> {
      if (userIds.length === 0) return new Map()
      const docs = await watched().find({ userId: { $in: [...userIds] }, ...shared }, { sort: { watchedAt: -1 } })
      const latest = new Map<string, LastWatch>()
      for (const doc of docs) {
        const userId = String(doc.userId)
        if (latest.has(userId)) continue
        const { tmdbId, mediaType, title, posterPath, watchedAt, rating } = publicWatchOf(doc)
        latest.set(userId, { tmdbId, mediaType, title, posterPath, watchedAt, rating })
      }
      return latest
    },

    /** Which of `friendIds` watched the title (latest public watch each) or keep it on their watchlist. */
    async mediaFriends(friendIds: readonly string[], title: MediaRef): Promise<MediaFriendsAnswer> {
      if (friendIds.length === 0) return { watched: [], averageRating: null, watchlist: { count: 0, users: [] } }
      const ref = { tmdbId: title.tmdbId, mediaType: title.mediaType, userId: { $in: [...friendIds] } }
      const [watches, listed] = await Promise.all([
        watched().find({ ...ref, ...shared }, { sort: { watchedAt: -1 } }),
        watchlist().find(ref),
      ])
      const latest = new Map<string, Doc>()
      for (const doc of watches) if (!latest.has(String(doc.userId))) latest.set(String(doc.userId), doc)
      const listedIds = [...new Set(listed.map((doc) => String(doc.userId)))]
      const cards = await users.cards([...latest.keys(), ...listedIds])
      const watchedBy: FriendWatch[] = []
      for (const [userId, doc] of latest) {
        const user = cards.get(userId)
        if (!user) continue
        watchedBy.push({
          user,
          watchedAt: String(doc.watchedAt),
          rating: (doc.rating as number | null) ?? null,
          recommend: (doc.recommend as boolean | null) ?? null,
          reviewExcerpt: excerpt(doc.review),
        })
      }
      const ratings = watchedBy.map((w) => w.rating).filter((r): r is number => r !== null)
      const averageRating =
        ratings.length === 0 ? null : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10
      const listedCards = listedIds.map((id) => cards.get(id)).filter((card): card is UserCard => card !== undefined)
      return { watched: watchedBy, averageRating, watchlist: { count: listedCards.length, users: listedCards } }
    },
  }
}
