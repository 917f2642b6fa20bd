/**
 * The distributed lease store on MongoDB: one document per lease, changed only by single-document
 * atomic operations, so two processes racing for a lease never both win. Expiry uses the processes'
 * clocks (`now`), so their clocks must agree to well within the lease's time to live.
 */
import { MongoServerError, type Collection } from 'mongodb'
import { openMongoTarget, type MongoTarget } from '../personalData/mongoTarget'
import { LeaseLost, type Lease, type LeaseStore, type LeaseStoreTiming } from './port'

export type MongoLeaseStoreOptions = MongoTarget & LeaseStoreTiming & { collectionName?: string }

interface LeaseDocument {
  _id: string
  owner: string
  token: number
  expiresAt: Date
  checkpoint?: string
}

const DUPLICATE_KEY = 11000

const toLease = (doc: LeaseDocument): Lease => ({
  name: doc._id,
  owner: doc.owner,
  token: doc.token,
  expiresAt: doc.expiresAt.getTime(),
})

export async function createMongoLeaseStore(options: MongoLeaseStoreOptions): Promise<LeaseStore> {
  const { now = Date.now, collectionName = 'leases' } = options
  const { db, close } = await openMongoTarget(options)
  const leases: Collection<LeaseDocument> = db.collection(collectionName)

  return {
    async acquire(name, owner, ttlMs) {
      const time = now()
      try {
        // Free, lapsed or our own: take it with the next token. Held by someone else: the filter
        // misses, the upsert's insert hits the existing _id, and E11000 means "not yours". The
        // server retries an upsert's duplicate key only when the filter is equality on the key
        // alone (SERVER-47212), which this `$or` is not, so the refusal always reaches us.
        const doc = await leases.findOneAndUpdate(
          { _id: name, $or: [{ expiresAt: { $lte: new Date(time) } }, { owner }] },
          { $set: { owner, expiresAt: new Date(time + ttlMs) }, $inc: { token: 1 } },
          { upsert: true, returnDocument: 'after' },
        )
        return doc === null ? null : toLease(doc)
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return null
        throw error
      }
    },
    async renew(lease, ttlMs) {
      const doc = await leases.findOneAndUpdate(
        { _id: lease.name, token: lease.token },
        { $set: { expiresAt: new Date(now() + ttlMs) } },
        { returnDocument: 'after' },
      )
      return doc === null ? null : toLease(doc)
    },
    async release(lease) {
      // Expired rather than deleted: the token counter must outlive every holder.
      await leases.updateOne({ _id: lease.name, token: lease.token }, { $set: { expiresAt: new Date(0) } })
    },
    async current(name) {
      const doc = await leases.findOne({ _id: name })
      return doc === null ? null : toLease(doc)
    },
    async record(lease, checkpoint) {
      const result = await leases.updateOne({ _id: lease.name, token: lease.token }, { $set: { checkpoint } })
      if (result.matchedCount !== 1) throw new LeaseLost(lease.name, lease.token)
    },
    async checkpointOf(name) {
      const doc = await leases.findOne({ _id: name }, { projection: { checkpoint: 1 } })
      return doc?.checkpoint ?? undefined
    },
    close,
  }
}
