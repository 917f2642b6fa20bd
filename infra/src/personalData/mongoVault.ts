/**
 * The distributed personal data vault on MongoDB. A subject's key and its tombstone live in one
 * document, so creating a key can never resurrect an erased subject (single-document updates are
 * atomic). Reservations are keyed by their HMAC in `_id`, whose unique index makes concurrent
 * reservations of one value resolve to exactly one holder.
 */
import { Binary, MongoServerError, type Collection } from 'mongodb'
import { createKeyVault, type KeyCacheOptions, type KeyStorage } from './keyVault'
import { openMongoTarget, type MongoTarget } from './mongoTarget'
import type { PersonalDataVault, ReservationKind } from './port'

/** The database keeps `personal_keys` and `personal_reservations`. */
export type MongoVaultOptions = MongoTarget &
  KeyCacheOptions & {
    /** At least 32 characters; it wraps the data keys and keys the reservation hashes. */
    secret: string
  }

interface KeyDocument {
  _id: string
  wrappedKey?: Binary
  createdAt?: Date
  erasedAt?: Date
}

interface ReservationDocument {
  _id: string
  kind: ReservationKind
  subjectId: string
}

const DUPLICATE_KEY = 11000

export async function createMongoVault(options: MongoVaultOptions): Promise<PersonalDataVault> {
  const { secret, maxCachedKeys, cacheTtlMs } = options
  const { db, close } = await openMongoTarget(options)
  const keys: Collection<KeyDocument> = db.collection('personal_keys')
  const reservations: Collection<ReservationDocument> = db.collection('personal_reservations')
  await reservations.createIndex({ subjectId: 1 }, { name: 'by_subject' })

  const storage: KeyStorage = {
    async findKey(subjectId) {
      const document = await keys.findOne({ _id: subjectId })
      if (document === null) return null
      if (document.erasedAt !== undefined || document.wrappedKey === undefined) return { erased: true }
      return { wrappedKey: Buffer.from(document.wrappedKey.buffer) }
    },
    async insertKeyIfAbsent(subjectId, wrappedKey) {
      await ignoringDuplicate(() =>
        keys.updateOne(
          { _id: subjectId },
          { $setOnInsert: { wrappedKey: new Binary(wrappedKey), createdAt: new Date() } },
          { upsert: true },
        ),
      )
    },
    async erase(subjectId) {
      await keys.updateOne(
        { _id: subjectId },
        { $set: { erasedAt: new Date() }, $unset: { wrappedKey: '', createdAt: '' } },
        { upsert: true },
      )
      await reservations.deleteMany({ subjectId })
    },
    async reserve(hash, kind, subjectId) {
      await ignoringDuplicate(() =>
        reservations.updateOne({ _id: hash }, { $setOnInsert: { kind, subjectId } }, { upsert: true }),
      )
      return (await reservations.findOne({ _id: hash }))?.subjectId ?? null
    },
    async release(hash, subjectId) {
      await reservations.deleteOne({ _id: hash, subjectId })
    },
    async holderOf(hash) {
      return (await reservations.findOne({ _id: hash }))?.subjectId ?? null
    },
    close,
  }
  return createKeyVault(storage, secret, { maxCachedKeys, cacheTtlMs })
}

/** Two upserts of one `_id` may race; the loser's duplicate key error means "someone else inserted it". */
async function ignoringDuplicate(operation: () => Promise<unknown>): Promise<void> {
  try {
    await operation()
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error
  }
}
