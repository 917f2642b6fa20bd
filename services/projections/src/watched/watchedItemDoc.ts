import type { WatchedItem } from '@reelmates/contracts/watched'

export const watchedCollection = 'watched_items'

/**
 * One diary entry as the `watched_items` read model stores it: the API's shape, keyed by entry id,
 * with the title's genres (what public profiles count favourite genres from). A document projected
 * before `containsSpoilers` existed has none: read it through `containsSpoilersOf`; one projected before
 * `watchedOn` (version 4, still served while the rebuild runs) has no day: read it as null. Whether an
 * entry is a `rewatch` depends on the title's other entries, so it is worked out when read, not stored.
 *
 * `sortTitle`, `hasRating` and `hasReleaseDate` are what the log sorts by (`watchedQueries`), never
 * shown: the title as `titleSortKey` folds it, and whether the entry has a rating and its title a
 * release date, so unrated entries and undated titles go last both ways.
 * One projected by version 4 has neither, and sorts as version 4 did until the rebuild swaps in.
 * `diaryDay` (`diaryDay` in contracts: the writer's day, else the instant's UTC day) is what "Date
 * watched" sorts by before the instant; one projected before version 6 has none and sorts by the
 * instant alone, as it did, until the rebuild swaps in.
 */
export type WatchedItemDoc = Omit<WatchedItem, 'containsSpoilers' | 'watchedOn' | 'rewatch'> & {
  _id: string
  genreIds: number[]
  containsSpoilers?: boolean
  watchedOn?: string | null
  sortTitle?: string
  diaryDay?: string
  hasRating?: boolean
  hasReleaseDate?: boolean
}
