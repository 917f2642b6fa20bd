import type { Doc, ReadStore } from '../../readStore/port'

/**
 * TMDB answers kept in the read store, so that every gateway instance shares them and a restart
 * keeps them (spec §9: trending and upcoming for 24 hours, provider lists for 24 or 1 hour).
 * An entry past its expiry counts as missing and is replaced on the next call; entries nobody asks
 * for again are swept out at most once an hour, when something new is kept.
 */
export interface SharedCache {
  get<T>(key: string): Promise<T | undefined>
  set(key: string, value: unknown, ttlMs: number): Promise<void>
  /** Returns how many entries were dropped. */
  clear(): Promise<number>
}

export const catalogCacheCollection = 'catalog_cache'

interface CacheEntry extends Doc {
  value: unknown
  /** Milliseconds since the epoch. */
  expiresAt: number
}

const sweepIntervalMs = 60 * 60 * 1000

export function createSharedCache(readStore: ReadStore, now: () => Date): SharedCache {
  const entries = readStore.collection<CacheEntry>(catalogCacheCollection)
  let lastSweep = now().getTime()
  return {
    async get<T>(key: string) {
      const entry = await entries.findOne({ _id: key })
      if (!entry || entry.expiresAt <= now().getTime()) return undefined
      return entry.value as T
    },
    async set(key, value, ttlMs) {
      const time = now().getTime()
      await entries.replaceOne({ _id: key }, { _id: key, value, expiresAt: time + ttlMs }, { upsert: true })
      if (time - lastSweep >= sweepIntervalMs) {
        lastSweep = time
        await entries.deleteMany({ expiresAt: { $lte: time } })
      }
    },
    async clear() {
      const { deletedCount } = await entries.deleteMany({})
      return deletedCount
    },
  }
}
