/**
 * The lease store contract against a real MongoDB: the server at MONGO_URL, or else a throwaway
 * container started through testcontainers. Skips, saying why, when neither exists.
 */
import { randomUUID } from 'node:crypto'
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb'
import { MongoClient } from 'mongodb'
import { getContainerRuntimeClient } from 'testcontainers'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { leaseStoreContract } from './lease.contract'
import { createMongoLeaseStore } from './mongoLeaseStore'

const IMAGE = 'mongo:7'
const DATABASE = `reelmates_leases_${randomUUID().slice(0, 8)}`

const configuredUrl = process.env.MONGO_URL?.trim() ?? ''
const unavailable = configuredUrl === '' ? await whyNoContainerRuntime() : undefined

if (unavailable !== undefined) {
  describe.skip(`MongoDB lease store — skipped: MONGO_URL is not set and ${unavailable}`, () => {
    it('needs a MongoDB server', () => undefined)
  })
} else {
  describe('MongoDB lease store', () => {
    let container: StartedMongoDBContainer | undefined
    let client: MongoClient | undefined
    const connected = () => {
      if (client === undefined) throw new Error('MongoDB is not connected')
      return client
    }

    beforeAll(async () => {
      let url = configuredUrl
      if (url === '') {
        container = await new MongoDBContainer(IMAGE).start()
        url = container.getConnectionString()
      }
      client = await new MongoClient(url, { directConnection: true }).connect()
    }, 300_000)

    afterAll(async () => {
      await client?.db(DATABASE).dropDatabase()
      await client?.close()
      await container?.stop()
    })

    leaseStoreContract('MongoDB', (now) =>
      createMongoLeaseStore({
        db: connected().db(DATABASE),
        collectionName: `leases_${randomUUID().slice(0, 8)}`,
        now,
      }),
    )
  })
}

async function whyNoContainerRuntime(): Promise<string | undefined> {
  try {
    await getContainerRuntimeClient()
    return undefined
  } catch (error) {
    return `no container runtime answers (${error instanceof Error ? error.message : String(error)})`
  }
}
