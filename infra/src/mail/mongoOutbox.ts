/**
 * The distributed column's outbox on MongoDB: one document per mail, shared by every scheduler (so
 * the next lease holder of a reaction sees the keys its predecessor recorded) and every gateway (so
 * the admin screens read what the schedulers sent).
 *
 * - A unique partial index on `idempotencyKey` keeps one entry per key: of two inserts with one key,
 *   the second fails with a duplicate key and answers the first entry.
 * - The history's order is `sequence`, taken from a counter document with `$inc` (atomic on one
 *   document) before the insert, and unique: strictly growing, never reused, the same on every read.
 *   An insert that loses a race spends its number, which only leaves a gap. A send may take its
 *   number a moment before a concurrent one and become visible a moment after it: a page read in
 *   that moment shows the later without the earlier, which the next read shows in its place.
 * - Erasure deletes the documents. Unlike the SQLite file (`secure_delete`), MongoDB may keep a
 *   deleted document's bytes in its data files and oplog until they are reused or compacted.
 */
import { MongoServerError, type Collection, type Filter } from 'mongodb'
import { openMongoTarget, type MongoTarget } from '../personalData/mongoTarget'
import { recipientKey, type OutboxEntry, type OutboxStore } from './port'

export type MongoOutboxOptions = MongoTarget & {
  /** `mail_outbox` unless a test keeps its own. */
  collectionName?: string
  /** Where the sequence's counter lives (`mail_outbox_counters`): a document named as the outbox collection. */
  countersCollectionName?: string
}

interface OutboxDocument {
  /** The entry's id. */
  _id: string
  sequence: number
  createdAt: string
  status: OutboxEntry['status']
  category: string
  /** The address as given; `recipient` is its `recipientKey`, what lookups and erasure compare. */
  to: string
  recipient: string
  userId?: string
  subject: string
  text: string
  html?: string
  error?: string
  /** JSON, so that header names need not be valid MongoDB field names. */
  headers?: string
  idempotencyKey?: string
}

interface CounterDocument {
  _id: string
  value: number
}

const DUPLICATE_KEY = 11000

export async function createMongoOutbox(options: MongoOutboxOptions): Promise<OutboxStore> {
  const { collectionName = 'mail_outbox', countersCollectionName = 'mail_outbox_counters' } = options
  const { db, close } = await openMongoTarget(options)
  const outbox: Collection<OutboxDocument> = db.collection(collectionName)
  const counters: Collection<CounterDocument> = db.collection(countersCollectionName)
  await outbox.createIndex(
    { idempotencyKey: 1 },
    { name: 'by_key', unique: true, partialFilterExpression: { idempotencyKey: { $type: 'string' } } },
  )
  await outbox.createIndex({ sequence: -1 }, { name: 'by_sequence', unique: true })
  await outbox.createIndex({ recipient: 1, sequence: -1 }, { name: 'by_recipient' })
  await outbox.createIndex({ userId: 1 }, { name: 'by_user' })

  async function nextSequence(): Promise<number> {
    // Equality on `_id` alone: the server itself retries an upsert that two processes start at once
    // on a missing counter (SERVER-47212), so both get a number. Once more here, in case it did not.
    for (let attempt = 0; ; attempt++) {
      try {
        const counter = await counters.findOneAndUpdate(
          { _id: collectionName },
          { $inc: { value: 1 } },
          { upsert: true, returnDocument: 'after' },
        )
        if (counter === null) throw new Error(`The outbox counter ${collectionName} was not returned`)
        return counter.value
      } catch (error) {
        if (attempt > 0 || !(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error
      }
    }
  }

  const newestFirst = { sequence: -1 } as const
  // The partial index's own condition stated in the query, so the planner may use that index.
  const withKey = (idempotencyKey: string): Filter<OutboxDocument> => ({
    idempotencyKey: { $eq: idempotencyKey, $type: 'string' },
  })

  return {
    async keep(entry) {
      const key = entry.idempotencyKey
      const document: OutboxDocument = {
        _id: entry.id,
        sequence: await nextSequence(),
        createdAt: entry.createdAt,
        status: entry.status,
        category: entry.category,
        to: entry.to,
        recipient: recipientKey(entry.to),
        subject: entry.subject,
        text: entry.text,
        ...(entry.userId === undefined ? {} : { userId: entry.userId }),
        ...(entry.html === undefined ? {} : { html: entry.html }),
        ...(entry.error === undefined ? {} : { error: entry.error }),
        ...(entry.headers ? { headers: JSON.stringify(entry.headers) } : {}),
        ...(key === undefined ? {} : { idempotencyKey: key }),
      }
      try {
        await outbox.insertOne(document)
      } catch (error) {
        if (key === undefined || !(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error
        // Another send kept this key first: answer its entry (or this one, had it been erased since).
        const kept = await outbox.findOne(withKey(key))
        return kept ? toEntry(kept) : entry
      }
      return key === undefined ? entry : toEntry(document)
    },

    async byKey(idempotencyKey) {
      const document = await outbox.findOne(withKey(idempotencyKey))
      return document ? toEntry(document) : null
    },

    async byId(id) {
      const document = await outbox.findOne({ _id: id })
      return document ? toEntry(document) : null
    },

    async list({ limit, to, toContaining }) {
      const filter: Filter<OutboxDocument> =
        to !== undefined
          ? { recipient: recipientKey(to) }
          : toContaining !== undefined
            ? // A plain substring (what was typed has no pattern meaning); `recipient` is lower case already.
              { $expr: { $gte: [{ $indexOfCP: ['$recipient', recipientKey(toContaining)] }, 0] } }
            : {}
      const documents = await outbox.find(filter).sort(newestFirst).limit(limit).toArray()
      return documents.map(toEntry)
    },

    async history({ status, category, limit, before }) {
      const filter: Filter<OutboxDocument> = {
        ...(status === undefined ? {} : { status }),
        ...(category === undefined ? {} : { category }),
        ...(before === undefined ? {} : { sequence: { $lt: before } }),
      }
      const documents = await outbox
        .find(filter)
        .sort(newestFirst)
        .limit(limit + 1)
        .toArray()
      const page = documents.slice(0, limit)
      const last = page.at(-1)
      return { items: page.map(toEntry), next: documents.length > limit && last ? last.sequence : null }
    },

    async eraseUser(userId, email) {
      // Two deletes, not one transaction (a standalone server has none): repeating an erasure that
      // stopped between them finishes it.
      await outbox.deleteMany({ userId })
      if (email !== undefined) await outbox.deleteMany({ recipient: recipientKey(email) })
    },

    close,
  }
}

function toEntry(document: OutboxDocument): OutboxEntry {
  return {
    id: document._id,
    createdAt: document.createdAt,
    status: document.status,
    category: document.category,
    to: document.to,
    subject: document.subject,
    text: document.text,
    ...(document.userId === undefined ? {} : { userId: document.userId }),
    ...(document.html === undefined ? {} : { html: document.html }),
    ...(document.error === undefined ? {} : { error: document.error }),
    ...(document.headers ? { headers: JSON.parse(document.headers) as Record<string, string> } : {}),
  }
}
