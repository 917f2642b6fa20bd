import type { MediaResult } from '@reelmates/contracts/catalog'
import {
  lovedFriendsNamed,
  lovedRatingMin,
  lovedTitlesMax,
  type LovedByFriendsAnswer,
  type LovedTitle,
} from '@reelmates/contracts/lovedByFriends'
import { mediaKeyOf, type MediaRef } from '@reelmates/contracts/media'
import { activities, activitiesCollection, entryIdOfWatch } from '../activities/activities'
import type { Activity } from '../activities/activityQueries'
import { ownTimeline, timelinesCollection } from '../activities/activityTimelines'
import { newestOf, type After } from '../activities/timelineMerge'
import { circleQueries } from '../friends/circleQueries'
import { metadataOf } from './feedItems'
import { friendships } from '../friends/friendships'
import { defineQueries, type QueryDb } from '../queries'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'
import { watchedItems } from '../watched/watchedItems'
import { watchedCollection, type WatchedItemDoc } from '../watched/watchedItemDoc'

/**
 * How far back the row looks: the newest 300 watches among my friends' activities, reading at most
 * 1,200 of those activities (watchlist adds are in the same timelines), so the query costs the same
 * for a member with years of friends' history as for one with a week's.
 */
export const lovedWindow = 300
const scannedMax = 4 * lovedWindow

type Watch = Activity & { tmdbId: number; mediaType: MediaRef['mediaType'] }

/** Liked: 7 or more on the 1–10 scale (3½ stars and up), or recommended. */
function isLoved(watch: Activity): boolean {
  if (watch.recommend === true) return true
  const { rating } = metadataOf(watch)
  return typeof rating === 'number' && rating >= lovedRatingMin
}

/**
 * Home's "Loved by your friends" (docs/feed.md): titles my friends recently watched and liked, most
 * liked first, then the most recently liked; never one I watched myself. It reads my friends' own
 * timelines only, and their watch activities exist for public watches only, so a private watch, a
 * non-friend's, or an ex-friend's (friends are read at query time) can never be counted.
 */
export const lovedByFriendsQueries = defineQueries([activities, friendships, users, watchedItems], (db: QueryDb) => {
  const feed = () => db.collection<Activity>(activitiesCollection)
  const watched = () => db.collection<WatchedItemDoc>(watchedCollection)
  const circles = circleQueries(db)
  const cards = userQueries(db)

  /** My friends' newest watches, newest first: `lovedWindow` of them at most. */
  async function recentWatches(friendIds: readonly string[]): Promise<Watch[]> {
    if (friendIds.length === 0) return []
    const timelines = (await db.collection(timelinesCollection).find({ _id: { $in: friendIds.map(ownTimeline) } })).map(
      (doc) => String(doc.entries),
    )
    const watches: Watch[] = []
    let after: After = null
    for (let scanned = 0; watches.length < lovedWindow && scanned < scannedMax;) {
      const page = newestOf(timelines, after, lovedWindow)
      const last = page.at(-1)
      if (!last) break
      scanned += page.length
      after = { createdAt: last.createdAt, id: last.id }
      const found = await feed().find({
        _id: { $in: page.map((entry) => entry.id) },
        activityType: 'watched',
        audience: null,
      })
      const byId = new Map(found.map((activity) => [activity._id, activity]))
      for (const entry of page) {
        const watch = byId.get(entry.id)
        if (watch && watch.tmdbId !== null && watch.mediaType !== null) watches.push(watch as Watch)
      }
    }
    return watches.slice(0, lovedWindow)
  }

  /** Which of these titles `userId` watched, in any entry of theirs, private ones included. */
  async function watchedBy(userId: string, titles: readonly MediaRef[]): Promise<Set<string>> {
    if (titles.length === 0) return new Set()
    const mine = await watched().find(
      { userId, tmdbId: { $in: [...new Set(titles.map((title) => title.tmdbId))] } },
      { projection: { tmdbId: 1, mediaType: 1 } },
    )
    return new Set(mine.map(mediaKeyOf))
  }

  /**
   * The titles' release dates and genres, from the latest friend's entry each one's activity tells of
   * (public, as it has an activity): looked up by id, not by searching every member's diary.
   */
  async function detailsOf(titles: readonly { latest: Watch }[]) {
    const entries = await watched().find(
      { _id: { $in: titles.map((title) => entryIdOfWatch(title.latest._id)) }, isPrivate: false },
      { projection: { tmdbId: 1, mediaType: 1, releaseDate: 1, genreIds: 1 } },
    )
    return new Map(entries.map((entry) => [mediaKeyOf(entry), entry]))
  }

  return {
    async titles(userId: string): Promise<LovedByFriendsAnswer> {
      const loved = (await recentWatches(await circles.friendIds(userId))).filter(isLoved)
      // Newest first, so a title's first watch is its latest, and its likers come latest first.
      const byTitle = new Map<string, { ref: MediaRef; latest: Watch; likers: string[] }>()
      for (const watch of loved) {
        const key = mediaKeyOf(watch)
        const title = byTitle.get(key)
        if (!title) byTitle.set(key, { ref: watch, latest: watch, likers: [watch.userId] })
        else if (!title.likers.includes(watch.userId)) title.likers.push(watch.userId)
      }
      const seen = await watchedBy(
        userId,
        [...byTitle.values()].map((title) => title.ref),
      )
      const ranked = [...byTitle]
        .filter(([key]) => !seen.has(key))
        .map(([, title]) => title)
        // Stable: equal counts keep the newest-first order the map was filled in.
        .sort((a, b) => b.likers.length - a.likers.length)
        .slice(0, lovedTitlesMax)
      const [people, details] = await Promise.all([
        cards.cards(ranked.flatMap((title) => title.likers)),
        detailsOf(ranked),
      ])
      const titles = ranked.flatMap((title): LovedTitle[] => {
        const friends = title.likers.flatMap((id) => {
          const card = people.get(id)
          return card ? [{ username: card.username, avatarUrl: card.avatarUrl }] : []
        })
        if (friends.length === 0) return []
        return [
          {
            media: mediaOf(title.latest, details.get(mediaKeyOf(title.ref))),
            friends: friends.slice(0, lovedFriendsNamed),
            friendCount: friends.length,
            lovedAt: title.latest.createdAt,
          },
        ]
      })
      return { titles }
    },
  }
})

/** A liked title as a catalog row shows it (as home's "Up next" does with a watchlist title). */
function mediaOf(watch: Watch, entry: Pick<WatchedItemDoc, 'releaseDate' | 'genreIds'> | undefined): MediaResult {
  const name = watch.mediaTitle ?? ''
  const releaseDate = entry?.releaseDate ?? null
  return {
    id: watch.tmdbId,
    media_type: watch.mediaType,
    ...(watch.mediaType === 'tv' ? { name } : { title: name }),
    ...(releaseDate
      ? watch.mediaType === 'tv'
        ? { first_air_date: releaseDate }
        : { release_date: releaseDate }
      : {}),
    overview: '',
    poster_path: watch.mediaPosterPath,
    backdrop_path: null,
    vote_average: 0,
    vote_count: 0,
    popularity: 0,
    genre_ids: entry?.genreIds ?? [],
  }
}
