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

    // Titles to put on watchlists: the second kind of command, on other streams and read models.
    const trending = await (await clients[0]!.client.call('GET', '/api/tmdb/trending/movies')).json()
    const titles = (trending as { results: { id: number }[] }).results.map((title) => title.id)
    expect(titles.length).toBeGreaterThan(5)

    // Send 1,000 commands, 16 at a time: profile updates and watchlist additions. Once 400 have been
    // answered the plug is pulled; what is in flight then, or sent while the server is down, is never
    // answered. The rest goes to the restarted server, so every one of the 1,000 is attempted.
    const acknowledgedBios: { userId: string; bio: string }[] = []
    const acknowledgedAdds: { userId: string; tmdbId: number }[] = []
    let answered = 0
    let unanswered = 0
    let attempted = 0
    let next = 0
    let restarting: Promise<void> | undefined
    const restart = async () => {
      await server!.kill()
      server = await startServer(env, server!.port)
    }
    const send = async (n: number) => {
      const { client, userId } = clients[n % users]!
      if (n % 3 === 0) {
        const tmdbId = titles[Math.floor(n / users) % titles.length]!
        const answer = await client.call('POST', '/api/watchlist', { tmdbId, mediaType: 'movie' })
        // A 409 is an answer too (the title was already there): only a 2xx acknowledges a new event.
        if (answer.ok) acknowledgedAdds.push({ userId, tmdbId })
        return
      }
      const bio = `crash-update-${n}`
      const answer = await client.call('PUT', '/api/user/profile', { bio })
      expect(answer.status, await answer.clone().text()).toBe(200)
      acknowledgedBios.push({ userId, bio })
    }
    const worker = async () => {
      while (next < commands) {
        const n = next++
        attempted++
        try {
          await send(n)
          answered++
        } catch (error) {
          if (!(error instanceof TypeError)) throw error
          // fetch failed: the connection died with the server, or nobody was listening yet
          unanswered++
          await restarting
        }
        if (answered >= killAfterAnswers) restarting ??= restart()
      }
    }
    await Promise.all(Array.from({ length: inFlight }, worker))
    await restarting
    expect(restarting).toBeDefined()
    expect(attempted).toBe(commands)
    expect(answered + unanswered).toBe(commands)
    expect(answered).toBeGreaterThan(killAfterAnswers)
    expect(acknowledgedAdds.length).toBeGreaterThan(0)

    // Wait for the restarted server's read models to reach the head of the log.
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
    for (const { userId, bio } of acknowledgedBios) expect(biosByUser.get(userId)).toContain(bio)
    for (const { userId, tmdbId } of acknowledgedAdds) {
      const added = (await eventStore.readStream(`watchlist-${userId}`)).filter(
        (e) => e.type === 'TitleAddedToWatchlist' && e.data.tmdbId === tmdbId,
      )
      expect(added.length).toBeGreaterThan(0)
    }

    // The read models (restored from the snapshot, then caught up) equal a rebuild from position 0.
    const restored = await createEmbeddedReadStore({ snapshotPath: join(dataDir, 'read-models.db') })
    const rebuilt = await createEmbeddedReadStore({})
    const runner = createProjectionRunner({ eventStore, readStore: rebuilt, projectors: allProjectors })
    await runner.start()
    expect(await runner.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true)
    await runner.stop()
    expect(await collectionsOf(restored)).toEqual(await collectionsOf(rebuilt))

    // And each user's read models show the last update of their stream and every acknowledged title.
    for (const { userId } of clients) {
      const doc = await restored.collection('users').findOne({ _id: userId })
      expect(doc?.bio).toBe(biosByUser.get(userId)?.at(-1))
    }
    for (const { userId, tmdbId } of acknowledgedAdds) {
      expect(await restored.collection('watchlist_items').findOne({ userId, tmdbId })).not.toBeNull()
    }
    await restored.close()
    await rebuilt.close()
    await eventStore.close()
    await vault.close()
  }, 240_000)
})
