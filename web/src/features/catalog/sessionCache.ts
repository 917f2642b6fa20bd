/**
 * The client's own catalog cache (spec §9): lists kept for the browser session so that home opens
 * instantly on a second visit and survives a failed request. Best effort: a full or unavailable
 * storage only means no cache.
 */
export interface SessionCache {
  /** A fresh entry, or with `allowStale` any entry still stored (used when the network fails). */
  // The cache holds JSON; the caller names the type it wrote under that key.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  read<T>(key: string, options?: { allowStale?: boolean }): T | undefined
  write(key: string, value: unknown, ttlMs: number): void
  /** Forget every catalog entry (logout). */
  clear(): void
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

interface Entry {
  value: unknown
  expiresAt: number
}

const prefix = 'reelmates.catalog:'

export function createSessionCache(storage: KeyValueStorage | undefined, now: () => number = Date.now): SessionCache {
  const readEntry = (key: string): Entry | undefined => {
    try {
      const text = storage?.getItem(prefix + key)
      return text ? (JSON.parse(text) as Entry) : undefined
    } catch {
      return undefined
    }
  }

  return {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
    read<T>(key: string, options: { allowStale?: boolean } = {}) {
      const entry = readEntry(key)
      if (!entry) return undefined
      if (!options.allowStale && entry.expiresAt <= now()) return undefined
      return entry.value as T
    },
    write(key, value, ttlMs) {
      try {
        storage?.setItem(prefix + key, JSON.stringify({ value, expiresAt: now() + ttlMs } satisfies Entry))
      } catch {
        // Quota exceeded or storage disabled (private mode): the app works without a cache.
      }
    },
    clear() {
      if (!storage) return
      const keys: string[] = []
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index)
        if (key?.startsWith(prefix)) keys.push(key)
      }
      for (const key of keys) storage.removeItem(key)
    },
  }
}

function browserSessionStorage(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage
  } catch {
    // Some browsers throw on access when storage is blocked.
    return undefined
  }
}

export const catalogSessionCache: SessionCache = createSessionCache(browserSessionStorage())
