import { AsyncLocalStorage } from 'node:async_hooks'
import { CollectionData } from './collectionData'
import { EmbeddedCollection, type CollectionHost } from './embeddedCollection'
import type { Collection, Doc, ReadStore } from './port'
import { openSnapshot, type Snapshot } from './snapshot'

/**
 * The read store of the embedded column: documents held in this process, queried and updated with
 * MongoDB's semantics (mingo), with real indexes, and snapshotted to SQLite by `flush()` so that a
 * restart resumes from the snapshot's checkpoints instead of replaying every event.
 *
 * `atomically(work)` gives the projection runner its "update and checkpoint together": a flush waits
 * until running units finish (and new units wait for the flush), so no snapshot holds half of one;
 * a unit that throws has its writes rolled back, as a MongoDB transaction would be.
 */
export interface EmbeddedReadStoreOptions {
  /** The SQLite snapshot file; without it the store lives in memory only. */
  snapshotPath?: string
  /** Called once every document of the snapshot is in memory (the store answers before that). */
  onSnapshotRead?: (read: { documents: number; seconds: number }) => void
  /**
   * Called when the background reader finds a collection it cannot read from the snapshot (a damaged
   * page, a document that does not decode). That collection is left unread, so it is never served
   * half: using it fails with the same error. The reader goes on with the others.
   */
  onSnapshotDamaged?: (damage: { collection: string; error: unknown }) => void
}

/** Documents read per turn of the event loop in the background (a few milliseconds' work). */
const SLICE_READ_IN_BACKGROUND = 500
/** Documents read per query when a collection is needed now. */
const SLICE_READ_AT_ONCE = 20_000

interface Unit {
  undo: (() => void)[]
}

