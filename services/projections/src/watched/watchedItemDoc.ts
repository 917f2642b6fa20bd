import type { WatchedItem } from '@reelmates/contracts/watched'

export const watchedCollection = 'watched_items'

/**
 * One diary entry as the `watched_items` read model stores it: the API's shape, keyed by entry id,
 * with the title's genres (what public profiles count favourite genres from). A document projected
 * before `containsSpoilers` existed has none: read it through `containsSpoilersOf`.
 */
export type WatchedItemDoc = Omit<WatchedItem, 'containsSpoilers'> & {
  _id: string
  genreIds: number[]
  containsSpoilers?: boolean
}
