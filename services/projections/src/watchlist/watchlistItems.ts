import { mediaKeyOf, type MediaRef } from '@reelmates/contracts/media'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { Projector } from '../projector'
import type { ProjectorDb } from '../runner/renamedView'
import { applyOnce } from '../streamRevisions'

const collection = 'watchlist_items'
/** For the queries beside this projector (the only other place that reads it). */
export const watchlistItemsCollection = collection
const revisions = 'watchlist_items_revisions'
const idOf = (userId: string, ref: MediaRef) => `${userId}:${mediaKeyOf(ref)}`

interface WatchlistEventData extends MediaRef {
  userId: string
}

/**
 * One document per title on a user's watchlist, with its place (`order`, 0-based, contiguous) and
 * what we knew of the title when it was added.
 */
export const watchlistItems: Projector = {
  name: 'watchlist_items',
  version: 2,
  collections: [collection, revisions],
  handles: [
    'TitleAddedToWatchlist',
    'TitleRemovedFromWatchlist',
    'WatchlistTitleMoved',
    'WatchlistNoteEdited',
    'AccountDeleted',
  ],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, order: 1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, tmdbId: 1, mediaType: 1 }, unique: true })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
}

async function apply(event: RecordedEvent, db: ProjectorDb): Promise<void> {
  const items = db.collection(collection)
  if (event.type === 'AccountDeleted') {
    await items.deleteMany({ userId: event.data.userId })
    return
  }
  const data = event.data as unknown as WatchlistEventData
  const id = idOf(data.userId, data)
  switch (event.type) {
    case 'TitleAddedToWatchlist': {
      const d = event.data as unknown as WatchlistEventData & {
        note: string | null
        addedAt: string
        media: { title: string; posterPath: string | null; releaseDate: string | null; voteAverage: number | null }
        streamingOn: number[]
      }
      const order = await items.countDocuments({ userId: d.userId })
      await items.insertOne({
        _id: id,
        id,
        userId: d.userId,
        tmdbId: d.tmdbId,
        mediaType: d.mediaType,
        addedAt: d.addedAt,
        order,
        note: d.note,
        ...d.media,
        streamingOn: d.streamingOn,
      })
      return
    }
    case 'TitleRemovedFromWatchlist': {
      const removed = await items.findOne({ _id: id })
      if (!removed) return
      await items.deleteOne({ _id: id })
      await items.updateMany({ userId: data.userId, order: { $gt: removed.order } }, { $inc: { order: -1 } })
      return
    }
    case 'WatchlistTitleMoved': {
      const moved = await items.findOne({ _id: id })
      if (!moved) return
      const from = moved.order as number
      const to = (event.data as { toIndex: number }).toIndex
      if (to < from) {
        await items.updateMany({ userId: data.userId, order: { $gte: to, $lt: from } }, { $inc: { order: 1 } })
      } else if (to > from) {
        await items.updateMany({ userId: data.userId, order: { $gt: from, $lte: to } }, { $inc: { order: -1 } })
      }
      await items.updateOne({ _id: id }, { $set: { order: to } })
      return
    }
    case 'WatchlistNoteEdited':
      await items.updateOne({ _id: id }, { $set: { note: (event.data as { note: string | null }).note } })
      return
  }
}
