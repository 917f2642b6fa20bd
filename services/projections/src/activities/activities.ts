import { AccountDeleted } from '@reelmates/contracts/account'
import { FriendRemoved, FriendRequestAccepted } from '@reelmates/contracts/friendships'
import { mediaKeyOf, type MediaRef } from '@reelmates/contracts/media'
import { RecommendationClaimed, RecommendationSent } from '@reelmates/contracts/recommendations'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
} from '@reelmates/contracts/watchlist'
import type { Doc, Filter } from '@reelmates/infra/readStore/port'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import {
  dropTimelinesOf,
  placeInTimelines,
  removeFromTimelines,
  timelinesCollection,
  type Placed,
} from './activityTimelines'
import { recommendationActivity } from './recommendationActivity'

export const activitiesCollection = 'activities'
const collection = activitiesCollection
/**
 * Every watched entry's title and recording time, private and removed ones included, so an entry
 * made public later, or put back after a removal, gets its activity back in its old place. Never
 * queried for anyone's feed, and it holds no review.
 */
const entries = 'activity_entries'
/**
 * How many times each member added each title to their watchlist (`<userId>:<mediaKey>` → `adds`):
 * each add is an activity of its own, so a title added again after a removal does not bring back
 * the comments and reactions of the add before. A put-back (the removal's undo) is not an add.
 */
const watchlistAdds = 'activity_watchlist_adds'
const revisions = 'activities_revisions'

type WatchedData = ProjectedEvent<typeof TitleWatched | typeof WatchedEntryEdited | typeof WatchedEntryRestored>['data']
const handles = [
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
  FriendRequestAccepted,
  FriendRemoved,
  RecommendationSent,
  RecommendationClaimed,
  AccountDeleted,
] as const

interface EntryDoc extends Doc, MediaRef {
  userId: string
  mediaTitle: string
  mediaPosterPath: string | null
  createdAt: string
}

/** The first add of a title keeps the id every add had before adds were told apart; later ones count on. */
const watchlistActivityId = (userId: string, ref: MediaRef, add: number) =>
  `watchlist:${userId}:${mediaKeyOf(ref)}${add > 1 ? `:${add}` : ''}`

interface WatchlistAddsDoc extends Doc {
  userId: string
  adds: number
}

/** The current add's number of this title on this member's watchlist; `counting` a new add first. */
async function watchlistAdd(db: ProjectorDb, userId: string, ref: MediaRef, counting: boolean): Promise<number> {
  const adds = db.collection<WatchlistAddsDoc>(watchlistAdds)
  const _id = `${userId}:${mediaKeyOf(ref)}`
  const known = (await adds.findOne({ _id }))?.adds ?? 0
  if (!counting) return Math.max(known, 1)
  await adds.replaceOne({ _id }, { _id, userId, adds: known + 1 }, { upsert: true })
  return known + 1
}
const watchedActivityId = (entryId: string) => `watched:${entryId}`
/** The diary entry a watch's activity tells of. */
export const entryIdOfWatch = (activityId: string) => activityId.slice(watchedActivityId('').length)
/** A pair can become friends again after unfriending: the stream revision tells the two apart, the same in every rebuild. */
const friendshipActivityId = (friendshipId: string, revision: number) => `friendship:${friendshipId}:${revision}`

function watchedActivity(entry: EntryDoc, data: WatchedData): Placed & Doc {
  const id = watchedActivityId(data.entryId)
  return {
    _id: id,
    id,
    userId: entry.userId,
    activityType: 'watched',
    tmdbId: entry.tmdbId,
    mediaType: entry.mediaType,
    mediaTitle: entry.mediaTitle,
    mediaPosterPath: entry.mediaPosterPath,
    recommend: data.recommend,
    review: data.review,
    isPrivate: false,
    createdAt: entry.createdAt,
    targetUserId: null,
    targetUsername: null,
    audience: null,
    metadataJson: JSON.stringify({
      rating: data.rating,
      containsSpoilers: data.containsSpoilers,
      streamingService: data.streamingService,
      watchedAt: data.watchedAt,
      watchedOn: data.watchedOn,
    }),
  }
}

/**
 * What friends see in the feed: one activity per title on a watchlist and per public watched entry.
 * A private entry has no activity at all (made private later, its activity goes; made public, it
 * comes back), so no feed query can leak one. `createdAt` is when the action was recorded, not the
 * user's own `watchedAt` (a film logged today as watched last year is news today, and a date the
 * user edits should not move it around the feed). An undo of a removal keeps it: a watched entry put
 * back finds its recording time among the kept entries, a watchlist title its `addedAt`.
 *
 * `audience` says who may see an activity: null means the owner and the owner's friends (whoever
 * they are when the feed is read); a list means exactly those members, whatever their friendships.
 * A new friendship is shown to its two members only; a recommendation will be too (issue 12).
 */
