/** The outbox contract against a real MongoDB (see testing/realMongo.ts for which one). */
import { randomUUID } from 'node:crypto'
import { describeWithMongo } from '../testing/realMongo'
import { createMongoOutbox } from './mongoOutbox'
import { outboxContract } from './outbox.contract'

const DATABASE = `reelmates_outbox_${randomUUID().slice(0, 8)}`

await describeWithMongo('MongoDB outbox', (mongo) => {
  outboxContract('MongoDB', async () => {
    // A collection (and its counter) of each test's own; a second instance opens the same ones.
    const options = { db: mongo.db(DATABASE), collectionName: `outbox_${randomUUID().slice(0, 8)}` }
    return { outbox: await createMongoOutbox(options), another: () => createMongoOutbox(options) }
  })
})
