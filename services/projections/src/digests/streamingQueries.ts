import { providerIds, streamingProviders } from '@reelmates/contracts/catalog'
import { mediaKeyOf } from '@reelmates/contracts/media'
import { defineQueries } from '../queries'
import { watchedCollection, type WatchedItemDoc } from '../watched/watchedItemDoc'
import { watchedItems } from '../watched/watchedItems'
import { watchlistCollection, type WatchlistItemDoc } from '../watchlist/watchlistItemDoc'
import { watchlistItems } from '../watchlist/watchlistItems'
import { streamingBaselines, streamingBaselinesCollection, type StreamingBaselineDoc } from './streamingBaselines'

/** What a digest's "Now streaming on your services" is read from. */
export const streamingQueries = defineQueries([streamingBaselines, watchedItems, watchlistItems], (db) => ({
  /** Every title on the member's watchlist, with where they were last told it streams. */
  baselines: (userId: string): Promise<StreamingBaselineDoc[]> =>
    db.collection<StreamingBaselineDoc>(streamingBaselinesCollection).find({ userId }, { sort: { _id: 1 } }),

  /**
   * The services the member watches on, as a JustWatch user has "my services": those of the
   * product's services their watched log names (typed by hand, so matched without case). A member
   * whose log names none is told about every service of the region.
   */
  async services(userId: string): Promise<number[]> {
    const docs = await db.collection<WatchedItemDoc>(watchedCollection).find({ userId })
    const named = new Set(
      docs.flatMap((doc) => (doc.streamingService ? [doc.streamingService.trim().toLowerCase()] : [])),
    )
    const mine = streamingProviders.filter((provider) => named.has(provider.name.toLowerCase())).map((p) => p.id)
    return mine.length > 0 ? mine : [...providerIds]
  },

  /** The member's watchlist titles by `mediaKeyOf`, as the watchlist names them. */
  async titles(userId: string): Promise<Map<string, string>> {
    const docs = await db.collection<WatchlistItemDoc>(watchlistCollection).find({ userId })
    return new Map(docs.map((doc) => [mediaKeyOf(doc), doc.title]))
  },
}))
