import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import type { Projector } from '../projector'

const collection = 'activities'

interface WatchedData extends MediaRef {
  entryId: string
  userId: string
  watchedAt: string
  rating: number | null
  recommend: boolean | null
  review: string | null
  streamingService: string | null
  isPrivate: boolean
  media?: MediaSnapshot
}

const watchedActivityId = (entryId: string) => `watched:${entryId}`

const watchedDetails = (data: WatchedData) => ({
  recommend: data.recommend,
  review: data.review,
  metadataJson: JSON.stringify({
    rating: data.rating,
    streamingService: data.streamingService,
    watchedAt: data.watchedAt,
  }),
})

/**
 * What friends see in the feed: one activity per watchlist add and per watched entry. An entry's
 * activity follows its privacy (`isPrivate`), and every query for other people filters on
 * `isPrivate: false`, so a private entry is never shown to anyone else; keeping the document lets
 * an entry made public again reappear without looking into another read model.
 */
export const activities: Projector = {
  name: 'activities',
  version: 1,
  collections: [collection],
  handles: ['TitleAddedToWatchlist', 'TitleWatched', 'WatchedEntryEdited', 'WatchedEntryRemoved', 'AccountDeleted'],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, createdAt: -1 } })
    await db.collection(collection).createIndex({ keys: { createdAt: -1 } })
  },

  async project(event, db) {
    const feed = db.collection(collection)
    switch (event.type) {
      case 'TitleAddedToWatchlist': {
        const data = event.data as unknown as MediaRef & { userId: string; addedAt: string; media: MediaSnapshot }
        await feed.insertOne({
          _id: event.id,
          id: event.id,
          userId: data.userId,
          activityType: 'watchlist_add',
          tmdbId: data.tmdbId,
          mediaType: data.mediaType,
          mediaTitle: data.media.title,
          mediaPosterPath: data.media.posterPath,
          recommend: null,
          review: null,
          isPrivate: false,
          createdAt: data.addedAt,
          targetUserId: null,
          targetUsername: null,
          metadataJson: null,
        })
        return
      }
      case 'TitleWatched': {
        const data = event.data as unknown as WatchedData & { media: MediaSnapshot }
        const id = watchedActivityId(data.entryId)
        await feed.insertOne({
          _id: id,
          id,
          userId: data.userId,
          activityType: 'watched',
          tmdbId: data.tmdbId,
          mediaType: data.mediaType,
          mediaTitle: data.media.title,
          mediaPosterPath: data.media.posterPath,
          isPrivate: data.isPrivate,
          createdAt: data.watchedAt,
          targetUserId: null,
          targetUsername: null,
          ...watchedDetails(data),
        })
        return
      }
      case 'WatchedEntryEdited': {
        const data = event.data as unknown as WatchedData
        await feed.updateOne(
          { _id: watchedActivityId(data.entryId) },
          { $set: { ...watchedDetails(data), isPrivate: data.isPrivate, createdAt: data.watchedAt } },
        )
        return
      }
      case 'WatchedEntryRemoved':
        await feed.deleteOne({ _id: watchedActivityId(String(event.data.entryId)) })
        return
      case 'AccountDeleted':
        await feed.deleteMany({ userId: event.data.userId })
        return
    }
  },
}
