/** The idempotency store contract against a real MongoDB (see testing/realMongo.ts for which one). */
import { randomUUID } from 'node:crypto'
import { describeWithMongo } from '../testing/realMongo'
import { idempotencyStoreContract } from './idempotencyStore.contract'
import { createMongoIdempotencyStore } from './mongoIdempotencyStore'

const DATABASE = `reelmates_idempotency_${randomUUID().slice(0, 8)}`

await describeWithMongo('MongoDB idempotency store', (mongo) => {
  idempotencyStoreContract('MongoDB', (timing) =>
    createMongoIdempotencyStore({
      db: mongo.db(DATABASE),
      collectionName: `idempotency_${randomUUID().slice(0, 8)}`,
      ...timing,
    }),
  )
})
