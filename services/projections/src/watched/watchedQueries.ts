import type { MediaRef, MediaType } from '@reelmates/contracts/media'
import { containsSpoilersOf, watchedItem, type WatchedItem, type WatchedTitle } from '@reelmates/contracts/watched'
import type { Sort } from '@reelmates/infra/readStore/port'
import { defineQueries, type Page, type PageOptions } from '../queries'
import { watchedCollection, type WatchedItemDoc } from './watchedItemDoc'
import { watchedItems } from './watchedItems'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export interface WatchedPageOptions extends PageOptions {
  sort: 'watchedAt' | 'title' | 'releaseDate' | 'rating'
  direction: 'asc' | 'desc'
  mediaType?: MediaType | undefined
  minRating?: number | undefined
  /** Only the entries without a rating. */
  unrated?: boolean | undefined
  /** The service's name, whatever its case. */
  streamingService?: string | undefined
}

/**
 * The store's order for a sort: ties (the same rating, say) show the latest watch first. Titles go by
 * their folded `sortTitle`, and entries without a rating, or whose title has no release date, go last
 * whichever way they run, as the web's watchlist orders them; the raw `title` and `rating` after them order a document projected
 * before those keys (`WatchedItemDoc`) as it was ordered then.
 */
function sortOf(sort: WatchedPageOptions['sort'], order: 1 | -1): Sort {
  switch (sort) {
    case 'watchedAt':
      // The day the diary shows first: the instant alone puts days out of order for a member who logs
      // from two zones (`diaryDay` in contracts).
      return { diaryDay: order, watchedAt: order }
    case 'title':
      return { sortTitle: order, title: order, watchedAt: -1 }
    case 'releaseDate':
      return { hasReleaseDate: -1, releaseDate: order, watchedAt: -1 }
    case 'rating':
      return { hasRating: -1, rating: order, watchedAt: -1 }
  }
}

const itemOf = (doc: WatchedItemDoc, firsts: ReadonlySet<string>): WatchedItem =>
  watchedItem.parse({
    ...doc,
    watchedOn: doc.watchedOn ?? null,
    containsSpoilers: containsSpoilersOf(doc),
    rewatch: !firsts.has(doc._id),
  })

type Watch = Pick<WatchedItemDoc, '_id' | 'tmdbId' | 'mediaType' | 'watchedAt'>

/** The first watch of each title among these (earliest instant, ties by the lower id): every other is a rewatch. */
export function firstWatches(watches: Iterable<Watch>): Set<string> {
  const first = new Map<string, Watch>()
  for (const watch of watches) {
    const key = `${watch.mediaType}:${watch.tmdbId}`
    const seen = first.get(key)
    if (!seen || watch.watchedAt < seen.watchedAt || (watch.watchedAt === seen.watchedAt && watch._id < seen._id))
      first.set(key, watch)
  }
  return new Set([...first.values()].map((watch) => watch._id))
}

/** A user's watched log (a diary: a rewatch is another entry) as the API shows it. */
export const watchedQueries = defineQueries([watchedItems], (db) => {
  const entries = () => db.collection<WatchedItemDoc>(watchedCollection)
  return {
    async page(
      userId: string,
      { page, pageSize, sort, direction, mediaType, minRating, unrated, streamingService }: WatchedPageOptions,
    ): Promise<Page<WatchedItem>> {
      const filter = {
        userId,
        ...(mediaType ? { mediaType } : {}),
        ...(unrated ? { rating: null } : minRating ? { rating: { $gte: minRating } } : {}),
        ...(streamingService
          ? { streamingService: { $regex: `^${escapeRegExp(streamingService)}$`, $options: 'i' } }
          : {}),
      }
      const order = direction === 'asc' ? 1 : -1
      const [found, total] = await Promise.all([
        entries().find(filter, {
          sort: sortOf(sort, order),
          skip: (page - 1) * pageSize,
          limit: pageSize,
        }),
        entries().countDocuments(filter),
      ])
      // Whether each is a rewatch depends on watches of its title the page may not hold.
      const watchesOfTitles = await entries().find(
        { userId, tmdbId: { $in: [...new Set(found.map((doc) => doc.tmdbId))] } },
        { projection: { tmdbId: 1, mediaType: 1, watchedAt: 1 } },
      )
      const firsts = firstWatches(watchesOfTitles)
      return { items: found.map((doc) => itemOf(doc, firsts)), page, pageSize, total }
    },

    /** The whole log, latest watch first (exports). */
    async all(userId: string): Promise<WatchedItem[]> {
      const found = await entries().find({ userId }, { sort: { watchedAt: -1 } })
      const firsts = firstWatches(found)
      return found.map((doc) => itemOf(doc, firsts))
    },

    /**
     * Each title the user has watched, once, with how often, when last and the latest rating given:
     * what title cards mark. Only those fields are read, so a long diary costs little.
     */
    async titles(userId: string): Promise<WatchedTitle[]> {
      const found = await entries().find(
        { userId },
        { sort: { watchedAt: -1 }, projection: { tmdbId: 1, mediaType: 1, watchedAt: 1, rating: 1 } },
      )
      return summariseByTitle(found)
    },

    /** Every watch of one title, latest first. */
    async ofTitle(userId: string, { tmdbId, mediaType }: MediaRef): Promise<WatchedItem[]> {
      const found = await entries().find({ userId, tmdbId, mediaType }, { sort: { watchedAt: -1 } })
      const firsts = firstWatches(found)
      return found.map((doc) => itemOf(doc, firsts))
    },
  }
})

type WatchSummary = Pick<WatchedItemDoc, 'tmdbId' | 'mediaType' | 'watchedAt' | 'rating'>

/** Entries latest first → one line per title, in the order each was last watched. */
export function summariseByTitle(entriesLatestFirst: readonly WatchSummary[]): WatchedTitle[] {
  const byTitle = new Map<string, WatchedTitle>()
  for (const entry of entriesLatestFirst) {
    const key = `${entry.mediaType}:${entry.tmdbId}`
    const seen = byTitle.get(key)
    if (seen) {
      seen.timesWatched += 1
      seen.rating ??= entry.rating
    } else {
      byTitle.set(key, {
        tmdbId: entry.tmdbId,
        mediaType: entry.mediaType,
        timesWatched: 1,
        lastWatchedAt: entry.watchedAt,
        rating: entry.rating,
      })
    }
  }
  return [...byTitle.values()]
}
