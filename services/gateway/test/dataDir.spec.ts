import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort, httpClient, startServer, type ServerProcess } from './serverProcess'

const repoRoot = join(import.meta.dirname, '..', '..', '..')
const dataDirs: string[] = []
const servers: ServerProcess[] = []
const others: ChildProcess[] = []
afterEach(async () => {
  for (const child of others.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const server of servers.splice(0)) await server.kill()
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function dataDirEnv(extra: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-data-dir-'))
  dataDirs.push(dataDir)
  return {
    dataDir,
    env: { DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web'), AUTH_RATE_LIMIT_MAX: '100000', ...extra },
  }
}

async function serve(env: Record<string, string>) {
  const server = await startServer(env)
  servers.push(server)
  return server
}

/** Starts another server and waits until it exits, or answers (which it must not). */
async function startAnother(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  others.push(child)
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const code = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(resolve, 200, 'running'))])
    if (code !== 'running') return { code, output }
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined)
    if (answer?.ok) return { code: null, output: `${output}\n(it serves on the same data directory)` }
  }
  return { code: null, output: `${output}\n(still running)` }
}

describe('one server per data directory (crash walk B)', () => {
  it('refuses a second server with one line naming the directory and the pid, and takes over after a kill', async () => {
    const { dataDir, env } = dataDirEnv()
    const first = await serve(env)

    const second = await startAnother(env)
    expect(second.output.trim()).toBe(
      `The data directory ${dataDir} is in use by another Reelmates server (pid ${first.child.pid}); stop it first, or give this one another DATA_DIR.`,
    )
    expect(second.code).toBe(1)
    expect((await fetch(`${first.url}/api/health`)).ok).toBe(true)

    // Killed, the first leaves its lock behind; its pid is gone, so the next server takes the directory.
    await first.kill()
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).toBe(`${first.child.pid}\n`)
    const third = await serve(env)
    expect(readFileSync(join(dataDir, 'server.lock'), 'utf8')).toBe(`${third.child.pid}\n`)
    await third.stop()
    expect(third.child.exitCode).toBe(0)
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
  }, 120_000)
})

describe('a read-model snapshot that cannot be written (crash walk A)', () => {
  it('is logged and written at a later flush, while the server goes on serving', async () => {
    const { dataDir, env } = dataDirEnv({ SNAPSHOT_INTERVAL_MS: '200' })
    const server = await serve(env)
    const snapshot = join(dataDir, 'read-models.db')
    // SQLite cannot create its rollback journal where a directory stands: every flush fails, as on a
    // full disk or a directory made read-only.
    mkdirSync(`${snapshot}-journal`)

    const client = httpClient(server.url)
    const answer = await client.call('POST', '/api/register', {
      username: 'flusher',
      email: 'flusher@example.com',
      password: 'password-123',
    })
    expect(answer.status).toBe(201)
    const { id } = (await answer.json()) as { id: string }
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('read-model snapshot not written')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(server.child.exitCode, server.output()).toBeNull()
    expect((await fetch(`${server.url}/api/health`)).ok).toBe(true)

    rmSync(`${snapshot}-journal`, { recursive: true })
    const documentsOf = () => {
      const db = new Database(snapshot, { readonly: true })
      try {
        return db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM documents WHERE id = ?').get(id)?.n ?? 0
      } finally {
        db.close()
      }
    }
    await expect.poll(documentsOf, { timeout: 10_000 }).toBeGreaterThan(0)
  }, 120_000)
})
