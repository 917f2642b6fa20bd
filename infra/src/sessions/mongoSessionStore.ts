/**
 * The distributed session store on MongoDB. A TTL index on `expiresAt` lets the server delete expired
 * sessions; reads also ignore them, since the server's TTL sweep runs only about once a minute.
 */
import type { Collection } from 'mongodb'
import { openMongoTarget, type MongoTarget } from '../personalData/mongoTarget'
import {
  answer,
  expiryOf,
  storageKeyOf,
  userIdOf,
  type SessionStore,
  type SessionStoreTiming,
  type StoredSession,
} from './port'

export type MongoSessionStoreOptions = MongoTarget & SessionStoreTiming & { collectionName?: string }

interface SessionDocument {
  _id: string
  userId: string | null
  /** JSON, so session keys need not be valid MongoDB field names. */
  data: string
  expiresAt: Date
}

export async function createMongoSessionStore<S extends StoredSession = StoredSession>(
  options: MongoSessionStoreOptions,
): Promise<SessionStore<S>> {
  const { ttlMs, now = Date.now, collectionName = 'sessions' } = options
  const { db, close } = await openMongoTarget(options)
  const sessions: Collection<SessionDocument> = db.collection(collectionName)
  await sessions.createIndex({ expiresAt: 1 }, { name: 'expire_sessions', expireAfterSeconds: 0 })
  await sessions.createIndex({ userId: 1 }, { name: 'by_user' })

  return {
    set(sessionId, session, callback) {
      answer(async () => {
        await sessions.replaceOne(
          { _id: storageKeyOf(sessionId) },
          {
            userId: userIdOf(session),
            data: JSON.stringify(session),
            expiresAt: new Date(expiryOf(session, ttlMs, now())),
          },
          { upsert: true },
        )
      }, callback)
    },
    get(sessionId, callback) {
      answer(async () => {
        const document = await sessions.findOne({ _id: storageKeyOf(sessionId), expiresAt: { $gt: new Date(now()) } })
        return document === null ? null : (JSON.parse(document.data) as S)
      }, callback)
    },
    destroy(sessionId, callback) {
      answer(async () => {
        await sessions.deleteOne({ _id: storageKeyOf(sessionId) })
      }, callback)
    },
    async eraseUser(userId, because) {
      if (because !== 'accountDeleted') {
        await sessions.deleteMany({ userId })
        return
      }
      // An update pipeline (MongoDB 4.2+) so each marker takes its own document's expiry, which stays
      // as it was: the TTL index removes the marker when the session would have ended.
      await sessions.updateMany({ userId }, [
        {
          $set: {
            userId: { $literal: null },
            data: {
              $concat: [
                '{"cookie":{"expires":"',
                { $dateToString: { date: '$expiresAt', format: '%Y-%m-%dT%H:%M:%S.%LZ', timezone: 'UTC' } },
                '"},"accountDeleted":true}',
              ],
            },
          },
        },
      ])
    },
    close,
  }
}
