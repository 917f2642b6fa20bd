import { AccountDeleted } from '@reelmates/contracts/account'
import { hasCatalogRating, mediaKeyOf, titleSortKey, type MediaRef } from '@reelmates/contracts/media'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistNoteEdited,
  WatchlistTitleMoved,
} from '@reelmates/contracts/watchlist'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import { watchlistCollection, type WatchlistItemDoc } from './watchlistItemDoc'

const revisions = 'watchlist_items_revisions'
const idOf = (userId: string, ref: MediaRef) => `${userId}:${mediaKeyOf(ref)}`
const handles = [
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistTitleMoved,
  WatchlistNoteEdited,
  AccountDeleted,
] as const

/**
 * One document per title on a user's watchlist, with its place (`order`, 0-based, contiguous) and
 * what we knew of the title when it was added.
 */
export const watchlistItems = defineProjector({
  name: 'watchlist_items',
  // 4: `sortTitle`, `hasRating`, `sortRating` and `hasReleaseDate`, what the list sorts by.
  version: 4,
  collections: [watchlistCollection, revisions],
  handles,

  async setup(db) {
    await db.collection(watchlistCollection).createIndex({ keys: { userId: 1, order: 1 } })
    await db.collection(watchlistCollection).createIndex({ keys: { userId: 1, tmdbId: 1, mediaType: 1 }, unique: true })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const items = db.collection<WatchlistItemDoc>(watchlistCollection)
  if (event.type === 'AccountDeleted') {
    await items.deleteMany({ userId: event.data.userId })
    return
  }
  const { userId } = event.data
  const id = idOf(userId, event.data)
  switch (event.type) {
    case 'TitleAddedToWatchlist':
    case 'TitlePutBackOnWatchlist': {
      const { data } = event
      const order = await items.countDocuments({ userId })
      await items.insertOne({
        _id: id,
        id,
        userId,
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        addedAt: data.addedAt,
        order,
        note: data.note,
        ...data.media,
        streamingOn: data.streamingOn,
        recommendation: data.recommendation ?? null,
        sortTitle: titleSortKey(data.media.title),
        hasReleaseDate: Boolean(data.media.releaseDate),
        hasRating: hasCatalogRating(data.media.voteAverage),
        sortRating: hasCatalogRating(data.media.voteAverage) ? data.media.voteAverage : null,
      })
      return
    }
    case 'TitleRemovedFromWatchlist': {
      const removed = await items.findOne({ _id: id })
      if (!removed) return
      await items.deleteOne({ _id: id })
      await items.updateMany({ userId, order: { $gt: removed.order } }, { $inc: { order: -1 } })
      return
    }
    case 'WatchlistTitleMoved': {
      const moved = await items.findOne({ _id: id })
      if (!moved) return
      const from = moved.order
      const to = event.data.toIndex
      if (to < from) {
        await items.updateMany({ userId, order: { $gte: to, $lt: from } }, { $inc: { order: 1 } })
      } else if (to > from) {
        await items.updateMany({ userId, order: { $gt: from, $lte: to } }, { $inc: { order: -1 } })
      }
      await items.updateOne({ _id: id }, { $set: { order: to } })
      return
    }
    case 'WatchlistNoteEdited':
      await items.updateOne({ _id: id }, { $set: { note: event.data.note } })
      return
  }
}
