import { isDeepStrictEqual } from 'node:util'
import { deepCopy } from './documentCopy'
import type { CollectionData } from './collectionData'
import { applyUpdate, assertReplacement, assertUpdateOperators, upsertSeed } from './documentUpdates'
import { indexDefinition, sameDefinition } from './indexes'
import type { Collection, Doc, Filter, FindOptions, IndexSpec, Update, UpdateOptions, UpdateResult } from './port'

/** What a collection handle needs from the embedded store that owns it. */
export interface CollectionHost {
  existing(name: string): CollectionData | undefined
  /** The collection named `name` as it is declared (its indexes), its documents perhaps not yet read. */
  declared(name: string): CollectionData | undefined
  /** The collection named `name`, created (as MongoDB does on a first write) if missing. */
  forWrite(name: string): CollectionData
  /** Keeps `undo` with the enclosing `atomically`, if any, to roll its writes back if it fails. */
  recordUndo(undo: () => void): void
}

/** One write's changes: all of them happen, or (when one is refused) none. */
interface Batch {
  insert(doc: Doc): void
  put(id: string, next: Doc | undefined): void
}

const nothingMatched: UpdateResult = { matchedCount: 0, modifiedCount: 0, upsertedId: null }

/**
 * A handle on a collection by name, as in MongoDB: it reaches whatever collection holds the name at
 * the time of each call, so a handle taken before a blue-green swap sees the swapped-in documents.
 */
export class EmbeddedCollection<T extends Doc = Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly host: CollectionHost,
  ) {}

  findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    return settle(() => {
      const [doc] = this.host.existing(this.name)?.find(filter, { ...options, limit: 1 }) ?? []
      return (doc as T | undefined) ?? null
    })
  }

  find(filter: Filter, options?: FindOptions): Promise<T[]> {
    return settle(() => (this.host.existing(this.name)?.find(filter, options) ?? []) as T[])
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return settle(() => this.host.existing(this.name)?.count(filter) ?? 0)
  }

  insertOne(doc: T): Promise<void> {
    return this.insertMany([doc])
  }

  insertMany(docs: T[]): Promise<void> {
    return settle(() => {
      const copies = docs.map((doc) => newDocument(doc))
      this.write(this.host.forWrite(this.name), (batch) => {
        for (const doc of copies) batch.insert(doc)
      })
    })
  }

  updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    return settle(() => {
      assertUpdateOperators(update)
      const data = options.upsert === true ? this.host.forWrite(this.name) : this.host.existing(this.name)
      if (data === undefined) return nothingMatched
      return this.write(data, (batch) => {
        const [target] = data.matching(filter)
        if (target !== undefined) {
          const next = deepCopy(target)
          const modified = applyUpdate(next, update, filter, false)
          if (modified) batch.put(next._id, next)
          return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedId: null }
        }
        if (options.upsert !== true) return nothingMatched
        const inserted = upsertSeed(filter, update)
        applyUpdate(inserted, update, filter, true)
        batch.insert(inserted)
        return { ...nothingMatched, upsertedId: inserted._id }
      })
    })
  }

  updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return settle(() => {
      assertUpdateOperators(update)
      const data = this.host.existing(this.name)
      if (data === undefined) return nothingMatched
      return this.write(data, (batch) => {
        const targets = data.matching(filter)
        let modifiedCount = 0
        for (const target of targets) {
          const next = deepCopy(target)
          if (applyUpdate(next, update, filter, false)) {
            batch.put(next._id, next)
            modifiedCount++
          }
        }
        return { matchedCount: targets.length, modifiedCount, upsertedId: null }
      })
    })
  }

  replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    return settle(() => {
      assertReplacement(doc)
      const data = options.upsert === true ? this.host.forWrite(this.name) : this.host.existing(this.name)
      if (data === undefined) return nothingMatched
      return this.write(data, (batch) => {
        const [target] = data.matching(filter)
        if (target !== undefined) {
          if ((doc._id as unknown) !== undefined && doc._id !== target._id) {
            throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'")
          }
          const { _id: _sameId, ...fields } = deepCopy(doc)
          const next: Doc = { _id: target._id, ...fields }
          const modified = !isDeepStrictEqual(next, target)
          if (modified) batch.put(target._id, next)
          return { matchedCount: 1, modifiedCount: modified ? 1 : 0, upsertedId: null }
        }
        if (options.upsert !== true) return nothingMatched
        const givenId: unknown = doc._id
        const inserted = newDocument({ ...doc, _id: typeof givenId === 'string' ? givenId : upsertSeed(filter)._id })
        batch.insert(inserted)
        return { ...nothingMatched, upsertedId: inserted._id }
      })
    })
  }

  deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    return settle(() => this.delete(filter, 1))
  }

  deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    return settle(() => this.delete(filter, Infinity))
  }

  createIndex(spec: IndexSpec): Promise<void> {
    return settle(() => {
      const definition = indexDefinition(spec)
      if (JSON.stringify(definition.keys) === '{"_id":1}') return
      // Every start asks for the indexes it already has: that alone does not need the documents.
      const same = this.host
        .declared(this.name)
        ?.indexes.find(
          (index) =>
            index.definition.name === definition.name ||
            JSON.stringify(index.definition.keys) === JSON.stringify(definition.keys),
        )
      if (same !== undefined) {
        if (sameDefinition(same.definition, definition)) return
        throw new Error(`Index ${definition.name} conflicts with existing index ${same.definition.name}`)
      }
      const data = this.host.forWrite(this.name)
      const index = data.addIndex(definition)
      this.host.recordUndo(() => data.removeIndex(index))
    })
  }

  private delete(filter: Filter, most: number): { deletedCount: number } {
    const data = this.host.existing(this.name)
    if (data === undefined) return { deletedCount: 0 }
    return this.write(data, (batch) => {
      const targets = data.matching(filter).slice(0, most)
      for (const target of targets) batch.put(target._id, undefined)
      return { deletedCount: targets.length }
    })
  }

  /** Runs `work` as one batch, rolled back whole if any of its writes is refused. */
  private write<R>(data: CollectionData, work: (batch: Batch) => R): R {
    const undo: (() => void)[] = []
    const put = (id: string, next: Doc | undefined) => {
      const previous = data.put(id, next)
      undo.push(() => data.put(id, previous))
    }
    try {
      const result = work({
        put,
        insert: (doc) => {
          data.assertIdFree(doc._id)
          put(doc._id, doc)
        },
      })
      for (const step of undo) this.host.recordUndo(step)
      return result
    } catch (error) {
      for (const step of undo.reverse()) step()
      throw error
    }
  }
}

/** The port is asynchronous; the embedded store's work is not. A refusal becomes a rejection. */
function settle<R>(work: () => R): Promise<R> {
  try {
    return Promise.resolve(work())
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
}

/** A private copy of a document to insert; MongoDB puts `_id` first. */
function newDocument(doc: Doc): Doc {
  if (typeof (doc as { _id?: unknown })._id !== 'string') {
    throw new Error(`Document _id must be a string, got ${JSON.stringify(doc._id)}`)
  }
  const { _id, ...fields } = deepCopy(doc)
  return { _id, ...fields }
}
