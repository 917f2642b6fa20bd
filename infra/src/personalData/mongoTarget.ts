/**
 * Where a MongoDB adapter keeps its collections: a database the caller already holds (and closes), or
 * a URL the adapter connects to itself (and disconnects from on close).
 */
import { MongoClient, type Db } from 'mongodb'

export type MongoTarget = { db: Db } | { url: string; dbName: string }

export async function openMongoTarget(target: MongoTarget): Promise<{ db: Db; close: () => Promise<void> }> {
  if ('db' in target) return { db: target.db, close: () => Promise.resolve() }
  const client = await new MongoClient(target.url).connect()
  return { db: client.db(target.dbName), close: () => client.close() }
}
