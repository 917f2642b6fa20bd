import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { Projector } from '../projector'
import type { ProjectorDb } from '../runner/renamedView'
import { applyOnce } from '../streamRevisions'

const collection = 'watched_items'
const revisions = 'watched_items_revisions'
const entryFields = ['watchedAt', 'rating', 'recommend', 'review', 'streamingService', 'isPrivate'] as const

const pick = (data: Record<string, unknown>) => Object.fromEntries(entryFields.map((field) => [field, data[field]]))

/** One document per diary entry (a rewatch is another entry), with the title as it was recorded. */
export const watchedItems: Projector = {
  name: 'watched_items',
  version: 2,
  collections: [collection, revisions],
  handles: ['TitleWatched', 'WatchedEntryEdited', 'WatchedEntryRemoved', 'AccountDeleted'],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, watchedAt: -1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, tmdbId: 1, mediaType: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
}

async function apply(event: RecordedEvent, db: ProjectorDb): Promise<void> {
  const entries = db.collection(collection)
  const data = event.data
  switch (event.type) {
    case 'TitleWatched': {
      const entryId = String(data.entryId)
      await entries.insertOne({
        _id: entryId,
        id: entryId,
        userId: data.userId,
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        ...pick(data),
        ...(data.media as Record<string, unknown>),
      })
      return
    }
    case 'WatchedEntryEdited':
      await entries.updateOne({ _id: String(data.entryId) }, { $set: pick(data) })
      return
    case 'WatchedEntryRemoved':
      await entries.deleteOne({ _id: String(data.entryId) })
      return
    case 'AccountDeleted':
      await entries.deleteMany({ userId: data.userId })
      return
  }
}
