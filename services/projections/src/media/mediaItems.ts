import { mediaKeyOf, type MediaRef, type MediaSnapshot } from '@reelmates/contracts/media'
import type { Projector } from '../projector'

const collection = 'media_items'

/** The titles people have put in their libraries, as last seen in the catalog. */
export const mediaItems: Projector = {
  name: 'media_items',
  version: 1,
  collections: [collection],
  handles: ['TitleAddedToWatchlist', 'TitleWatched'],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { tmdbId: 1, mediaType: 1 }, unique: true })
  },

  async project(event, db) {
    const data = event.data as unknown as MediaRef & { media: MediaSnapshot }
    const id = mediaKeyOf(data)
    await db.collection(collection).updateOne(
      { _id: id },
      {
        $set: { ...data.media, updatedAt: event.metadata.occurredAt },
        $setOnInsert: { id, tmdbId: data.tmdbId, mediaType: data.mediaType },
      },
      { upsert: true },
    )
  },
}
