import type { MediaRef, MediaType } from '@reelmates/contracts/media'
import { watchlistItem, type WatchlistItem } from '@reelmates/contracts/watchlist'
import type { Sort } from '@reelmates/infra/readStore/port'
import { defineQueries, type Page, type PageOptions } from '../queries'
import { shownFields } from '../shownFields'
import { watchlistCollection, type WatchlistItemDoc } from './watchlistItemDoc'
import { watchlistItems } from './watchlistItems'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'

export interface WatchlistPageOptions extends PageOptions {
  sort: 'order' | 'addedAt' | 'title' | 'releaseDate' | 'rating'
  direction: 'asc' | 'desc'
  mediaType?: MediaType | undefined
  /** Only titles this streaming service (a TMDB provider id) had when they were added. */
  provider?: number | undefined
}

/**
 * The store's order for a sort, as the web's watchlist arranges a whole list (watchlistArrangement.ts):
 * ties keep the user's own order. Titles go by their folded `sortTitle` (the raw `title` after it
 * orders a document projected before that key, as it was ordered then), and titles without a catalog
 * rating, or without a release date, go last whichever way they run (`WatchlistItemDoc`).
 */
function sortOf(sort: WatchlistPageOptions['sort'], order: 1 | -1): Sort {
  switch (sort) {
    case 'order':
      return { order }
    case 'addedAt':
      return { addedAt: order, order: 1 }
    case 'title':
      return { sortTitle: order, title: order, order: 1 }
    case 'releaseDate':
      return { hasReleaseDate: -1, releaseDate: order, order: 1 }
    case 'rating':
      return { hasRating: -1, sortRating: order, order: 1 }
  }
}

/** A user's watchlist as the API shows it, without the store's own fields. */
export const watchlistQueries = defineQueries([watchlistItems, users], (db) => {
  const items = () => db.collection<WatchlistItemDoc>(watchlistCollection)
  /** Each item as the API shows it, naming who recommended it as they are called now (gone: nobody). */
  async function shown(docs: WatchlistItemDoc[]): Promise<WatchlistItem[]> {
    const senders = await userQueries(db).cards([
      ...new Set(docs.flatMap((doc) => (doc.recommendation ? [doc.recommendation.fromUserId] : []))),
    ])
    return docs.map((doc) => {
      const sender = doc.recommendation ? senders.get(doc.recommendation.fromUserId) : undefined
      const recommendedBy =
        doc.recommendation && sender
          ? { recommendationId: doc.recommendation.recommendationId, username: sender.username }
          : null
      return shownFields(watchlistItem, doc, { recommendedBy })
    })
  }
  return {
    async page(
      userId: string,
      { page, pageSize, sort, direction, mediaType, provider }: WatchlistPageOptions,
    ): Promise<Page<WatchlistItem>> {
      const filter = {
        userId,
        ...(mediaType ? { mediaType } : {}),
        ...(provider ? { streamingOn: provider } : {}),
      }
      const order = direction === 'asc' ? 1 : -1
      const [found, total] = await Promise.all([
        items().find(filter, {
          sort: sortOf(sort, order),
          skip: (page - 1) * pageSize,
          limit: pageSize,
        }),
        items().countDocuments(filter),
      ])
      return { items: await shown(found), page, pageSize, total }
    },

    /** The whole watchlist in the user's order (exports). */
    async all(userId: string): Promise<WatchlistItem[]> {
      const found = await items().find({ userId }, { sort: { order: 1 } })
      return shown(found)
    },

    async item(userId: string, { tmdbId, mediaType }: MediaRef): Promise<WatchlistItem | null> {
      const found = await items().findOne({ userId, tmdbId, mediaType })
      return found ? ((await shown([found]))[0] ?? null) : null
    },
  }
})
