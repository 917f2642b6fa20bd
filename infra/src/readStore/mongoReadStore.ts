import { AsyncLocalStorage } from 'node:async_hooks'
import {
  MongoBulkWriteError,
  MongoClient,
  MongoError,
  MongoErrorLabel,
  MongoNetworkError,
  MongoServerError,
  MongoServerSelectionError,
  ObjectId,
  type ClientSession,
  type Db,
  type Document,
  type UpdateResult as MongoUpdateResult,
} from 'mongodb'
import {
  DuplicateKeyError,
  sortWithIdLast,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type ReadStore,
  type Update,
  type UpdateOptions,
  type UpdateResult,
} from './port'

/**
 * The read store of the distributed column: MongoDB through the official driver. The port already
 * speaks MongoDB's dialect, so this adapter passes filters, updates, sorts and projections through;
 * what it adds is the port's contract — string ids on upserts, `DuplicateKeyError` for E11000,
 * `atomically` as a transaction (a standalone server, which has none, is refused), and plain results
 * without driver types.
 */
export interface MongoReadStoreOptions {
  url: string
  dbName: string
}

export async function createMongoReadStore({ url, dbName }: MongoReadStoreOptions): Promise<ReadStore> {
  const client = new MongoClient(url)
  await client.connect()
  try {
    const db = client.db(dbName)
    const hello = await db.admin().command({ hello: 1 })
    // Transactions need a replica set member or a mongos. Without them a crash could store a read
    // model's documents without its checkpoint (or the reverse), and a replay would then apply counters
    // twice: a standalone server is refused rather than run unsafely.
    const transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid'
    if (!transactions) throw new Error(standaloneRefusal)
    return new MongoReadStore(client, db)
  } catch (error) {
    await client.close()
    throw error
  }
}

const standaloneRefusal =
  'MONGO_URL names a standalone MongoDB server. Reelmates needs transactions, so that read models and their checkpoints commit together: run MongoDB as a replica set (a single node is enough: mongod --replSet rs0, then rs.initiate()).'

const NAMESPACE_NOT_FOUND = 26
const DUPLICATE_KEY = 11000

class MongoReadStore implements ReadStore {
  private readonly sessions = new AsyncLocalStorage<ClientSession>()

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    return new MongoCollection<T>(name, this.db, () => this.sessions.getStore())
  }

  async listCollections(): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray()
    return collections
      .map((collection) => collection.name)
      .filter((name) => !name.startsWith('system.'))
      .sort()
  }

  async dropCollection(name: string): Promise<void> {
    try {
      // Outside any unit's session: MongoDB does not drop collections inside transactions.
      await this.db.dropCollection(name)
    } catch (error) {
      // Servers before 7.0 answer NamespaceNotFound for a missing collection; the port's drop is idempotent.
      if (!hasCode(error, NAMESPACE_NOT_FOUND)) throw error
    }
  }

  async renameCollection(from: string, to: string): Promise<void> {
    try {
      // Outside any unit's session too: a rename is atomic on its own and cannot join a transaction.
      await this.db.renameCollection(from, to, { dropTarget: true })
    } catch (error) {
      if (!hasCode(error, NAMESPACE_NOT_FOUND)) throw error
      // An empty rebuild never created its collection: swapping it in leaves the target empty.
      await this.dropCollection(to)
    }
  }

  async atomically<R>(work: () => Promise<R>): Promise<R> {
    if (this.sessions.getStore() !== undefined) return work()
    const session = this.client.startSession()
    try {
      // withTransaction commits, or aborts and rethrows; it may run `work` again on a transient error.
      return await session.withTransaction(() => this.sessions.run(session, work))
    } finally {
      await session.endSession()
    }
  }

  isTransient(error: unknown): boolean {
    if (!(error instanceof MongoError)) return false
    // A commit whose outcome is unknown (withTransaction has already tried it again for two minutes)
    // may have happened: running the work again could apply it twice.
    if (error.hasErrorLabel(MongoErrorLabel.UnknownTransactionCommitResult)) return false
    return (
      error instanceof MongoNetworkError ||
      error instanceof MongoServerSelectionError ||
      error.hasErrorLabel(MongoErrorLabel.TransientTransactionError) ||
      error.hasErrorLabel(MongoErrorLabel.RetryableWriteError)
    )
  }

  flush(): Promise<void> {
    return Promise.resolve()
  }

  async close(): Promise<void> {
    await this.client.close()
  }
}

