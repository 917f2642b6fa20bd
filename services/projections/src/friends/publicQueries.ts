import { decodeFeedCursor, encodeFeedCursor } from '@reelmates/contracts/feed'
import type { LastWatch, UserCard } from '@reelmates/contracts/friendships'
import type { MediaRef } from '@reelmates/contracts/media'
import { containsSpoilersOf, latestRating } from '@reelmates/contracts/watched'
import {
  reviewExcerptMax,
  type FriendWatch,
  type MediaFriendsAnswer,
  type ProfileWatch,
  type PublicWatch,
  type PublicWatchesAnswer,
} from '@reelmates/contracts/profiles'
import type { Doc } from '@reelmates/infra/readStore/port'
import { defineQueries } from '../queries'
import { users as usersReadModel } from '../users/users'
import { userQueries } from '../users/userQueries'
import { watchedItems } from '../watched/watchedItems'
import { watchedCollection } from '../watched/watchedItemDoc'
import { firstWatches } from '../watched/watchedQueries'
import { watchlistItems } from '../watchlist/watchlistItems'
import { watchlistCollection } from '../watchlist/watchlistItemDoc'
import { olderThan } from '../keyset'

/** Only what the owner shared: a private watch never leaves these queries. */
const shared = { isPrivate: false }

export interface GenreCount {
  id: number
  watches: number
}
const recentLimit = 20

/** A member's public watches in the order their profile lists them: latest first, ties by id. */
const newestFirst = { watchedAt: -1, _id: -1 } as const

/**
 * `limit` public watches after `after`, and the cursor of the next page while there are more; each a
 * rewatch unless it is the first of `firsts` (the first public watch of each title, found by the caller).
 */
function pageOf(found: Doc[], limit: number, firsts: ReadonlySet<string>): PublicWatchesAnswer {
  const items = found.slice(0, limit).map((doc) => ({ ...publicWatchOf(doc), rewatch: !firsts.has(doc._id) }))
  const last = items.at(-1)
  return {
    items,
    nextCursor: found.length > limit && last ? encodeFeedCursor({ createdAt: last.watchedAt, id: last.id }) : null,
  }
}

/** The writer's day; null for an entry projected before the day was kept. */
const dayOf = (doc: Doc): string | null => (typeof doc.watchedOn === 'string' ? doc.watchedOn : null)

const publicWatchOf = (doc: Doc): PublicWatch => ({
  id: doc._id,
  tmdbId: Number(doc.tmdbId),
  mediaType: doc.mediaType as PublicWatch['mediaType'],
  title: String(doc.title),
  posterPath: (doc.posterPath as string | null) ?? null,
  releaseDate: (doc.releaseDate as string | null) ?? null,
  watchedAt: String(doc.watchedAt),
  watchedOn: dayOf(doc),
  rating: (doc.rating as number | null) ?? null,
  recommend: (doc.recommend as boolean | null) ?? null,
  review: (doc.review as string | null) ?? null,
  containsSpoilers: containsSpoilersOf({ review: doc.review, containsSpoilers: doc.containsSpoilers }),
})

const excerpt = (review: unknown): string | null => {
  if (typeof review !== 'string' || review.trim() === '') return null
  return review.length > reviewExcerptMax ? `${review.slice(0, reviewExcerptMax - 1).trimEnd()}…` : review
}

