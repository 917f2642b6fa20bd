import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from './embeddedReadStore'
import type { ReadStore } from './port'
import { isDamagedSnapshot, setSnapshotAside } from './snapshotAside'

/**
 * The snapshot is a cache of the event log: a write to it that fails, or a file that turns out to be
 * damaged, must never take the server down with it (crash walk A and D).
 */
describe('an embedded read store whose snapshot fails', () => {
  let dir: string
  let path: string
  const open: ReadStore[] = []
  const openStore = async (options: Parameters<typeof createEmbeddedReadStore>[0] = {}) => {
    const store = await createEmbeddedReadStore({ snapshotPath: path, ...options })
    open.push(store)
    return store
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelmates-snapshot-failures-'))
    path = join(dir, 'read-models.db')
  })
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** SQLite cannot create its rollback journal where a directory stands: every write fails, as on a full disk. */
  const blockWrites = () => mkdirSync(`${path}-journal`)
  const unblockWrites = () => rmSync(`${path}-journal`, { recursive: true })

  it('fails only the flush: a unit waiting for it runs, and the next flush writes what the failed one did not', async () => {
    const store = await openStore()
    await store.collection('films').insertOne({ _id: 'dune', title: 'Dune' })
    blockWrites()

    const flushed = store.flush()
    const unit = store.atomically(async () => {
      await store.collection('films').insertOne({ _id: 'heat', title: 'Heat' })
      return 'ran'
    })
    await expect(flushed).rejects.toThrow()
    await expect(unit).resolves.toBe('ran')

    unblockWrites()
    await store.flush()
    await store.close()
    const reopened = await openStore()
    expect(await reopened.collection('films').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'dune', title: 'Dune' },
      { _id: 'heat', title: 'Heat' },
    ])
  })

  it('rejects, instead of throwing, when the file is not a database', async () => {
    writeFileSync(path, Buffer.alloc(8192, 0x5a))
    const opening = (() => {
      try {
        return createEmbeddedReadStore({ snapshotPath: path })
      } catch (error) {
        return `threw ${String(error)}`
      }
    })()
    expect(typeof opening).not.toBe('string')
    const error: unknown = await (opening as Promise<ReadStore>).then(
      () => undefined,
      (failure: unknown) => failure,
    )
    expect(String(error)).toContain('file is not a database')
    expect(isDamagedSnapshot(error)).toBe(true)
  })

  it('reports a document it cannot decode in the background, and leaves that collection unread instead of half read', async () => {
    const store = await openStore()
    await store.collection('films').insertMany([
      { _id: 'dune', title: 'Dune' },
      { _id: 'heat', title: 'Heat' },
    ])
    await store.collection('people').insertOne({ _id: 'ana', name: 'Ana' })
    await store.flush()
    await store.close()
    open.splice(0)
    const db = new Database(path)
    db.prepare("UPDATE documents SET body = '[[], {not json' WHERE collection = 'films' AND id = 'heat'").run()
    db.close()

    const damaged: string[] = []
    let readWhole = false
    const reopened = await openStore({
      onSnapshotDamaged: ({ collection }) => damaged.push(collection),
      onSnapshotRead: () => (readWhole = true),
    })
    await expect.poll(() => damaged).toEqual(['films'])
    // The reader goes on past the damaged collection, and never says the snapshot is read whole.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(readWhole).toBe(false)
    expect(await reopened.collection('people').find({})).toEqual([{ _id: 'ana', name: 'Ana' }])
    await expect(reopened.collection('films').find({})).rejects.toThrow(SyntaxError)
  })

  it('sets a snapshot aside with its journal, and tells a damaged file from an unreachable one', () => {
    writeFileSync(path, 'snapshot')
    writeFileSync(`${path}-journal`, 'journal')
    const aside = setSnapshotAside(path, 'damaged', new Date('2026-11-30T10:20:30.456Z'))
    expect(aside).toBe(`${path}.damaged-2026-11-30T10-20-30-456Z`)
    expect(readable(aside)).toBe('snapshot')
    expect(readable(`${aside}-journal`)).toBe('journal')
    expect(readable(path)).toBeUndefined()

    expect(isDamagedSnapshot(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }))).toBe(false)
    expect(isDamagedSnapshot(new SyntaxError('Unexpected token'))).toBe(true)
  })
})

function readable(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined
}
