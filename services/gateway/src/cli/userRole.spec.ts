import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { password, register } from '../account/accountFixtures'
import { agent, createTestApp } from '../testing/testApp'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../../../..')

/** Runs the CLI the way `npm run user:role --` does, on a given data directory. */
async function userRole(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'services/gateway/src/cli/userRole.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web') },
      },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('npm run user:role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-role-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('makes a user an admin with an event, says so, and the app sees it', async () => {
    const first = await createTestApp({ dataDir })
    await register(first.app, 'chief')
    await first.close()

    // The CLI writes the log only: it leaves the read-model snapshot and the scheduler's leases (whose
    // owner is the data directory, shared with the server) to the server.
    for (const file of ['read-models.db', 'leases.db']) rmSync(join(dataDir, file))
    const promoted = await userRole(dataDir, 'chief', 'Admin')
    expect(promoted).toMatchObject({ code: 0, stdout: 'chief is now Admin (was User).\n' })
    expect((await userRole(dataDir, 'CHIEF', 'Admin')).stdout).toBe('CHIEF is already Admin; nothing changed.\n')
    expect(['read-models.db', 'leases.db'].filter((file) => existsSync(join(dataDir, file)))).toEqual([])

    const again = await createTestApp({ dataDir })
    try {
      const client = agent(again.app)
      expect((await client.post('/api/login', { username: 'chief', password })).json()).toMatchObject({ role: 'Admin' })
      expect((await client.get('/api/admin/outbox')).statusCode).toBe(200)
      const events = await again.platform.eventStore.readAll()
      expect(events.filter((e) => e.type === 'UserRoleChanged').map((e) => e.data)).toEqual([
        expect.objectContaining({ role: 'Admin', previousRole: 'User' }),
      ])
    } finally {
      await again.close()
    }
  }, 60_000)

  it('changes the role of a user of a server that is running, which sees it from the log', async () => {
    const running = await createTestApp({ dataDir })
    try {
      await register(running.app, 'deputy')
      expect(await userRole(dataDir, 'deputy', 'Admin')).toMatchObject({ code: 0 })
      const client = agent(running.app)
      expect((await client.post('/api/login', { username: 'deputy', password })).statusCode).toBe(200)
      await expect.poll(async () => (await client.get('/api/admin/outbox')).statusCode, { timeout: 10_000 }).toBe(200)
    } finally {
      await running.close()
    }
  }, 60_000)

  it('exits non-zero with a message for an unknown user or role', async () => {
    const unknownUser = await userRole(dataDir, 'nobody', 'Admin')
    expect(unknownUser.code).toBe(1)
    expect(unknownUser.stderr).toContain("No user is called 'nobody'.")
    const unknownRole = await userRole(dataDir, 'chief', 'Emperor')
    expect(unknownRole.code).toBe(2)
    expect(unknownRole.stderr).toContain("'Emperor' is not a role: use Admin or User.")
    expect((await userRole(dataDir)).stderr).toContain('Usage: npm run user:role -- <username> Admin|User')
  }, 60_000)

  it('refuses a data directory that holds no event store, in one line, and creates nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'reelmates-role-empty-'))
    try {
      for (const wrong of [empty, join(empty, 'missing')]) {
        const refused = await userRole(wrong, 'chief', 'Admin')
        expect(refused).toMatchObject({
          code: 3,
          stdout: '',
          stderr: `${wrong} holds no Reelmates event store (no events.db); set DATA_DIR to the data directory the server uses.\n`,
        })
      }
      expect(readdirSync(empty)).toEqual([])
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  }, 60_000)
})
