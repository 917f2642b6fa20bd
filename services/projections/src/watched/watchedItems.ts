import { AccountDeleted } from '@reelmates/contracts/account'
import { titleSortKey } from '@reelmates/contracts/media'
import {
  diaryDay,
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'
import { watchedCollection as collection, type WatchedItemDoc } from './watchedItemDoc'
const revisions = 'watched_items_revisions'
const handles = [TitleWatched, WatchedEntryEdited, WatchedEntryRemoved, WatchedEntryRestored, AccountDeleted] as const

const entryOf = (data: ProjectedEvent<typeof TitleWatched | typeof WatchedEntryEdited>['data']) => ({
  watchedAt: data.watchedAt,
  watchedOn: data.watchedOn,
  diaryDay: diaryDay(data),
  rating: data.rating,
  recommend: data.recommend,
  review: data.review,
  containsSpoilers: data.containsSpoilers,
  streamingService: data.streamingService,
  isPrivate: data.isPrivate,
  hasRating: data.rating !== null,
})

/** One document per diary entry (a rewatch is another entry), with the title as it was recorded. */
export const watchedItems = defineProjector({
  name: 'watched_items',
  // 4: each entry's `watchedOn`. 5: `sortTitle`, `hasRating` and `hasReleaseDate`, what the log sorts by.
  // 6: `diaryDay`, what "Date watched" sorts by before the instant.
  version: 6,
  collections: [collection, revisions],
  handles,

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { userId: 1, watchedAt: -1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, diaryDay: -1, watchedAt: -1 } })
    await db.collection(collection).createIndex({ keys: { userId: 1, tmdbId: 1, mediaType: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const entries = db.collection<WatchedItemDoc>(collection)
  switch (event.type) {
    case 'TitleWatched':
    case 'WatchedEntryRestored': {
      const { data } = event
      await entries.insertOne({
        _id: data.entryId,
        id: data.entryId,
        userId: data.userId,
        tmdbId: data.tmdbId,
        mediaType: data.mediaType,
        ...entryOf(data),
        ...data.media,
        genreIds: data.genreIds,
        sortTitle: titleSortKey(data.media.title),
        hasReleaseDate: Boolean(data.media.releaseDate),
      })
      return
    }
    case 'WatchedEntryEdited':
      await entries.updateOne({ _id: event.data.entryId }, { $set: entryOf(event.data) })
      return
    case 'WatchedEntryRemoved':
      await entries.deleteOne({ _id: event.data.entryId })
      return
    case 'AccountDeleted':
      await entries.deleteMany({ userId: event.data.userId })
      return
  }
}