/** Rejects when the snapshot cannot be opened or its collections read (a damaged file). */
export function createEmbeddedReadStore(options: EmbeddedReadStoreOptions = {}): Promise<ReadStore> {
  let snapshot: Snapshot | undefined
  try {
    snapshot = options.snapshotPath === undefined ? undefined : openSnapshot(options.snapshotPath)
    return Promise.resolve(new EmbeddedReadStore(snapshot, options))
  } catch (error) {
    snapshot?.close()
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
}

class EmbeddedReadStore implements ReadStore {
  private readonly collections = new Map<string, CollectionData>()
  private readonly units = new AsyncLocalStorage<Unit>()
  private runningUnits = 0
  private unitsFinished: (() => void)[] = []
  private flushing: Promise<void> | undefined
  private closed = false
  private readonly host: CollectionHost = {
    existing: (name) => this.read(this.usable().collections.get(name)),
    declared: (name) => this.usable().collections.get(name),
    forWrite: (name) => {
      let data = this.read(this.usable().collections.get(name))
      if (data === undefined) {
        const created = new CollectionData(name, { fromSnapshot: false, tracksChanges: this.snapshot !== undefined })
        this.collections.set(name, created)
        this.recordUndo(() => {
          if (this.collections.get(name) === created) this.collections.delete(name)
        })
        data = created
      }
      return data
    },
    recordUndo: (undo) => this.recordUndo(undo),
  }

  private readonly opened = performance.now()
  private documentsRead = 0
  /** Whether the background reader gave up on a collection: the snapshot is then never read whole. */
  private leftUnread = false

  private readonly onSnapshotRead: EmbeddedReadStoreOptions['onSnapshotRead']
  private readonly onSnapshotDamaged: EmbeddedReadStoreOptions['onSnapshotDamaged']

  constructor(
    private readonly snapshot: Snapshot | undefined,
    options: EmbeddedReadStoreOptions,
  ) {
    this.onSnapshotRead = options.onSnapshotRead
    this.onSnapshotDamaged = options.onSnapshotDamaged
    for (const stored of snapshot?.collections() ?? []) {
      const data = new CollectionData(stored.name, { fromSnapshot: true, tracksChanges: true })
      for (const definition of stored.indexes) data.addIndex(definition)
      data.indexesChanged = false
      data.unread = { after: undefined }
      this.collections.set(stored.name, data)
    }
    // A large snapshot takes far longer to read than a server takes to start: the documents are read
    // in the background, slice by slice, and a collection used before its turn is read at once.
    setImmediate(() => this.readInBackground([...this.collections.values()]))
  }

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new EmbeddedCollection<T>(name, this.host)
  }

  listCollections(): Promise<string[]> {
    return Promise.resolve([...this.usable().collections.keys()].sort())
  }

  dropCollection(name: string): Promise<void> {
    const dropped = this.usable().collections.get(name)
    if (dropped !== undefined) {
      this.collections.delete(name)
      this.recordUndo(() => this.collections.set(name, dropped))
    }
    return Promise.resolve()
  }

  renameCollection(from: string, to: string): Promise<void> {
    if (from === to) return Promise.reject(new Error(`Cannot rename ${from} to itself`))
    // Renamed, its documents would be looked for under the new name: read them first.
    const moved = this.read(this.usable().collections.get(from))
    const replaced = this.collections.get(to)
    // An empty rebuild never created its collection: swapping it in leaves the target empty.
    this.collections.delete(to)
    if (moved !== undefined) {
      this.collections.delete(from)
      moved.name = to
      moved.rewriteAll = true
      this.collections.set(to, moved)
    }
    this.recordUndo(() => {
      this.collections.delete(to)
      if (replaced !== undefined) this.collections.set(to, replaced)
      if (moved !== undefined) {
        moved.name = from
        moved.rewriteAll = true
        this.collections.set(from, moved)
      }
    })
    return Promise.resolve()
  }

  async atomically<R>(work: () => Promise<R>): Promise<R> {
    if (this.units.getStore() !== undefined) return work()
    while (this.flushing !== undefined) await this.flushing
    const unit: Unit = { undo: [] }
    this.runningUnits++
    try {
      return await this.units.run(unit, work)
    } catch (error) {
      for (const step of unit.undo.reverse()) step()
      throw error
    } finally {
      this.runningUnits--
      if (this.runningUnits === 0) for (const resume of this.unitsFinished.splice(0)) resume()
    }
  }

  isTransient(): boolean {
    return false
  }

  async flush(): Promise<void> {
    const snapshot = this.snapshot
    if (snapshot === undefined || this.closed) return
    if (this.units.getStore() !== undefined) throw new Error('flush() inside atomically() would wait for itself')
    while (this.flushing !== undefined) await this.flushing
    const writing = (async () => {
      while (this.runningUnits > 0) await new Promise<void>((resume) => this.unitsFinished.push(resume))
      // Synchronous from here: nothing else runs while the snapshot is written. A write that fails
      // (disk full, read-only directory) rolls back and leaves every change marked, for the next flush.
      snapshot.write(this.collections)
    })()
    // Units and closes wait for a flush to end, not for it to succeed: its error is the flusher's.
    this.flushing = writing.catch(() => undefined)
    try {
      await writing
    } finally {
      this.flushing = undefined
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    while (this.flushing !== undefined) await this.flushing
    this.closed = true
    this.snapshot?.close()
  }

  /** `data` with every document it has in the snapshot file in memory. */
  private read(data: CollectionData | undefined): CollectionData | undefined {
    while (data?.unread !== undefined) this.readSlice(data, SLICE_READ_AT_ONCE)
    return data
  }

  private readSlice(data: CollectionData, limit: number): void {
    const unread = data.unread
    if (unread === undefined || this.snapshot === undefined) return
    const docs = this.snapshot.documentsAfter(data.name, unread.after, limit)
    data.addFromSnapshot(docs)
    this.documentsRead += docs.length
    const last = docs[docs.length - 1]
    if (last === undefined || docs.length < limit) data.unread = undefined
    else unread.after = last._id
  }

  /** One slice per turn of the event loop, so that requests are answered while a snapshot loads. */
  private readInBackground(queue: CollectionData[]): void {
    if (this.closed) return
    let data = queue[0]
    // A collection dropped or replaced before its turn is no longer read from the file.
    while (data !== undefined && (data.unread === undefined || this.collections.get(data.name) !== data)) {
      queue.shift()
      data = queue[0]
    }
    if (data === undefined) {
      const seconds = (performance.now() - this.opened) / 1000
      if (!this.leftUnread) this.onSnapshotRead?.({ documents: this.documentsRead, seconds })
      return
    }
    try {
      this.readSlice(data, SLICE_READ_IN_BACKGROUND)
    } catch (error) {
      // Thrown here, it would end the process; left unread, the collection fails where it is used.
      queue.shift()
      this.leftUnread = true
      this.onSnapshotDamaged?.({ collection: data.name, error })
    }
    setImmediate(() => this.readInBackground(queue))
  }

  private recordUndo(undo: () => void): void {
    this.units.getStore()?.undo.push(undo)
  }

  private usable(): this {
    if (this.closed) throw new Error('The read store is closed')
    return this
  }
}
