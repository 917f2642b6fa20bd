/**
 * The MongoDB behind every `*.infra.spec.ts` contract run: the server at MONGO_URL, or else a
 * throwaway container started through testcontainers. When neither exists the suite is skipped,
 * saying why, so that `npm run test:infra` (which checks for servers first) never counts it a pass.
 */
import { MongoDBContainer, type StartedMongoDBContainer } from '@testcontainers/mongodb'
import { MongoClient, type Db } from 'mongodb'
import { getContainerRuntimeClient } from 'testcontainers'
import { afterAll, beforeAll, describe, it } from 'vitest'

const IMAGE = 'mongo:7'

export interface RealMongo {
  /** A database of this suite's own (dropped afterwards); `name` keeps tests' databases apart. */
  db(name: string): Db
}

export async function describeWithMongo(title: string, suite: (mongo: RealMongo) => void): Promise<void> {
  const configuredUrl = process.env.MONGO_URL?.trim() ?? ''
  const unavailable = configuredUrl === '' ? await whyNoContainerRuntime() : undefined
  if (unavailable !== undefined) {
    describe.skip(`${title} — skipped: MONGO_URL is not set and ${unavailable}`, () => {
      it('needs a MongoDB server', () => undefined)
    })
    return
  }
  describe(title, () => {
    let container: StartedMongoDBContainer | undefined
    let client: MongoClient | undefined
    const databases = new Set<string>()

    beforeAll(async () => {
      let url = configuredUrl
      if (url === '') {
        container = await new MongoDBContainer(IMAGE).start()
        // The container's replica set advertises its own host name; talk to the mapped port directly.
        // A configured URL is used as given: the driver refuses directConnection for a replica set's
        // several hosts or an SRV address.
        url = `${container.getConnectionString()}/?directConnection=true`
      }
      client = await new MongoClient(url).connect()
    }, 300_000)

    afterAll(async () => {
      for (const name of databases) await client?.db(name).dropDatabase()
      await client?.close()
      await container?.stop()
    })

    suite({
      db(name) {
        if (client === undefined) throw new Error('MongoDB is not connected')
        databases.add(name)
        return client.db(name)
      },
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
