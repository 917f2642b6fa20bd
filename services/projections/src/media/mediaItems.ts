import { mediaKeyOf } from '@reelmates/contracts/media'
import { TitleWatched } from '@reelmates/contracts/watched'
import { TitleAddedToWatchlist } from '@reelmates/contracts/watchlist'
import { defineProjector } from '../projector'

const collection = 'media_items'

/**
 * Log positions as fixed-width decimal strings, so that string order is log order (a bigint does
 * not fit a JSON number, and both stores compare strings).
 */
const positionKey = (position: bigint) => position.toString().padStart(20, '0')

/**
 * The titles people have put in their libraries, as last seen in the catalog. Events about one title
 * come from many users' streams, so each document keeps the log position of the snapshot it holds: a
 * redelivered older event never overwrites a newer snapshot.
 */
export const mediaItems = defineProjector({
  name: 'media_items',
  version: 2,
  collections: [collection],
  handles: [TitleAddedToWatchlist, TitleWatched],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { tmdbId: 1, mediaType: 1 }, unique: true })
  },

  async project(event, db) {
    const { data } = event
    const id = mediaKeyOf(data)
    const items = db.collection(collection)
    const position = positionKey(event.position)
    const held = await items.findOne({ _id: id })
    if (held && typeof held.position === 'string' && held.position >= position) return
    await items.replaceOne(
      { _id: id },
      {
        _id: id,
        id,
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        ...data.media,
        updatedAt: event.metadata.occurredAt,
        position,
      },
      { upsert: true },
    )
  },
})