class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly db: Db,
    private readonly session: () => ClientSession | undefined,
  ) {}

  private get documents() {
    return this.db.collection(this.name)
  }

  async findOne(filter: Filter, options: FindOptions = {}): Promise<T | null> {
    const [doc] = await this.find(filter, { ...options, limit: 1 })
    return doc ?? null
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const docs = await this.documents
      .find(filter, {
        ...(options.sort && { sort: sortWithIdLast(options.sort) }),
        ...(options.skip !== undefined && { skip: options.skip }),
        ...(options.limit !== undefined && { limit: options.limit }),
        ...(options.projection && { projection: options.projection }),
        session: this.session(),
      })
      .toArray()
    return docs.map(plain) as T[]
  }

  countDocuments(filter: Filter = {}): Promise<number> {
    return this.documents.countDocuments(filter, { session: this.session() })
  }

  async insertOne(doc: T): Promise<void> {
    await this.refusingDuplicates(() => this.documents.insertOne(copyOf(doc), { session: this.session() }))
  }

  async insertMany(docs: T[]): Promise<void> {
    if (docs.length === 0) return
    await this.refusingDuplicates(() => this.documents.insertMany(docs.map(copyOf), { session: this.session() }))
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert === true
    const result = await this.refusingDuplicates(() =>
      this.documents.updateOne(filter, upsert ? withStringId(filter, update) : update, {
        upsert,
        session: this.session(),
      }),
    )
    return updateResult(result)
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const result = await this.refusingDuplicates(() =>
      this.documents.updateMany(filter, update, { session: this.session() }),
    )
    return updateResult(result)
  }

  async replaceOne(filter: Filter, doc: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const result = await this.refusingDuplicates(() =>
      this.documents.replaceOne(
        filter,
        { ...doc },
        {
          upsert: options.upsert === true,
          session: this.session(),
        },
      ),
    )
    return updateResult(result)
  }

  async deleteOne(filter: Filter): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.documents.deleteOne(filter, {
      session: this.session(),
    })
    return { deletedCount }
  }

  async deleteMany(filter: Filter = {}): Promise<{ deletedCount: number }> {
    const { deletedCount } = await this.documents.deleteMany(filter, {
      session: this.session(),
    })
    return { deletedCount }
  }

  async createIndex(spec: IndexSpec): Promise<void> {
    // Not in the unit's session: index builds inside transactions are limited to new collections.
    await this.refusingDuplicates(() =>
      this.documents.createIndex(spec.keys, {
        unique: spec.unique ?? false,
        ...(spec.name !== undefined && { name: spec.name }),
      }),
    )
  }

  private async refusingDuplicates<R>(write: () => Promise<R>): Promise<R> {
    try {
      return await write()
    } catch (error) {
      throw duplicateKeyError(error, this.name) ?? error
    }
  }
}

/**
 * An upsert that inserts gets an `_id` from its filter's equality on `_id`; otherwise MongoDB would
 * make an ObjectId, and the port promises string ids — so the adapter supplies one.
 */
function withStringId(filter: Filter, update: Update): Update {
  const setOnInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>
  if (pinsId(filter) || '_id' in setOnInsert) return update
  return { ...update, $setOnInsert: { ...setOnInsert, _id: new ObjectId().toHexString() } }
}

function pinsId(filter: Filter): boolean {
  if ('_id' in filter) return true
  const all = filter.$and
  return (
    Array.isArray(all) &&
    all.some((clause) => typeof clause === 'object' && clause !== null && pinsId(clause as Filter))
  )
}

function updateResult(result: MongoUpdateResult): UpdateResult {
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedId: result.upsertedId === null ? null : idString(result.upsertedId),
  }
}

/** A shallow copy for the driver, which writes an `_id` into the documents it inserts. */
function copyOf(doc: Doc): Document {
  return { ...doc }
}

/**
 * A document as the port promises it: a string `_id`, whatever id type the server holds; none when a
 * projection left it out (`{ _id: 0 }`).
 */
function plain(doc: Document): Doc {
  return '_id' in doc ? { ...doc, _id: idString(doc._id) } : ({ ...doc } as Doc)
}

function idString(id: unknown): string {
  if (id instanceof ObjectId) return id.toHexString()
  return typeof id === 'string' ? id : String(id)
}

function hasCode(error: unknown, code: number): boolean {
  return error instanceof MongoServerError && error.code === code
}

/** E11000 as the port's error; MongoDB reports it as `... index: email_1 dup key: { email: "..." }`. */
function duplicateKeyError(error: unknown, collection: string): DuplicateKeyError | undefined {
  if (!hasCode(error, DUPLICATE_KEY)) return undefined
  const serverError = error as MongoServerError
  const firstWrite = serverError instanceof MongoBulkWriteError ? [serverError.writeErrors].flat()[0] : undefined
  const message = firstWrite?.errmsg ?? serverError.errmsg
  const index = /index: (\S+) dup key/.exec(message)?.[1] ?? 'unknown'
  const key: unknown = serverError.keyValue ?? (firstWrite?.err as { keyValue?: unknown } | undefined)?.keyValue
  return new DuplicateKeyError(
    collection,
    index,
    typeof key === 'object' && key !== null ? (key as Record<string, unknown>) : keyFromMessage(message),
  )
}

/** The key of `dup key: { email: "ana@example.com" }`, for servers that do not send `keyValue`. */
function keyFromMessage(message: string): Record<string, unknown> {
  const fields = /dup key: \{ (.*) \}$/.exec(message)?.[1]
  if (fields === undefined) return {}
  const key: Record<string, unknown> = {}
  for (const [, field, value] of fields.matchAll(/(?:^|, )([^:,]+): ("(?:[^"\\]|\\.)*"|[^,]+)/g)) {
    if (field === undefined || value === undefined) continue
    try {
      key[field] = JSON.parse(value)
    } catch {
      key[field] = value
    }
  }
  return key
}
