import type { Config } from '../config'
import type { ReadStore } from '../readStore/port'
import { createOfflineCatalog } from './offline/offlineCatalog'
import type { Catalog } from './port'
import { createSharedCache } from './tmdb/sharedCache'
import { createTmdbCatalog } from './tmdb/tmdbCatalog'
import { createTmdbClient } from './tmdb/tmdbClient'

export interface CatalogDependencies {
  config: Pick<Config, 'tmdb'>
  readStore: ReadStore
  now?: () => Date
  onError?: (message: string, error: unknown) => void
}

/**
 * TMDB when a token is configured, the offline catalog otherwise. The offline catalog is loaded in
 * both cases: with TMDB it still answers for the negative ids of titles saved while offline.
 */
export function createCatalog(dependencies: CatalogDependencies): Promise<Catalog> {
  const now = dependencies.now ?? (() => new Date())
  const offline = createOfflineCatalog({ now })
  const tmdb = dependencies.config.tmdb
  if (!tmdb) return Promise.resolve(offline)
  return Promise.resolve(
    createTmdbCatalog({
      client: createTmdbClient({ apiToken: tmdb.apiToken, baseUrl: tmdb.baseUrl }),
      cache: createSharedCache(dependencies.readStore, now),
      offline,
      ...(dependencies.onError ? { onError: dependencies.onError } : {}),
    }),
  )
}
