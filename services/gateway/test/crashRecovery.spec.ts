import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '@reelmates/infra/config'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'
import { protectPersonalData } from '@reelmates/infra/personalData/protectedEventStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { httpClient, startServer, type ServerProcess } from './serverProcess'

const users = 10
const commands = 1000
const killAfterAnswers = 400
const inFlight = 16

async function collectionsOf(readStore: ReadStore): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {}
  for (const name of allProjectors.flatMap((p) => p.collections)) {
    result[name] = await readStore.collection(name).find({}, { sort: { _id: 1 } })
  }
  return result
}

describe('a server killed with SIGKILL in the middle of 1,000 commands', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-crash-'))
  const env = {
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT_MAX: '100000',
    SNAPSHOT_INTERVAL_MS: '200',
  }
  let server: (ServerProcess & { port: number }) | undefined
  afterAll(async () => {
    await server?.kill()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('keeps every answered command in the event store and the read models, equal to a rebuild', async () => {
    server = await startServer(env)
    const clients = await Promise.all(
      Array.from({ length: users }, async (_, n) => {
        const client = httpClient(server!.url)
        const answer = await client.call('POST', '/api/register', {
          username: `crashuser${n}`,
          email: `crash${n}@example.com`,
          password: 'password-123',
        })
        expect(answer.ok, await answer.clone().text()).toBe(true)
        const user = (await answer.json()) as { id: string }
        return { client, userId: user.id }
      }),
    )

    // Fire 1,000 profile updates, 16 at a time, and pull the plug once 400 have been answered.
    const acknowledged: { userId: string; bio: string }[] = []
    let next = 0
    let pullingThePlug: Promise<void> | undefined
    const worker = async () => {
      while (next < commands && !pullingThePlug) {
        const n = next++
        const { client, userId } = clients[n % users]!
        const bio = `crash-update-${n}`
        try {
          const answer = await client.call('PUT', '/api/user/profile', { bio })
          if (answer.ok) acknowledged.push({ userId, bio })
        } catch {
          // the connection died with the server: this command was never acknowledged
        }
        if (acknowledged.length >= killAfterAnswers) {
          pullingThePlug ??= server!.kill()
          await pullingThePlug
        }
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker))
    expect(pullingThePlug).toBeDefined()
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfterAnswers)

    // Restart on the same data and port; wait for the read models to reach the head of the log.
    server = await startServer(env, server.port)
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { headPosition: string }
    for (const { client, userId } of clients) {
      const answer = await client.call('GET', '/api/user', undefined, { 'x-min-position': health.headPosition })
      expect(answer.status).toBe(200)
      expect(((await answer.json()) as { id: string }).id).toBe(userId)
    }
    await server.stop()

    // Every acknowledged command is an event in the store.
    const config = loadConfig({ DATA_DIR: dataDir })
    const vault = createSqliteVault({ path: join(dataDir, 'personal-data.db'), secret: config.personalDataSecret })
    const eventStore = protectPersonalData(createSqliteEventStore({ path: join(dataDir, 'events.db') }), vault)
    const biosByUser = new Map<string, string[]>()
    for (const { userId } of clients) {
      const events = await eventStore.readStream(`account-${userId}`)
      biosByUser.set(
        userId,
        events.filter((e) => e.type === 'ProfileUpdated').map((e) => String(e.data.bio)),
      )
    }
    for (const { userId, bio } of acknowledged) expect(biosByUser.get(userId)).toContain(bio)

    // The read models (restored from the snapshot, then caught up) equal a rebuild from position 0.
    const restored = await createEmbeddedReadStore({ snapshotPath: join(dataDir, 'read-models.db') })
    const rebuilt = await createEmbeddedReadStore({})
    const runner = createProjectionRunner({ eventStore, readStore: rebuilt, projectors: allProjectors })
    await runner.start()
    expect(await runner.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true)
    await runner.stop()
    expect(await collectionsOf(restored)).toEqual(await collectionsOf(rebuilt))

    // And each user's read model shows the last acknowledged-or-later update of their stream.
    for (const { userId } of clients) {
      const doc = await restored.collection('users').findOne({ _id: userId })
      expect(doc?.bio).toBe(biosByUser.get(userId)?.at(-1))
    }
    await restored.close()
    await rebuilt.close()
    await eventStore.close()
    await vault.close()
  }, 240_000)
})
