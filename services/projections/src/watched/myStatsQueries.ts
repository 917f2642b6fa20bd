import { favouriteMinRating, type FavouriteTitle } from '@reelmates/contracts/myStats'
import { ratingMax } from '@reelmates/contracts/watched'
import type { GenreCount } from '../friends/publicQueries'
import { defineQueries } from '../queries'
import { watchedCollection, type WatchedItemDoc } from './watchedItemDoc'
import { watchedItems } from './watchedItems'

/** My watching in numbers, before the catalog names the genres. */
export interface MyWatchingFigures {
  year: number
  watchedThisYear: number
  watchedTotal: number
  averageRating: number | null
  ratedCount: number
  ratingSpread: number[]
  genreCounts: GenreCount[]
  topServices: { name: string; watches: number }[]
  favourites: FavouriteTitle[]
}

/** The calendar year of an instant in a time zone (`Intl`'s, so every IANA zone and its history). */
function yearIn(timeZone: string): (instant: Date) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' })
  return (instant) => Number(format.format(instant))
}

/** Counts per key, most first; on a tie, the key met first (the log is read latest watch first). */
function ranked<K>(keys: Iterable<K>): { key: K; count: number }[] {
  const counts = new Map<K, number>()
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => b.count - a.count)
}

/**
 * My own log summed up (`/profile`): private watches count, since only I see this. Figures come from
 * the `watched_items` read model as it stands, so an edit or a removal shows at once.
 */
export const myStatsQueries = defineQueries([watchedItems], (db) => ({
  /** `timeZone`: whose calendar "this year" is (the reader's, so it agrees with the days their diary shows). */
  async figures(userId: string, now: Date, listMax: number, timeZone = 'UTC'): Promise<MyWatchingFigures> {
    const docs = await db.collection<WatchedItemDoc>(watchedCollection).find({ userId }, { sort: { watchedAt: -1 } })
    const yearOf = yearIn(timeZone)
    const year = yearOf(now)
    const ratings = docs.flatMap((doc) => (doc.rating === null ? [] : [doc.rating]))
    const ratingSpread = Array.from({ length: ratingMax }, () => 0)
    for (const rating of ratings) ratingSpread[rating - 1] = (ratingSpread[rating - 1] ?? 0) + 1
    const average = ratings.length === 0 ? null : ratings.reduce((sum, r) => sum + r, 0) / ratings.length

    // A service is named by hand, so "netflix" and "Netflix" are one service, spelt as I last wrote it.
    const serviceNames = new Map<string, string>()
    const serviceKeys: string[] = []
    for (const doc of docs) {
      const name = doc.streamingService?.trim()
      if (!name) continue
      const key = name.toLowerCase()
      if (!serviceNames.has(key)) serviceNames.set(key, name)
      serviceKeys.push(key)
    }

    // Each title once, at my best rating of it (and the latest watch with that rating).
    const bestByTitle = new Map<string, FavouriteTitle>()
    for (const doc of docs) {
      if (doc.rating === null) continue
      const key = `${doc.mediaType}:${doc.tmdbId}`
      const best = bestByTitle.get(key)
      if (best && best.rating >= doc.rating) continue
      const { tmdbId, mediaType, title, posterPath, rating, watchedAt } = doc
      bestByTitle.set(key, { tmdbId, mediaType, title, posterPath, rating, watchedAt })
    }
    const favourites = [...bestByTitle.values()]
      .filter((title) => title.rating >= favouriteMinRating)
      .sort((a, b) => b.rating - a.rating || b.watchedAt.localeCompare(a.watchedAt))
      .slice(0, listMax)

    return {
      year,
      // My diary's own day where it was kept (a New Year's Eve film stays last year's when I travel).
      watchedThisYear: docs.filter(
        (doc) => (doc.watchedOn ? Number(doc.watchedOn.slice(0, 4)) : yearOf(new Date(doc.watchedAt))) === year,
      ).length,
      watchedTotal: docs.length,
      // Two decimals: the screens show it in stars (halved) to one decimal, which a 1–10 average
      // already rounded to one would put off by a tenth (7.33 is 3.7 stars; 7.3 would show 3.6).
      averageRating: average === null ? null : Math.round(average * 100) / 100,
      ratedCount: ratings.length,
      ratingSpread,
      genreCounts: ranked(docs.flatMap((doc) => doc.genreIds)).map(({ key, count }) => ({ id: key, watches: count })),
      topServices: ranked(serviceKeys)
        .slice(0, listMax)
        .map(({ key, count }) => ({ name: serviceNames.get(key) ?? key, watches: count })),
      favourites,
    }
  },
}))
