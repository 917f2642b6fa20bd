import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { SESSION_TTL_MS, sessionStoreContract } from './sessionStore.contract'
import type { StoredSession } from './port'
import { createSqliteSessionStore } from './sqliteSessionStore'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-sessions-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const freshFile = () => join(directory, `${randomUUID()}.sqlite`)

sessionStoreContract('SQLite in memory', (now) =>
  Promise.resolve(createSqliteSessionStore({ path: ':memory:', ttlMs: SESSION_TTL_MS, now })),
)
sessionStoreContract('SQLite file', (now) =>
  Promise.resolve(createSqliteSessionStore({ path: freshFile(), ttlMs: SESSION_TTL_MS, now })),
)

const bytesOf = (path: string) =>
  readdirSync(directory)
    .filter((file) => join(directory, file).startsWith(path))
    .map((file) => readFileSync(join(directory, file)).toString('latin1'))
    .join('')

describe('SQLite session store', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps sessions across restarts, under a hash of their id', async () => {
    const path = freshFile()
    const id = randomBytes(24).toString('base64url')
    const first = createSqliteSessionStore({ path, ttlMs: SESSION_TTL_MS })
    await promisify(first.set.bind(first))(id, { cookie: { expires: null }, userId: 'user-ana' })
    await first.close()

    const bytes = bytesOf(path)
    expect(bytes).toContain('user-ana')
    expect(bytes).not.toContain(id)

    const reopened = createSqliteSessionStore({ path, ttlMs: SESSION_TTL_MS })
    expect(await promisify(reopened.get.bind(reopened))(id)).toMatchObject({ userId: 'user-ana' })
    await reopened.close()
  })

  it("leaves no bytes of an erased user's sessions in its files", async () => {
    const path = freshFile()
    const store = createSqliteSessionStore({ path, ttlMs: SESSION_TTL_MS })
    const set = promisify(store.set.bind(store))
    await set('phone', { cookie: { expires: null }, userId: 'user-ana', greeting: 'Hola Ana Lopez' } as StoredSession)
    await set('laptop', { cookie: { expires: null }, userId: 'user-ben', greeting: 'Hi Ben Okafor' } as StoredSession)
    // The check can see a session: before erasure its data is in the files.
    expect(bytesOf(path)).toContain('Hola Ana Lopez')

    await store.eraseUser('user-ana')
    expect(bytesOf(path)).not.toContain('Hola Ana Lopez')
    expect(bytesOf(path)).toContain('Hi Ben Okafor')
    await store.close()
    expect(bytesOf(path)).not.toContain('Hola Ana Lopez')
  })

  it('sweeps expired sessions on its interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    let time = 0
    const store = createSqliteSessionStore({ path: ':memory:', ttlMs: 1000, now: () => time, sweepIntervalMs: 5000 })
    const set = promisify(store.set.bind(store))
    await set('expiring', { cookie: { expires: null } })
    await set('lasting', { cookie: { expires: new Date(60_000) } })
    time = 1000
    vi.advanceTimersByTime(5000)
    // The sweep already removed the expired one, so a sweep now finds nothing more.
    expect(store.sweepExpired()).toBe(0)
    time = 60_000
    expect(store.sweepExpired()).toBe(1)
    await store.close()
  })

  it('answers a session it just read from memory, and sees another process end it within recentForMs', async () => {
    const path = freshFile()
    let time = 0
    const server = createSqliteSessionStore({ path, ttlMs: SESSION_TTL_MS, now: () => time, recentForMs: 1000 })
    const cli = createSqliteSessionStore({ path, ttlMs: SESSION_TTL_MS, now: () => time })
    const get = promisify(server.get.bind(server))
    await promisify(server.set.bind(server))('laptop', { cookie: { expires: null }, userId: 'user-ana' })
    // Every reader gets its own copy: changing one answer does not change the next.
    const first = (await get('laptop')) as StoredSession
    first.userId = 'someone else'
    expect(await get('laptop')).toMatchObject({ userId: 'user-ana' })

    await cli.eraseUser('user-ana')
    time = 999
    expect(await get('laptop')).toMatchObject({ userId: 'user-ana' })
    time = 1000
    expect(await get('laptop')).toBeNull()
    await Promise.all([server.close(), cli.close()])
  })

  it('ends a session at once when this process destroys it or erases its user, memory or not', async () => {
    const store = createSqliteSessionStore({ path: ':memory:', ttlMs: SESSION_TTL_MS })
    const set = promisify(store.set.bind(store))
    const get = promisify(store.get.bind(store))
    await set('phone', { cookie: { expires: null }, userId: 'user-ana' })
    await set('laptop', { cookie: { expires: null }, userId: 'user-ana' })
    await set('tablet', { cookie: { expires: null }, userId: 'user-ben' })
    expect(await get('phone')).toMatchObject({ userId: 'user-ana' })
    await promisify(store.destroy.bind(store))('phone')
    expect(await get('phone')).toBeNull()
    await store.eraseUser('user-ana')
    expect(await get('laptop')).toBeNull()
    expect(await get('tablet')).toMatchObject({ userId: 'user-ben' })
    await store.close()
  })

  it('does not answer an expired session from memory', async () => {
    let time = 0
    const store = createSqliteSessionStore({
      path: ':memory:',
      ttlMs: SESSION_TTL_MS,
      now: () => time,
      recentForMs: 60_000,
    })
    await promisify(store.set.bind(store))('phone', { cookie: { expires: new Date(500) }, userId: 'user-ana' })
    time = 500
    expect(await promisify(store.get.bind(store))('phone')).toBeNull()
    await store.close()
  })

  it('does not keep the process alive with its sweep timer', async () => {
    const store = createSqliteSessionStore({ path: ':memory:', ttlMs: 1000 })
    const refedTimers = process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
    await store.close()
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length).toBe(refedTimers)
  })
})
