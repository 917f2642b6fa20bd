import type { Collection, Doc, ReadStore } from '@reelmates/infra/readStore/port'
import type { ProjectorDb } from '../projector'

export type { ProjectorDb } from '../projector'

/**
 * The store as a projector sees it during a rebuild: its own collections are the fresh copies,
 * every other collection is the real one.
 */
export function renamedView(store: ReadStore, renames: ReadonlyMap<string, string>): ProjectorDb {
  return {
    collection: <T extends Doc = Doc>(name: string): Collection<T> => store.collection<T>(renames.get(name) ?? name),
  }
}

/** `watchlist_items` is rebuilt as `watchlist_items__v3` for version 3. */
export const rebuildNameOf = (collection: string, version: number) => `${collection}__v${version}`

export const isRebuildNameOf = (collection: string, candidate: string) =>
  candidate.startsWith(`${collection}__v`) && /^\d+$/.test(candidate.slice(collection.length + 3))
