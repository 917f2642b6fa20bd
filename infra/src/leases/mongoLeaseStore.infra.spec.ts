/** The lease store contract against a real MongoDB (see testing/realMongo.ts for which one). */
import { randomUUID } from 'node:crypto'
import { describeWithMongo } from '../testing/realMongo'
import { leaseStoreContract } from './lease.contract'
import { createMongoLeaseStore } from './mongoLeaseStore'

const DATABASE = `reelmates_leases_${randomUUID().slice(0, 8)}`

await describeWithMongo('MongoDB lease store', (mongo) => {
  leaseStoreContract('MongoDB', (now) =>
    createMongoLeaseStore({ db: mongo.db(DATABASE), collectionName: `leases_${randomUUID().slice(0, 8)}`, now }),
  )
})
