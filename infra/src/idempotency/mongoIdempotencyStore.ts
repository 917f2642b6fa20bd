/**
 * The distributed idempotency store on MongoDB, shared by every gateway. The unique `_id` decides who
 * claims a key; taking over a stale claim is a compare-and-set on its `claimedAt`, so two gateways
 * cannot both take it. A TTL index lets the server drop answers nobody can ask for any more. Erasing
 * a scope deletes its documents at once; as with the other collections (docs/personal-data.md), the
 * oplog, backups and free space may keep their bytes a while.
 */
import { MongoServerError, type Collection } from 'mongodb'
import { openMongoTarget, type MongoTarget } from '../personalData/mongoTarget'
import { DEFAULT_IDEMPOTENCY_TIMING, isStale, type Claim, type IdempotencyStore, type IdempotencyTiming } from './port'

export type MongoIdempotencyStoreOptions = MongoTarget & Partial<IdempotencyTiming> & { collectionName?: string }

interface KeyDocument {
  /** `scope` and `key` joined by a character neither may contain. */
  _id: string
  requestHash: string
  claimedAt: Date
  answer: { statusCode: number; contentType: string | null; body: string } | null
}

const DUPLICATE_KEY = 11000

export async function createMongoIdempotencyStore(options: MongoIdempotencyStoreOptions): Promise<IdempotencyStore> {
  const { collectionName = 'idempotency_keys' } = options
  const { now = Date.now, ...rest } = {
    ...DEFAULT_IDEMPOTENCY_TIMING,
    ...(options.keepAnswersMs === undefined ? {} : { keepAnswersMs: options.keepAnswersMs }),
    ...(options.abandonClaimsAfterMs === undefined ? {} : { abandonClaimsAfterMs: options.abandonClaimsAfterMs }),
    ...(options.now === undefined ? {} : { now: options.now }),
  }
  const limits = { ...rest, now }
  const { db, close } = await openMongoTarget(options)
  const keys: Collection<KeyDocument> = db.collection(collectionName)
  await keys.createIndex(
    { claimedAt: 1 },
    { name: 'expire_idempotency_keys', expireAfterSeconds: Math.ceil(limits.keepAnswersMs / 1000) },
  )
  const idOf = (scope: string, key: string) => `${scope}\u0000${key}`

  async function claim(scope: string, key: string, requestHash: string): Promise<Claim> {
    const _id = idOf(scope, key)
    for (;;) {
      const fresh: KeyDocument = { _id, requestHash, claimedAt: new Date(now()), answer: null }
      try {
        await keys.insertOne(fresh)
        return { outcome: 'claimed' }
      } catch (error) {
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error
      }
      const stored = await keys.findOne({ _id })
      // Deleted in between (released or expired): try the insert again.
      if (!stored) continue
      if (isStale({ answered: stored.answer !== null, claimedAt: stored.claimedAt.getTime() }, limits, now())) {
        const taken = await keys.replaceOne({ _id, claimedAt: stored.claimedAt }, fresh)
        if (taken.matchedCount === 1) return { outcome: 'claimed' }
        continue
      }
      if (stored.answer === null) return { outcome: 'in_progress', requestHash: stored.requestHash }
      return { outcome: 'answered', requestHash: stored.requestHash, answer: stored.answer }
    }
  }

  return {
    claim,
    async complete(scope, key, answer) {
      await keys.updateOne({ _id: idOf(scope, key) }, { $set: { answer } })
    },
    async release(scope, key) {
      await keys.deleteOne({ _id: idOf(scope, key), answer: null })
    },
    async eraseScope(scope) {
      // Every `_id` of the scope starts with the scope and the separator, so they are exactly the ids
      // between that prefix and the next one up: a range on `_id`'s index (strings compare by their
      // bytes), and no regular expression, which may not hold the separator's null byte.
      await keys.deleteMany({ _id: { $gte: `${scope}\u0000`, $lt: `${scope}\u0001` } })
    },
    close,
  }
}
