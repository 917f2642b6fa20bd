import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { register } from './account/accountFixtures'
import { createTestApp, type TestApp } from './testing/testApp'

/**
 * Crash walk C and D: the read-model snapshot is a cache of the event log. A snapshot the server
 * cannot read, or one ahead of the log, is set aside and the read models are rebuilt from the log.
 */
describe('starting on a read-model snapshot that cannot be used', () => {
  let dataDir: string
  const apps: TestApp[] = []
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'reelmates-read-models-'))
  })
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start() {
    const logs = new PassThrough()
    let logged = ''
    logs.on('data', (chunk: Buffer) => (logged += chunk.toString()))
    const app = await createTestApp({ dataDir, env: { LOG_LEVEL: 'warn' }, logDestination: logs })
    apps.push(app)
    return { ...app, logged: () => logged }
  }
  async function stop(app: TestApp) {
    apps.splice(apps.indexOf(app), 1)
    await app.close()
  }
  /** The member as the read models show them once they have caught up with the whole log. */
  async function member(app: TestApp, username: string) {
    expect(await app.platform.projections.waitForPosition(await app.platform.eventStore.headPosition())).toBe(true)
    return userQueries(app.platform.readStore).byUsername(username)
  }
  const setAside = (reason: string) =>
    readdirSync(dataDir).filter((name) => name.startsWith(`read-models.db.${reason}-`))

  it('rebuilds from the log when the snapshot is ahead of it (an older events.db restored beside it)', async () => {
    const first = await start()
    await register(first.app, 'anna')
    await stop(first)
    const older = join(dataDir, 'older')
    mkdirSync(older)
    copyFileSync(join(dataDir, 'events.db'), join(older, 'events.db'))

    const second = await start()
    await register(second.app, 'bert')
    await stop(second)
    for (const file of ['events.db', 'events.db-wal', 'events.db-shm']) rmSync(join(dataDir, file), { force: true })
    copyFileSync(join(older, 'events.db'), join(dataDir, 'events.db'))

    const restored = await start()
    expect(restored.logged()).toContain('read-model snapshot is ahead of the event log')
    expect(setAside('ahead')).toHaveLength(1)
    // Written after the restore, at positions the set-aside snapshot's checkpoints had already passed.
    await register(restored.app, 'carl')
    expect(await member(restored, 'carl')).toMatchObject({ username: 'carl' })
    expect(await member(restored, 'anna')).toMatchObject({ username: 'anna' })
    // Only the snapshot knew bert: the log it is rebuilt from does not.
    expect(await member(restored, 'bert')).toBeNull()
  }, 60_000)

  it('keeps a snapshot that is not ahead of the log', async () => {
    const first = await start()
    await register(first.app, 'anna')
    await stop(first)
    const again = await start()
    expect(again.logged()).not.toContain('read-model snapshot')
    expect(setAside('ahead')).toEqual([])
    expect(await member(again, 'anna')).toMatchObject({ username: 'anna' })
  }, 60_000)

  const damages: [string, (path: string) => void][] = [
    [
      'random bytes',
      (path) => writeFileSync(path, Buffer.from(Array.from({ length: 16_384 }, (_, i) => (i * 7919) % 251))),
    ],
    [
      'a file cut short',
      (path) => {
        const db = new Database(path)
        const pageSize = db.pragma('page_size', { simple: true }) as number
        db.close()
        // The first page only: the schema names tables whose pages are no longer there.
        writeFileSync(path, readFileSync(path).subarray(0, pageSize))
      },
    ],
    [
      'a checkpoint whose JSON does not parse',
      (path) => {
        const db = new Database(path)
        db.prepare("UPDATE documents SET body = '[[], {' WHERE collection = 'projection_checkpoints'").run()
        db.close()
      },
    ],
  ]
  for (const [damage, inflict] of damages) {
    it(`sets aside a snapshot of ${damage} and rebuilds from the log`, async () => {
      const first = await start()
      await register(first.app, 'anna')
      await stop(first)
      const snapshot = join(dataDir, 'read-models.db')
      inflict(snapshot)

      const again = await start()
      const [movedTo] = setAside('damaged')
      expect(movedTo).toBeDefined()
      expect(again.logged()).toContain('read-model snapshot cannot be read')
      expect(again.logged()).toContain(snapshot)
      expect(again.logged()).toContain(join(dataDir, movedTo!))
      expect(await member(again, 'anna')).toMatchObject({ username: 'anna' })
      await register(again.app, 'bert')
      expect(await member(again, 'bert')).toMatchObject({ username: 'bert' })
      await stop(again)
      expect(existsSync(snapshot)).toBe(true)
    }, 60_000)
  }
})
