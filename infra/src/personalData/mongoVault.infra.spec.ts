/**
 * The vault contract against a real MongoDB: the server at MONGO_URL, or else a throwaway container
 * started through testcontainers. Skips, saying why, when neither exists.
 */
import { createHash } from 'node:crypto'
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb'
import { MongoClient } from 'mongodb'
import { getContainerRuntimeClient } from 'testcontainers'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { createMongoVault } from './mongoVault'
import { vaultContract } from './vault.contract'

const IMAGE = 'mongo:7'
const secret = 'a test secret that is long enough to be accepted!'

const configuredUrl = process.env.MONGO_URL?.trim() ?? ''
const unavailable = configuredUrl === '' ? await whyNoContainerRuntime() : undefined

if (unavailable !== undefined) {
  describe.skip(`MongoDB personal data vault — skipped: MONGO_URL is not set and ${unavailable}`, () => {
    it('needs a MongoDB server', () => undefined)
  })
} else {
  describe('MongoDB personal data vault', () => {
    let container: StartedMongoDBContainer | undefined
    let client: MongoClient | undefined
    const databases = new Set<string>()

    beforeAll(async () => {
      let url = configuredUrl
      if (url === '') {
        container = await new MongoDBContainer(IMAGE).start()
        url = container.getConnectionString()
      }
      client = await new MongoClient(url, { directConnection: true }).connect()
    }, 300_000)

    afterAll(async () => {
      for (const name of databases) await client?.db(name).dropDatabase()
      await client?.close()
      await container?.stop()
    })

    vaultContract('MongoDB', (place) => {
      if (client === undefined) throw new Error('MongoDB is not connected')
      // Database names are limited to 63 bytes; a short digest of the place keeps each test's storage apart.
      const name = `reelmates_vault_${createHash('sha256').update(place).digest('hex').slice(0, 16)}`
      databases.add(name)
      return createMongoVault({ db: client.db(name), secret })
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