export const activities = defineProjector({
  name: 'activities',
  // 7: each watchlist add an activity of its own (`activity_watchlist_adds`).
  version: 7,
  collections: [collection, entries, watchlistAdds, revisions, timelinesCollection],
  handles,

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { audience: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const sources = db.collection<EntryDoc>(entries)
  const recordedAt = event.metadata.occurredAt
  switch (event.type) {
    case 'TitleAddedToWatchlist':
    case 'TitlePutBackOnWatchlist': {
      const { data } = event
      const add = await watchlistAdd(db, data.userId, data, event.type === 'TitleAddedToWatchlist')
      const id = watchlistActivityId(data.userId, data, add)
      const activity = {
        _id: id,
        id,
        userId: data.userId,
        activityType: 'watchlist_add',
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        mediaTitle: data.media.title,
        mediaPosterPath: data.media.posterPath,
        recommend: null,
        review: null,
        isPrivate: false,
        // When it was added (the server's clock, as the add recorded it), which a put-back keeps.
        createdAt: data.addedAt,
        targetUserId: null,
        targetUsername: null,
        audience: null,
        metadataJson: null,
      }
      await put(db, activity)
      return
    }
    case 'TitleRemovedFromWatchlist': {
      const { data } = event
      await remove(db, {
        _id: watchlistActivityId(data.userId, data, await watchlistAdd(db, data.userId, data, false)),
      })
      return
    }
    case 'TitleWatched': {
      const { data } = event
      const entry: EntryDoc = {
        _id: data.entryId,
        userId: data.userId,
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        mediaTitle: data.media.title,
        mediaPosterPath: data.media.posterPath,
        createdAt: recordedAt,
      }
      await sources.replaceOne({ _id: entry._id }, entry, { upsert: true })
      await showOrHide(db, entry, data)
      return
    }
    case 'WatchedEntryEdited':
    case 'WatchedEntryRestored': {
      const { data } = event
      const entry = await sources.findOne({ _id: data.entryId })
      if (entry) await showOrHide(db, entry, data)
      return
    }
    case 'WatchedEntryRemoved':
      // Its source stays: the activity's id and time, for an undo (comments and reactions are kept by id).
      await remove(db, { _id: watchedActivityId(event.data.entryId) })
      return
    case 'FriendRequestAccepted': {
      const { data } = event
      const id = friendshipActivityId(data.friendshipId, event.revision)
      const activity = {
        _id: id,
        id,
        userId: data.toUserId,
        activityType: 'friendship',
        tmdbId: null,
        mediaType: null,
        mediaTitle: null,
        mediaPosterPath: null,
        recommend: null,
        review: null,
        isPrivate: false,
        createdAt: data.acceptedAt,
        targetUserId: data.fromUserId,
        // Usernames change; the feed shows the target's current card, looked up by id.
        targetUsername: null,
        audience: [data.toUserId, data.fromUserId],
        metadataJson: JSON.stringify({ friendshipId: data.friendshipId }),
      }
      await put(db, activity)
      return
    }
    case 'FriendRemoved': {
      const { byUserId, otherUserId } = event.data
      await remove(db, { activityType: 'friendship', audience: { $all: [byUserId, otherUserId] } })
      return
    }
    case 'RecommendationSent': {
      const { data } = event
      // To an address without an account, there is no one to show it to until they sign up. To a
      // member's address, none either: "to erin" would tell its sender whose account the address is.
      if (data.toUserId && data.toEmail === null)
        await put(db, recommendationActivity({ ...data, toUserId: data.toUserId }, data.sentAt))
      return
    }
    case 'RecommendationClaimed':
      await put(db, recommendationActivity(event.data, event.data.claimedAt))
      return
    case 'AccountDeleted':
      await remove(db, {
        $or: [{ userId: event.data.userId }, { targetUserId: event.data.userId }, { audience: event.data.userId }],
      })
      await dropTimelinesOf(db, event.data.userId)
      await sources.deleteMany({ userId: event.data.userId })
      await db.collection(watchlistAdds).deleteMany({ userId: event.data.userId })
      return
  }
}

async function showOrHide(db: ProjectorDb, entry: EntryDoc, data: WatchedData): Promise<void> {
  const id = watchedActivityId(data.entryId)
  if (data.isPrivate) await remove(db, { _id: id })
  else await put(db, watchedActivity(entry, data))
}

/** Every write of an activity goes through here and `remove`, so the timelines never disagree with it. */
async function put(db: ProjectorDb, activity: Placed & Doc): Promise<void> {
  await db.collection(collection).replaceOne({ _id: activity._id }, activity, { upsert: true })
  await placeInTimelines(db, activity)
}

async function remove(db: ProjectorDb, filter: Filter): Promise<void> {
  const feed = db.collection<Placed & Doc>(collection)
  for (const activity of await feed.find(filter)) {
    await feed.deleteOne({ _id: activity._id })
    await removeFromTimelines(db, activity)
  }
}
