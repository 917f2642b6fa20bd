/**
 * The read store port, in MongoDB's dialect: filters, update operators, sorts and projections mean
 * what they mean in MongoDB. Two adapters implement it: `embeddedReadStore` (in-process documents,
 * mingo for queries and updates, snapshotted to SQLite) and `mongoReadStore` (the `mongodb` driver).
 * Both must pass `readStore.contract.ts`.
 *
 * Documents are plain JSON-like objects with a string `_id`.
 */

export type Doc = { _id: string } & Record<string, unknown>
export type Filter = Record<string, unknown>
export type Update = Record<string, unknown>
export type Sort = Record<string, 1 | -1>
export type Projection = Record<string, 0 | 1>

/**
 * `sort` with `_id` as its last key. Equal keys come back in no defined order from MongoDB, so a page
 * read with skip could repeat or miss a document that ties with its neighbours; both adapters break
 * ties by `_id`, the same way.
 */
export function sortWithIdLast(sort: Sort): Sort {
  return '_id' in sort ? sort : { ...sort, _id: 1 }
}

export interface FindOptions {
  /** Ties are broken by `_id`, ascending, unless the sort names `_id` itself. */
  sort?: Sort
  skip?: number
  limit?: number
  projection?: Projection
}

export interface UpdateOptions {
  upsert?: boolean
}

export interface UpdateResult {
  matchedCount: number
  modifiedCount: number
  upsertedId: string | null
}

export interface IndexSpec {
  keys: Record<string, 1 | -1>
  unique?: boolean
  name?: string
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string
  /**
   * Documents read are the reader's to look at, not to change: MongoDB answers copies, the embedded
   * store its own documents frozen (a write to one throws). Build a new object to change one.
   */
  findOne(filter: Filter, options?: FindOptions): Promise<T | null>
  find(filter: Filter, options?: FindOptions): Promise<T[]>
  countDocuments(filter?: Filter): Promise<number>
  insertOne(doc: T): Promise<void>
  insertMany(docs: T[]): Promise<void>
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>
  /** Replaces the whole matched document (upsert optional). */
  replaceOne(filter: Filter, doc: T, options?: UpdateOptions): Promise<UpdateResult>
  deleteOne(filter: Filter): Promise<{ deletedCount: number }>
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>
  /** Idempotent. A unique index makes a duplicate key a `DuplicateKeyError`. */
  createIndex(spec: IndexSpec): Promise<void>
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>
  listCollections(): Promise<string[]>
  dropCollection(name: string): Promise<void>
  /**
   * Atomically renames `from` to `to`, replacing `to` if it exists (the blue-green swap of a rebuild).
   * A `from` that does not exist (a rebuild that wrote nothing) leaves `to` dropped.
   */
  renameCollection(from: string, to: string): Promise<void>
  /**
   * Runs `work` so that its writes and the checkpoint it stores become visible and durable together:
   * a crash never keeps some of them without the others. Embedded: one in-process step captured whole
   * by the next snapshot. MongoDB: a transaction where the deployment supports one.
   */
  atomically<R>(work: () => Promise<R>): Promise<R>
  /**
   * Whether `error` is the store's own passing trouble (a lost connection, a new primary being
   * elected, a write conflict between transactions) after which nothing of the work was written, so
   * the same work may be run again: not a refusal of what was asked (a duplicate key), nor a commit
   * whose outcome is unknown. Such an error thrown inside `atomically` must reach it unwrapped, so
   * that a transaction can be run again. Embedded: never.
   */
  isTransient(error: unknown): boolean
  /** Embedded: writes a snapshot now. MongoDB: no-op (writes are already durable). */
  flush(): Promise<void>
  close(): Promise<void>
}

/** Thrown when a write would break a unique index. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError'
  constructor(
    readonly collection: string,
    readonly index: string,
    readonly key: Record<string, unknown>,
  ) {
    super(`Duplicate key in ${collection} on index ${index}: ${JSON.stringify(key)}`)
  }
}
