import { AccountDeleted } from '@reelmates/contracts/account'
import { DigestSent } from '@reelmates/contracts/digests'
import { mediaKeyOf, type MediaRef, type MediaType } from '@reelmates/contracts/media'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
} from '@reelmates/contracts/watchlist'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

export const streamingBaselinesCollection = 'digest_streaming_baselines'
const revisions = 'digest_streaming_baselines_revisions'

/** Where a member was last told a watchlist title streams. */
export type StreamingBaselineDoc = {
  _id: string
  userId: string
  tmdbId: number
  mediaType: MediaType
  /** The product's services (TMDB provider ids); null when the add recorded none (before it could). */
  providers: number[] | null
}

const idOf = (userId: string, ref: MediaRef) => `${userId}:${mediaKeyOf(ref)}`
const handles = [
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  DigestSent,
  AccountDeleted,
] as const

/**
 * Per watchlist title, what its member was last told of where it streams: what the add recorded,
 * then what each digest that told something new about it recorded. The digest's "Now streaming on
 * your services" is what streams it today beyond this.
 */
export const streamingBaselines = defineProjector({
  name: 'digest_streaming_baselines',
  version: 1,
  collections: [streamingBaselinesCollection, revisions],
  handles,

  async setup(db) {
    await db.collection(streamingBaselinesCollection).createIndex({ keys: { userId: 1 } })
  },

  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const baselines = db.collection<StreamingBaselineDoc>(streamingBaselinesCollection)
  switch (event.type) {
    case 'TitleAddedToWatchlist':
    case 'TitlePutBackOnWatchlist': {
      const { userId, tmdbId, mediaType, streamingOn, streamingUnknown } = event.data
      const _id = idOf(userId, event.data)
      await baselines.replaceOne(
        { _id },
        { _id, userId, tmdbId, mediaType, providers: streamingUnknown ? null : streamingOn },
        { upsert: true },
      )
      return
    }
    case 'TitleRemovedFromWatchlist':
      await baselines.deleteOne({ _id: idOf(event.data.userId, event.data) })
      return
    case 'DigestSent':
      for (const change of event.data.streaming) {
        // A title taken off the watchlist since the digest was composed keeps no baseline.
        await baselines.updateOne({ _id: idOf(event.data.userId, change) }, { $set: { providers: change.providers } })
      }
      return
    case 'AccountDeleted':
      await baselines.deleteMany({ userId: event.data.userId })
      return
  }
}
