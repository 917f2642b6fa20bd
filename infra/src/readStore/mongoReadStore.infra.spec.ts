/**
 * The read store contract against a real MongoDB: the server at MONGO_URL, or else a throwaway
 * single-node replica set started through testcontainers (so transactions are exercised too). Each
 * run works in a database of its own and drops it at the end. Skips, saying why, when neither exists.
 */
import { randomBytes } from 'node:crypto'
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb'
import { MongoClient } from 'mongodb'
import { getContainerRuntimeClient } from 'testcontainers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMongoReadStore } from './mongoReadStore'
import { readStoreContract } from './readStore.contract'

const IMAGE = 'mongo:7.0'

const configuredUrl = process.env.MONGO_URL?.trim() ?? ''
const unavailable = configuredUrl === '' ? await whyNoContainerRuntime() : undefined

if (unavailable !== undefined) {
  describe.skip(`MongoDB read store contract — skipped: MONGO_URL is not set and ${unavailable}`, () => {
    it('needs a MongoDB server', () => undefined)
  })
} else {
  describe('MongoDB read store', () => {
    const dbName = `reelmates_contract_${randomBytes(4).toString('hex')}`
    let container: StartedMongoDBContainer | undefined
    let url = configuredUrl

    beforeAll(async () => {
      if (url === '') {
        container = await new MongoDBContainer(IMAGE).start()
        // The replica set advertises the container's own host name; talk to the mapped port directly.
        url = `${container.getConnectionString()}/?directConnection=true`
      }
      // A URL that was given must answer: one clear failure here instead of one per test.
      await (await createMongoReadStore({ url, dbName })).close()
    }, 300_000)

    afterAll(async () => {
      if (url !== '') {
        const client = new MongoClient(url)
        try {
          await client.db(dbName).dropDatabase()
        } finally {
          await client.close()
        }
      }
      await container?.stop()
    })

    readStoreContract('MongoDB', () => createMongoReadStore({ url, dbName }))

    it('rolls back every write of a failed atomically where the deployment has transactions', async (context) => {
      const client = new MongoClient(url)
      const hello = await client
        .db(dbName)
        .admin()
        .command({ hello: 1 })
        .finally(() => client.close())
      if (typeof hello.setName !== 'string' && hello.msg !== 'isdbgrid') context.skip()

      const store = await createMongoReadStore({ url, dbName })
      try {
        const items = store.collection(`items_${randomBytes(4).toString('hex')}`)
        await items.insertOne({ _id: 'kept', n: 1 })
        await expect(
          store.atomically(async () => {
            await items.updateOne({ _id: 'kept' }, { $inc: { n: 1 } })
            await items.insertOne({ _id: 'added', n: 2 })
            throw new Error('projector failed')
          }),
        ).rejects.toThrow('projector failed')
        expect(await items.find({})).toEqual([{ _id: 'kept', n: 1 }])
        await store.dropCollection(items.name)
      } finally {
        await store.close()
      }
    })
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
