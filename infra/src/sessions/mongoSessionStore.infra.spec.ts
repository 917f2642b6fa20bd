/** The session store contract against a real MongoDB (see testing/realMongo.ts for which one). */
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeWithMongo } from '../testing/realMongo'
import { createMongoSessionStore } from './mongoSessionStore'
import { SESSION_TTL_MS, sessionStoreContract } from './sessionStore.contract'

const DATABASE = `reelmates_sessions_${randomUUID().slice(0, 8)}`

await describeWithMongo('MongoDB session store', (mongo) => {
  sessionStoreContract('MongoDB', (now) =>
    createMongoSessionStore({
      db: mongo.db(DATABASE),
      collectionName: `sessions_${randomUUID().slice(0, 8)}`,
      ttlMs: SESSION_TTL_MS,
      now,
    }),
  )

  it('lets the server expire sessions through a TTL index on expiresAt', async () => {
    const collectionName = `sessions_${randomUUID().slice(0, 8)}`
    await createMongoSessionStore({ db: mongo.db(DATABASE), collectionName, ttlMs: SESSION_TTL_MS })
    const indexes = await mongo.db(DATABASE).collection(collectionName).indexes()
    expect(indexes).toContainEqual(expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }))
  })
})
