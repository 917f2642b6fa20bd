/**
 * The event store contract against a real EventStoreDB: the server at EVENTSTORE_URL, or else a
 * throwaway insecure container started through testcontainers. Skips, saying why, when neither exists.
 */
import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { eventStoreContract } from './eventStore.contract'
import { createEventStoreDbEventStore } from './eventStoreDbEventStore'

const IMAGE = 'eventstore/eventstore:24.10'
const HTTP_PORT = 2113

const configuredUrl = process.env.EVENTSTORE_URL?.trim() ?? ''
const unavailable = configuredUrl === '' ? await whyNoContainerRuntime() : undefined

if (unavailable !== undefined) {
  describe.skip(`EventStoreDB contract — skipped: EVENTSTORE_URL is not set and ${unavailable}`, () => {
    it('needs an EventStoreDB server', () => undefined)
  })
} else {
  describe('EventStoreDB', () => {
    let container: StartedTestContainer | undefined
    let connectionString = configuredUrl

    beforeAll(async () => {
      if (connectionString !== '') {
        // A URL that was given must answer: one clear failure here instead of one per test.
        await (await createEventStoreDbEventStore({ connectionString })).close()
        return
      }
      container = await new GenericContainer(IMAGE)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_MEM_DB: 'true',
        })
        .withExposedPorts(HTTP_PORT)
        .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCode(204))
        .start()
      connectionString = `esdb://127.0.0.1:${container.getMappedPort(HTTP_PORT)}?tls=false`
    }, 300_000)

    afterAll(async () => {
      await container?.stop()
    })

    eventStoreContract('EventStoreDB', () => createEventStoreDbEventStore({ connectionString }))
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