/** A member's public side (profile page) and what friends did with a title (media page). */
export const publicQueries = defineQueries([watchedItems, watchlistItems, usersReadModel], (db) => {
  const watched = () => db.collection(watchedCollection)
  const watchlist = () => db.collection(watchlistCollection)
  const users = userQueries(db)

  /**
   * The first public watch of each title among `found` (earliest, ties by id, as the diary decides):
   * the others are rewatches. Private watches are never read, so none makes a public one a rewatch.
   */
  async function firstPublicWatches(userId: string, found: readonly Doc[]): Promise<Set<string>> {
    if (found.length === 0) return new Set()
    const watches = await watched().find(
      { userId, ...shared, tmdbId: { $in: [...new Set(found.map((doc) => Number(doc.tmdbId)))] } },
      { projection: { tmdbId: 1, mediaType: 1, watchedAt: 1 } },
    )
    return firstWatches(
      watches.map((doc) => ({
        _id: doc._id,
        tmdbId: Number(doc.tmdbId),
        mediaType: doc.mediaType as PublicWatch['mediaType'],
        watchedAt: String(doc.watchedAt),
      })),
    )
  }

  return {
    async activity(
      userId: string,
    ): Promise<{ watched: number; watchlist: number; recent: ProfileWatch[]; recentNextCursor: string | null }> {
      const [watchedCount, watchlistCount, recent] = await Promise.all([
        watched().countDocuments({ userId, ...shared }),
        watchlist().countDocuments({ userId }),
        watched().find({ userId, ...shared }, { sort: newestFirst, limit: recentLimit + 1 }),
      ])
      const { items, nextCursor } = pageOf(recent, recentLimit, await firstPublicWatches(userId, recent))
      return { watched: watchedCount, watchlist: watchlistCount, recent: items, recentNextCursor: nextCursor }
    },

    /** A member's public watches after `cursor` (one from `activity` or an earlier page), `limit` of them. */
    async watches(
      userId: string,
      { cursor, limit }: { cursor?: string | undefined; limit: number },
    ): Promise<PublicWatchesAnswer> {
      const after = cursor === undefined ? null : decodeFeedCursor(cursor)
      const found = await watched().find(
        { userId, ...shared, ...olderThan('watchedAt', after) },
        { sort: newestFirst, limit: limit + 1 },
      )
      return pageOf(found, limit, await firstPublicWatches(userId, found))
    },

    /**
     * How many public watches have each genre, most first; on a tie, the genre watched more recently
     * comes first. A rewatch counts again, as it does in `stats.watched`.
     */
    async genreCounts(userId: string): Promise<GenreCount[]> {
      const docs = await watched().find({ userId, ...shared }, { sort: { watchedAt: -1 }, projection: { genreIds: 1 } })
      const counts = new Map<number, number>()
      for (const doc of docs)
        for (const id of (doc.genreIds as number[] | undefined) ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
      // Array.prototype.sort is stable: equal counts keep the recency order the map was filled in.
      return [...counts].map(([id, watches]) => ({ id, watches })).sort((a, b) => b.watches - a.watches)
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
      // Each friend's public watches of the title, latest first.
      const watchesOf = new Map<string, Doc[]>()
      for (const doc of watches) {
        const theirs = watchesOf.get(String(doc.userId))
        if (theirs) theirs.push(doc)
        else watchesOf.set(String(doc.userId), [doc])
      }
      const listedIds = [...new Set(listed.map((doc) => String(doc.userId)))]
      const cards = await users.cards([...watchesOf.keys(), ...listedIds])
      const watchedBy: FriendWatch[] = []
      for (const [userId, theirs] of watchesOf) {
        const user = cards.get(userId)
        const doc = theirs[0]
        if (!user || !doc) continue
        watchedBy.push({
          user,
          watchedAt: String(doc.watchedAt),
          watchedOn: dayOf(doc),
          // An unrated rewatch keeps the rating given before, as the member's own page shows it.
          rating: latestRating(theirs.map((one) => ({ rating: (one.rating as number | null) ?? null }))),
          recommend: (doc.recommend as boolean | null) ?? null,
          reviewExcerpt: excerpt(doc.review),
          containsSpoilers: containsSpoilersOf({ review: doc.review, containsSpoilers: doc.containsSpoilers }),
        })
      }
      const ratings = watchedBy.map((w) => w.rating).filter((r): r is number => r !== null)
      const averageRating =
        ratings.length === 0 ? null : Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100
      const listedCards = listedIds.map((id) => cards.get(id)).filter((card): card is UserCard => card !== undefined)
      return { watched: watchedBy, averageRating, watchlist: { count: listedCards.length, users: listedCards } }
    },
  }
})
