import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { afterEach, describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { httpClient, startServer, type ServerProcess } from './serverProcess'

const dataDirs: string[] = []
const servers: ServerProcess[] = []
const sockets: Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  for (const server of servers.splice(0)) await server.kill()
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function serverWithData(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-shutdown-'))
  dataDirs.push(dataDir)
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT_MAX: '100000',
    // Only the stop writes the snapshot, so finding the data in it proves the stop wrote it.
    SNAPSHOT_INTERVAL_MS: '3600000',
    ...env,
  })
  servers.push(server)
  return { server, dataDir }
}

/** Sockets that send half a request and then nothing: a graceful close would wait for them for minutes. */
async function halfSentRequests(port: number, count: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n')
            resolve()
          })
          socket.on('error', () => undefined)
          socket.once('error', reject)
          sockets.push(socket)
        }),
    ),
  )
}

/** Sockets that finished one keep-alive request and stay open, idle. */
async function idleKeepAlive(port: number, count: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n')
          })
          socket.once('data', () => resolve())
          socket.on('error', () => undefined)
          sockets.push(socket)
        }),
    ),
  )
}

function exitOf(server: ServerProcess): Promise<{ code: number | null; at: number }> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) resolve({ code: server.child.exitCode, at: Date.now() })
    else server.child.once('exit', (code) => resolve({ code, at: Date.now() }))
  })
}

describe('stopping the server', () => {
  it('ends within 10 s of a SIGTERM right after heavy load, with the read-model snapshot written', async () => {
    const { server, dataDir } = await serverWithData({ SHUTDOWN_DEADLINE_MS: '8000' })
    const users = Array.from({ length: 20 }, (_, n) => `loaded${n}`)
    const signedIn = httpClient(server.url)
    expect(
      (
        await signedIn.call('POST', '/api/register', {
          username: 'loader',
          email: 'loader@example.com',
          password: 'password-123',
        })
      ).status,
    ).toBe(201)

    // 50 keep-alive connections of reads while 20 accounts are made, then connections left open
    // both idle and in the middle of a request, as a load balancer or a slow client leaves them.
    const load = autocannon({
      url: `${server.url}/api/user`,
      connections: 50,
      duration: 3,
      headers: { cookie: signedIn.cookieHeader() },
    })
    await Promise.all(
      users.map(async (username) => {
        const answer = await httpClient(server.url).call('POST', '/api/register', {
          username,
          email: `${username}@example.com`,
          password: 'password-123',
        })
        expect(answer.status).toBe(201)
      }),
    )
    const result = await load
    expect(result.non2xx).toBe(0)
    // Every connection was answered, more than once: a loaded machine may serve few more than that.
    expect(result.requests.total).toBeGreaterThan(50)
    await idleKeepAlive(server.port, 25)
    await halfSentRequests(server.port, 25)

    const exited = exitOf(server)
    const signalled = Date.now()
    server.child.kill('SIGTERM')
    const { code, at } = await exited
    expect(at - signalled).toBeLessThan(10_000)
    expect(code, server.output()).toBe(0)

    const snapshot = await createEmbeddedReadStore({ snapshotPath: join(dataDir, 'read-models.db') })
    const names = (await snapshot.collection('users').find({})).map((user) => user.username)
    await snapshot.close()
    expect(names.sort()).toEqual(['loader', ...users].sort())
  }, 90_000)

  it('exits at once on a second signal while the first stop is still waiting for connections', async () => {
    const { server } = await serverWithData({ SHUTDOWN_DEADLINE_MS: '30000' })
    await halfSentRequests(server.port, 5)
    const exited = exitOf(server)
    server.child.kill('SIGTERM')
    // The first stop waits for the half-sent requests (up to 15 s here)...
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(server.child.exitCode).toBeNull()
    // ...and the second signal does not.
    const second = Date.now()
    server.child.kill('SIGINT')
    const { code, at } = await exited
    expect(at - second).toBeLessThan(2000)
    expect(code).toBe(1)
    expect(server.output()).toMatch(/second signal/)
  }, 90_000)
})
