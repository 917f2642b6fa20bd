import type { InfiniteData } from '@tanstack/react-query'
import { compareTitles } from '@reelmates/contracts/media'
import { diaryDay, type WatchedItem } from '@reelmates/contracts/watched'
import type { Page, WatchedFilters } from './libraryCalls'
import { applyToWatched, type LibraryChange } from './libraryChanges'

/** The loaded pages of the watched log, and how many entries the server counts for its filters. */
export interface WatchedLog {
  items: WatchedItem[]
  total: number
}

/** The server's filters (services/projections/src/watched/watchedQueries.ts), for an entry it has not got yet. */
export function matchesWatchedFilters(entry: WatchedItem, filters: WatchedFilters): boolean {
  const { mediaType, minRating, unrated, streamingService } = filters
  return (
    (!mediaType || entry.mediaType === mediaType) &&
    (!minRating || (entry.rating ?? 0) >= minRating) &&
    (!unrated || entry.rating === null) &&
    (!streamingService || entry.streamingService?.toLowerCase() === streamingService.toLowerCase())
  )
}

/** A missing value sorts lowest, as MongoDB sorts it: last when descending, first when ascending. */
function compareMaybe<T extends string | number>(a: T | null, b: T | null): number {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  return a < b ? -1 : 1
}

/**
 * The server's order (services/projections/src/watched/watchedQueries.ts): the sorted field, then the
 * latest watch first. "Date watched" goes by the day the diary shows, then the instant (`diaryDay`). Titles go by `compareTitles`; entries without a rating, and titles without a
 * release date, go last either way.
 */
export function compareWatched(filters: WatchedFilters): (a: WatchedItem, b: WatchedItem) => number {
  const sign = filters.direction === 'asc' ? 1 : -1
  const bySort = (a: WatchedItem, b: WatchedItem): number => {
    switch (filters.sort) {
      case 'watchedAt':
        return sign * (compareMaybe(diaryDay(a), diaryDay(b)) || compareMaybe(a.watchedAt, b.watchedAt))
      case 'title':
        return sign * compareTitles(a.title, b.title)
      case 'releaseDate':
        if (!a.releaseDate || !b.releaseDate) return Number(!a.releaseDate) - Number(!b.releaseDate)
        return sign * compareMaybe(a.releaseDate, b.releaseDate)
      case 'rating':
        if (a.rating === null || b.rating === null) return Number(a.rating === null) - Number(b.rating === null)
        return sign * (a.rating - b.rating)
    }
  }
  return (a, b) => bySort(a, b) || compareMaybe(b.watchedAt, a.watchedAt)
}

/**
 * The watched log after one change still on its way (offline, it may be on its way for a while). A
 * new entry goes where the server will put it and counts, if it passes the filters; one that sorts
 * past the loaded pages waits for "Show more" to reach its place.
 */
export function applyToWatchedLog(
  log: WatchedLog,
  change: LibraryChange,
  filters: WatchedFilters,
  hasMorePages: boolean,
): WatchedLog {
  if (change.kind !== 'markWatched') {
    const items = applyToWatched(log.items, change)
    return { items, total: log.total - (log.items.length - items.length) }
  }
  const { entry } = change
  // An undone removal puts back the entry the server may already hold again.
  if (log.items.some((item) => item.id === entry.id) || !matchesWatchedFilters(entry, filters)) return log
  const compare = compareWatched(filters)
  const place = log.items.findIndex((item) => compare(entry, item) < 0)
  const total = log.total + 1
  if (place === -1) return hasMorePages ? { ...log, total } : { items: [...log.items, entry], total }
  return { items: [...log.items.slice(0, place), entry, ...log.items.slice(place)], total }
}

export const foldWatchedLog = (
  log: WatchedLog,
  changes: readonly LibraryChange[],
  filters: WatchedFilters,
  hasMorePages: boolean,
) => changes.reduce((current, change) => applyToWatchedLog(current, change, filters, hasMorePages), log)

/**
 * The cached pages of one watched log with a change the server has taken. The change's overlay goes
 * the moment it settles, before the log is fetched again: a new watch placed by the overlay alone
 * vanished for that moment, and the count went back by one. Pages keep their lengths, the last one
 * taking what was added or removed.
 */
export function confirmInPages(
  data: InfiniteData<Page<WatchedItem>>,
  change: LibraryChange,
  filters: WatchedFilters,
): InfiniteData<Page<WatchedItem>> {
  const last = data.pages.at(-1)
  const hasMorePages = last ? last.page * last.pageSize < last.total : false
  const log = applyToWatchedLog(
    { items: data.pages.flatMap((page) => page.items), total: data.pages[0]?.total ?? 0 },
    change,
    filters,
    hasMorePages,
  )
  let start = 0
  const pages = data.pages.map((page, index) => {
    const end = index === data.pages.length - 1 ? log.items.length : start + page.items.length
    const items = log.items.slice(start, end)
    start = end
    return { ...page, items, total: log.total }
  })
  return { ...data, pages }
}
