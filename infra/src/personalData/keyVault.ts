/**
 * The vault's behaviour over any storage of wrapped keys and reservation hashes. The SQLite and
 * MongoDB adapters only say how to store rows; what a key, an erasure and a reservation mean is here,
 * once.
 */
import { LRUCache } from 'lru-cache'
import type { PersonalDataVault, ReservationKind } from './port'
import {
  decryptValue,
  deriveVaultKeys,
  encryptValue,
  newDataKey,
  reservationHash,
  unwrapDataKey,
  wrapDataKey,
} from './shredding'

/** What storage holds for a subject: a wrapped key, a tombstone once erased, or nothing yet. */
export type StoredKey = { wrappedKey: Buffer } | { erased: true } | null

export interface KeyStorage {
  findKey(subjectId: string): Promise<StoredKey>
  /** Stores the key unless the subject already has one (or a tombstone): the first key wins. */
  insertKeyIfAbsent(subjectId: string, wrappedKey: Buffer): Promise<void>
  /** Replaces the key by a tombstone and deletes the subject's reservations, leaving no trace of either. */
  erase(subjectId: string): Promise<void>
  /** Inserts the reservation unless the hash is held; answers the holder afterwards (null if released meanwhile). */
  reserve(hash: string, kind: ReservationKind, subjectId: string): Promise<string | null>
  release(hash: string, subjectId: string): Promise<void>
  holderOf(hash: string): Promise<string | null>
  close(): Promise<void>
}

export interface KeyCacheOptions {
  /** How many subjects' keys stay in memory. */
  maxCachedKeys?: number
  /**
   * How long a cached key (or erasure) is trusted. Another instance may erase a subject; after this
   * long this instance stops using the key it still holds in memory.
   */
  cacheTtlMs?: number
}

/** Thrown when personal data is written for a subject whose key has been destroyed. */
export class SubjectErasedError extends Error {
  override readonly name = 'SubjectErasedError'
  constructor(readonly subjectId: string) {
    super(`The personal data of ${subjectId} has been erased; nothing personal can be stored for it again`)
  }
}

/** Thrown when a ciphertext names a subject the vault has never had a key for: the vault is not the one the data was written with. */
export class MissingSubjectKeyError extends Error {
  override readonly name = 'MissingSubjectKeyError'
  constructor(readonly subjectId: string) {
    super(`The personal data vault holds no key for ${subjectId}`)
  }
}

const ERASED = 'erased'
/** A reservation released between our insert and our read is retried this many times. */
const RESERVE_ATTEMPTS = 5

export function createKeyVault(
  storage: KeyStorage,
  secret: string,
  { maxCachedKeys = 10_000, cacheTtlMs = 60_000 }: KeyCacheOptions = {},
): PersonalDataVault {
  const keys = deriveVaultKeys(secret)
  const cache = new LRUCache<string, Buffer | typeof ERASED>({ max: maxCachedKeys, ttl: cacheTtlMs })

  async function keyOf(subjectId: string): Promise<Buffer | typeof ERASED | null> {
    const cached = cache.get(subjectId)
    if (cached !== undefined) return cached
    const stored = await storage.findKey(subjectId)
    if (stored === null) return null
    const key = 'erased' in stored ? ERASED : unwrapDataKey(keys.wrapping, subjectId, stored.wrappedKey)
    cache.set(subjectId, key)
    return key
  }

  async function keyForWriting(subjectId: string): Promise<Buffer> {
    const existing = await keyOf(subjectId)
    if (existing === ERASED) throw new SubjectErasedError(subjectId)
    if (existing !== null) return existing
    const created = newDataKey()
    await storage.insertKeyIfAbsent(subjectId, wrapDataKey(keys.wrapping, subjectId, created))
    created.fill(0)
    // Another writer may have created the subject's key first; the stored one is the key.
    const stored = await keyOf(subjectId)
    if (stored === ERASED) throw new SubjectErasedError(subjectId)
    if (stored === null) throw new MissingSubjectKeyError(subjectId)
    return stored
  }

  return {
    async encrypt(subjectId, value) {
      return encryptValue(await keyForWriting(subjectId), subjectId, value)
    },

    async decrypt(subjectId, ciphertext) {
      const key = await keyOf(subjectId)
      if (key === ERASED) return { erased: true }
      if (key === null) throw new MissingSubjectKeyError(subjectId)
      return { erased: false, value: decryptValue(key, subjectId, ciphertext) }
    },

    async reserve(kind, value, subjectId) {
      if ((await keyOf(subjectId)) === ERASED) throw new SubjectErasedError(subjectId)
      const hash = reservationHash(keys.reservations, kind, value)
      for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt++) {
        const holder = await storage.reserve(hash, kind, subjectId)
        if (holder !== null) return holder === subjectId
      }
      throw new Error(`Could not reserve a ${kind}: it was released and taken repeatedly`)
    },

    async release(kind, value, subjectId) {
      await storage.release(reservationHash(keys.reservations, kind, value), subjectId)
    },

    async lookup(kind, value) {
      return storage.holderOf(reservationHash(keys.reservations, kind, value))
    },

    async erase(subjectId) {
      await storage.erase(subjectId)
      // Cached keys are dropped, not zeroed: an encryption already holding the buffer must not run with a zero key.
      cache.set(subjectId, ERASED)
    },

    async close() {
      cache.clear()
      await storage.close()
    },
  }
}
