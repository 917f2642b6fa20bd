import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serialize } from 'node:v8'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from './embeddedReadStore'
import { DuplicateKeyError, type Doc, type ReadStore } from './port'
import { readStoreContract } from './readStore.contract'

readStoreContract('embedded, in memory', () => createEmbeddedReadStore())

describe('embedded read store with a snapshot', () => {
  let dir: string
  let path: string
  const open: ReadStore[] = []

  async function openStore(): Promise<ReadStore> {
    const store = await createEmbeddedReadStore({ snapshotPath: path })
    open.push(store)
    return store
  }

  async function reopen(store: ReadStore): Promise<ReadStore> {
    await store.close()
    return openStore()
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelmates-read-store-'))
    path = join(dir, 'nested', 'read-models.db')
  })
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  describe('the contract on a snapshotted store', () => {
    // Every test opens the store from the snapshot the previous tests left (their data included) and
    // flushes when it closes, so loading and incremental flushing run under the whole contract.
    const contractDir = mkdtempSync(join(tmpdir(), 'reelmates-contract-'))
    afterAll(() => rmSync(contractDir, { recursive: true, force: true }))
    readStoreContract('embedded, snapshotted', async () =>
      flushingOnClose(await createEmbeddedReadStore({ snapshotPath: join(contractDir, 'read-models.db') })),
    )
  })

  it('restores documents, indexes and their uniqueness from the snapshot', async () => {
    const store = await openStore()
    const users = store.collection('users')
    await users.createIndex({ keys: { email: 1 }, unique: true })
    await users.createIndex({ keys: { city: 1 } })
    await users.insertMany([
      { _id: 'u1', email: 'ana@example.com', city: 'Lyon', joined: new Date('2026-01-02T03:04:05Z') },
      { _id: 'u2', email: 'bo@example.com', city: 'Oslo', tags: ['a', 'b'] },
    ])
    await store.collection('checkpoints').insertOne({ _id: 'users', position: 7 })
    await store.flush()

    const restored = await reopen(store)

    expect(await restored.listCollections()).toEqual(['checkpoints', 'users'])
    expect(await restored.collection('users').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'u1', email: 'ana@example.com', city: 'Lyon', joined: new Date('2026-01-02T03:04:05Z') },
      { _id: 'u2', email: 'bo@example.com', city: 'Oslo', tags: ['a', 'b'] },
    ])
    expect(await restored.collection('users').find({ city: 'Oslo' })).toHaveLength(1)
    await expect(
      restored.collection('users').insertOne({ _id: 'u3', email: 'ana@example.com' }),
    ).rejects.toBeInstanceOf(DuplicateKeyError)
    // Creating the same index again after a restart is still a no-op.
    await restored.collection('users').createIndex({ keys: { email: 1 }, unique: true })
    expect(await restored.collection('checkpoints').findOne({ _id: 'users' })).toEqual({ _id: 'users', position: 7 })
  })

  describe('a snapshot larger than one slice, read in the background', () => {
    // 1,234 documents: two full background slices of 500 and a short one.
    const many = Array.from({ length: 1234 }, (_, i) => ({
      _id: `t${String(i).padStart(4, '0')}`,
      owner: `m${i % 7}`,
      n: i,
    }))
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

    async function snapshotOfMany(): Promise<ReadStore> {
      const store = await openStore()
      await store.collection('titles').createIndex({ keys: { owner: 1 } })
      await store.collection('titles').insertMany(many)
      await store.collection('others').insertOne({ _id: 'o1' })
      await store.flush()
      await store.close()
      return openStore()
    }

    it('answers a collection used before its documents were read with every document, through its index', async () => {
      const restored = await snapshotOfMany()
      // Before the background reader's first turn.
      expect(await restored.collection('titles').countDocuments({ owner: 'm3' })).toBe(
        many.filter((doc) => doc.owner === 'm3').length,
      )
      expect(await restored.collection('titles').countDocuments()).toBe(many.length)
    })

    it('answers every document once the background reader is half-way', async () => {
      const restored = await snapshotOfMany()
      await nextTurn()
      await nextTurn()
      expect(await restored.collection('titles').find({}, { sort: { n: 1 } })).toEqual(many)
      await expect(restored.collection('titles').insertOne({ _id: 't0600' })).rejects.toBeInstanceOf(DuplicateKeyError)
    })

    it('loses nothing when a flush comes while a collection is half read, and after it was read whole', async () => {
      const restored = await snapshotOfMany()
      await nextTurn()
      await restored.collection('others').insertOne({ _id: 'o2' })
      await restored.flush()
      for (let turn = 0; turn < 6; turn++) await nextTurn()
      await restored.collection('others').insertOne({ _id: 'o3' })
      await restored.flush()
      const again = await reopen(restored)
      expect(await again.collection('titles').find({}, { sort: { n: 1 } })).toEqual(many)
      expect(await again.collection('others').countDocuments()).toBe(3)
    })

    it('creates an index it already has again, and a new one over every document', async () => {
      const restored = await snapshotOfMany()
      await restored.collection('titles').createIndex({ keys: { owner: 1 } })
      await restored.collection('titles').createIndex({ keys: { n: 1 }, unique: true })
      await expect(restored.collection('titles').insertOne({ _id: 'x', n: 1233 })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      )
    })

    it('renames a half-read collection with all its documents, and forgets a dropped one', async () => {
      const restored = await snapshotOfMany()
      await nextTurn()
      await restored.renameCollection('titles', 'renamed')
      await restored.dropCollection('others')
      await restored.flush()
      const again = await reopen(restored)
      expect(await again.listCollections()).toEqual(['renamed'])
      expect(await again.collection('renamed').countDocuments()).toBe(many.length)
      expect(await again.collection('titles').countDocuments()).toBe(0)
    })

    it('says once when every document of the snapshot is in memory', async () => {
      await (await snapshotOfMany()).close()
      const heard: { documents: number; seconds: number }[] = []
      const store = await createEmbeddedReadStore({ snapshotPath: path, onSnapshotRead: (read) => heard.push(read) })
      open.push(store)
      await nextTurn()
      expect(heard).toEqual([])
      for (let turn = 0; turn < 6; turn++) await nextTurn()
      expect(heard).toEqual([{ documents: many.length + 1, seconds: expect.any(Number) as number }])
    })

    it('keeps a rolled-back drop of a collection not yet read whole', async () => {
      const restored = await snapshotOfMany()
      await expect(
        restored.atomically(async () => {
          await restored.dropCollection('titles')
          throw new Error('refused')
        }),
      ).rejects.toThrow('refused')
      for (let turn = 0; turn < 4; turn++) await nextTurn()
      expect(await restored.collection('titles').countDocuments()).toBe(many.length)
    })
  })

  it('keeps only what was flushed: writes after the last flush are not in the snapshot', async () => {
    const store = await openStore()
    await store.collection('items').insertOne({ _id: 'flushed' })
    await store.flush()
    await store.collection('items').insertOne({ _id: 'not flushed' })
    const restored = await reopen(store)
    expect(await restored.collection('items').find({})).toEqual([{ _id: 'flushed' }])
  })

  it('flushes incrementally: updates, deletes, drops and renames since the last flush all land', async () => {
    const store = await openStore()
    const items = store.collection('items')
    await items.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `i${i}`, n: i })))
    await store.collection('doomed').insertOne({ _id: 'd' })
    await store.collection('old_name').insertOne({ _id: 'o' })
    await store.collection('live').insertOne({ _id: 'stale' })
    await store.flush()

    await items.updateOne({ _id: 'i1' }, { $set: { n: 100 } })
    await items.deleteOne({ _id: 'i2' })
    await items.insertOne({ _id: 'i50', n: 50 })
    await store.dropCollection('doomed')
    await store.collection('rebuild').insertOne({ _id: 'fresh' })
    await store.renameCollection('rebuild', 'live')
    await store.renameCollection('old_name', 'new_name')
    await store.flush()
    // A second flush with nothing changed writes nothing and loses nothing.
    await store.flush()

    const restored = await reopen(store)
    expect(await restored.listCollections()).toEqual(['items', 'live', 'new_name'])
    expect(await restored.collection('items').countDocuments()).toBe(50)
    expect(await restored.collection('items').findOne({ _id: 'i1' })).toEqual({ _id: 'i1', n: 100 })
    expect(await restored.collection('items').findOne({ _id: 'i2' })).toBeNull()
    expect(await restored.collection('items').findOne({ _id: 'i50' })).toEqual({ _id: 'i50', n: 50 })
    expect(await restored.collection('live').find({})).toEqual([{ _id: 'fresh' }])
    expect(await restored.collection('new_name').find({})).toEqual([{ _id: 'o' }])
  })

  it('writes only the documents changed since the last flush', async () => {
    const store = await openStore()
    const items = store.collection('items')
    await items.insertMany([
      { _id: 'changed', n: 1 },
      { _id: 'unchanged', n: 1 },
    ])
    await store.flush()
    // Mark the unchanged document's row behind the store's back: a flush that rewrote it would undo this.
    const file = new Database(path)
    file
      .prepare('UPDATE documents SET body = ? WHERE id = ?')
      .run(serialize({ _id: 'unchanged', n: 'marker' }), 'unchanged')
    file.close()

    await items.updateOne({ _id: 'changed' }, { $set: { n: 2 } })
    await store.flush()

    const restored = await reopen(store)
    expect(await restored.collection('items').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'changed', n: 2 },
      { _id: 'unchanged', n: 'marker' },
    ])
  })

  it('never snapshots half of an atomically: a flush waits for the running unit', async () => {
    const store = await openStore()
    const halfway = deferred()
    const reached = deferred()

    const unit = store.atomically(async () => {
      await store.collection('watchlist_items').insertOne({ _id: 'w1' })
      reached.resolve()
      await halfway.promise
      await store.collection('checkpoints').insertOne({ _id: 'watchlist_items', position: 1 })
    })
    await reached.promise
    const flush = store.flush()
    halfway.resolve()
    await Promise.all([unit, flush])

    const restored = await reopen(store)
    expect(await restored.collection('watchlist_items').find({})).toEqual([{ _id: 'w1' }])
    expect(await restored.collection('checkpoints').find({})).toEqual([{ _id: 'watchlist_items', position: 1 }])
  })

  it('a unit that starts while a flush waits runs after that flush, so the flush holds none of it', async () => {
    const store = await openStore()
    const blocked = deferred()
    const first = store.atomically(async () => {
      await store.collection('a').insertOne({ _id: 'first' })
      await blocked.promise
    })
    const flush = store.flush()
    const second = store.atomically(async () => {
      await store.collection('a').insertOne({ _id: 'second' })
    })
    blocked.resolve()
    await Promise.all([first, flush, second])
    await store.close()

    const restored = await openStore()
    expect(await restored.collection('a').find({})).toEqual([{ _id: 'first' }])
  })

  it('rolls back every write of a unit that fails, and a snapshot never sees them', async () => {
    const store = await openStore()
    const items = store.collection('items')
    await items.insertMany([
      { _id: 'kept', n: 1 },
      { _id: 'deleted', n: 2 },
    ])
    await store.collection('replaced').insertOne({ _id: 'old' })
    await expect(
      store.atomically(async () => {
        await items.updateOne({ _id: 'kept' }, { $inc: { n: 10 } })
        await items.deleteOne({ _id: 'deleted' })
        await items.insertOne({ _id: 'added' })
        await items.createIndex({ keys: { n: 1 }, unique: true })
        await store.collection('new').insertOne({ _id: 'x' })
        await store.collection('staged').insertOne({ _id: 'new' })
        await store.renameCollection('staged', 'replaced')
        throw new Error('projector failed')
      }),
    ).rejects.toThrow('projector failed')

    const expectUnchanged = async (readStore: ReadStore) => {
      expect(await readStore.collection('items').find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'deleted', n: 2 },
        { _id: 'kept', n: 1 },
      ])
      expect(await readStore.listCollections()).toEqual(['items', 'replaced'])
      expect(await readStore.collection('replaced').find({})).toEqual([{ _id: 'old' }])
      await readStore.collection('items').insertOne({ _id: 'same n', n: 1 })
    }
    await expectUnchanged(store)
    await items.deleteOne({ _id: 'same n' })
    await store.flush()
    await expectUnchanged(await reopen(store))
  })

  it('rolls back a whole insertMany or updateMany that breaks a unique index', async () => {
    const store = await openStore()
    const users = store.collection<Doc & { email?: string; n?: number }>('users')
    await users.createIndex({ keys: { email: 1 }, unique: true })
    await users.insertMany([
      { _id: 'u1', email: 'a@example.com', n: 1 },
      { _id: 'u2', email: 'b@example.com', n: 2 },
    ])
    await expect(
      users.insertMany([
        { _id: 'u3', email: 'c@example.com' },
        { _id: 'u4', email: 'a@example.com' },
      ]),
    ).rejects.toBeInstanceOf(DuplicateKeyError)
    await expect(users.updateMany({}, { $set: { email: 'same@example.com' } })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    )
    expect(await users.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'u1', email: 'a@example.com', n: 1 },
      { _id: 'u2', email: 'b@example.com', n: 2 },
    ])
    await users.insertOne({ _id: 'u3', email: 'c@example.com' })
  })

  it('erases deleted and overwritten documents from the snapshot files', async () => {
    const store = await openStore()
    const users = store.collection('users')
    const padding = 'x'.repeat(5000) // large enough to spill onto overflow pages
    await users.insertMany([
      { _id: 'u1', email: 'erase-me-1@example.com', bio: `secret-bio-one ${padding}` },
      { _id: 'u2', email: 'erase-me-2@example.com', bio: 'secret-bio-two' },
      { _id: 'u3', email: 'keep-me@example.com', bio: 'public' },
    ])
    await store.collection('profiles').insertOne({ _id: 'p1', text: 'secret-profile-text' })
    // An id can be personal too (a username as key): the primary key's index must forget it as well.
    await store.collection('usernames').insertMany([{ _id: 'erase-me-username' }, { _id: 'kept-username' }])
    await store.flush()
    expect(snapshotBytesContain('erase-me-1@example.com')).toBe(true)

    await users.deleteOne({ _id: 'u1' })
    await users.replaceOne({ _id: 'u2' }, { _id: 'u2', email: 'anonymous', bio: '' })
    await store.dropCollection('profiles')
    await store.collection('usernames').deleteOne({ _id: 'erase-me-username' })
    await store.flush()

    for (const secret of [
      'erase-me-1@example.com',
      'secret-bio-one',
      'erase-me-2@example.com',
      'secret-bio-two',
      'secret-profile-text',
      'erase-me-username',
    ]) {
      expect(snapshotBytesContain(secret), secret).toBe(false)
    }
    expect(snapshotBytesContain('keep-me@example.com')).toBe(true)
    const restored = await reopen(store)
    expect(await restored.collection('users').countDocuments()).toBe(2)
  })

  function snapshotBytesContain(text: string): boolean {
    const needle = Buffer.from(text, 'latin1')
    const folder = join(dir, 'nested')
    return readdirSync(folder).some((file) => readFileSync(join(folder, file)).includes(needle))
  }
})

function flushingOnClose(store: ReadStore): ReadStore {
  return {
    collection: (name) => store.collection(name),
    listCollections: () => store.listCollections(),
    dropCollection: (name) => store.dropCollection(name),
    renameCollection: (from, to) => store.renameCollection(from, to),
    atomically: (work) => store.atomically(work),
    isTransient: (error) => store.isTransient(error),
    flush: () => store.flush(),
    close: async () => {
      await store.flush()
      await store.close()
    },
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {}
  const promise = new Promise<void>((settle) => (resolve = settle))
  return { promise, resolve }
}
