import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { filesContaining } from '../src/testing/filesContaining'
import { openLog } from './crashSnapshots'
import { httpClient, startServer, type ServerProcess } from './serverProcess'

const marks = { bio: 'crash-erased-bio-6607', note: 'crash-erased-note-6607', email: 'crasherased6607@example.com' }
const password = 'password-123'

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Issue 16.7: an erasure cut off half-way by SIGKILL completes after a restart. To stop it at a known
 * point, the test holds the write lock of the key vault (reads still go through): the deletion is
 * recorded and the mail and sessions are erased, but destroying the key waits on the lock, and the
 * process is killed right then. The snapshot on disk still holds the member's words at that moment.
 */
describe('an account erasure cut off half-way by SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-crash-erasure-'))
  const env = { DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), SNAPSHOT_INTERVAL_MS: '200' }
  let server: (ServerProcess & { port: number }) | undefined
  afterAll(async () => {
    await server?.kill()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('completes when the server starts again', async () => {
    server = await startServer(env)
    const member = httpClient(server.url)
    const register = (client: ReturnType<typeof httpClient>, username: string, email: string) =>
      client.call('POST', '/api/register', { username, email, password })
    expect((await register(member, 'crasherased6607', marks.email)).status).toBe(201)
    const bystander = httpClient(server.url)
    expect((await register(bystander, 'bystander6607', 'bystander6607@example.com')).status).toBe(201)
    expect((await member.call('PUT', '/api/user/profile', { bio: marks.bio })).status).toBe(200)
    const trending = (await (await member.call('GET', '/api/tmdb/trending/movies')).json()) as {
      results: { id: number }[]
    }
    const added = await member.call('POST', '/api/watchlist', {
      tmdbId: trending.results[0]!.id,
      mediaType: 'movie',
      note: marks.note,
    })
    expect(added.status).toBe(201)
    expect((await member.call('POST', '/api/forgot-password', { email: marks.email })).status).toBe(200)
    // The words are in the snapshot and the mail in the outbox before the deletion.
    await until(() => filesContaining(dataDir, marks.note).includes('read-models.db'), 'the snapshot has the note')
    await until(() => filesContaining(dataDir, marks.bio).includes('read-models.db'), 'the snapshot has the bio')
    await until(() => filesContaining(dataDir, marks.email).includes('outbox.db'), 'the reset mail is in the outbox')

    const vaultLock = new Database(join(dataDir, 'personal-data.db'))
    vaultLock.exec('BEGIN IMMEDIATE')
    const log = new Database(join(dataDir, 'events.db'), { readonly: true })
    const deletions = log.prepare<[], { n: number }>("SELECT count(*) AS n FROM events WHERE type = 'AccountDeleted'")
    let answer: Response | undefined
    const deleting = member
      .call('DELETE', '/api/user', { currentPassword: password })
      .then((response) => (answer = response))
      .catch((error: unknown) => {
        if (!(error instanceof TypeError)) throw error // fetch failed: the process died before answering
      })
    try {
      await until(() => deletions.get()!.n === 1, 'the deletion is in the log', 30_000)
      await server.kill()
    } finally {
      vaultLock.exec('ROLLBACK')
      vaultLock.close()
      log.close()
    }
    await deleting
    expect(answer, 'the deletion was answered before the kill').toBeUndefined()

    // Half-way: the log says deleted, yet the key still opens the member's events and the words are on disk.
    const atCrash = openLog(dataDir)
    const accountEvents = await atCrash.eventStore.readStream(await accountStreamOf(atCrash, marks.bio))
    expect(accountEvents.map((e) => e.type)).toContain('AccountDeleted')
    await atCrash.close()
    expect(filesContaining(dataDir, marks.note)).toContain('read-models.db')

    server = await startServer(env, server.port)
    await until(
      () => Object.values(marks).every((mark) => filesContaining(dataDir, mark).length === 0),
      'no file holds the member’s data',
    )
    const stranger = httpClient(server.url)
    expect((await stranger.call('POST', '/api/login', { username: 'crasherased6607', password })).status).toBe(401)
    expect((await member.call('GET', '/api/user')).status).toBe(401)
    expect((await bystander.call('GET', '/api/user')).status).toBe(200)
    const availability = await stranger.call('GET', '/api/validate-username?username=crasherased6607')
    expect(await availability.json()).toEqual({ available: true })
    await server.stop()
    for (const mark of Object.values(marks)) expect(filesContaining(dataDir, mark), mark).toEqual([])
  }, 240_000)
})

/** The stream of the account whose profile holds `bio`, read through the vault while its key still exists. */
async function accountStreamOf(log: ReturnType<typeof openLog>, bio: string): Promise<string> {
  const updated = (await log.eventStore.readAll()).find((e) => e.type === 'ProfileUpdated' && e.data.bio === bio)
  if (!updated) throw new Error('the key is gone already: the erasure was not cut off half-way')
  return updated.streamId
}
