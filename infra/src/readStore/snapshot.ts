import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import type { CollectionData } from './collectionData'
import { decodeDocument, encodeDocument, type EncodedDocument } from './documentCodec'
import type { IndexDefinition } from './indexes'
import type { Doc } from './port'

/**
 * The embedded read store's snapshot: every collection's documents and index definitions in one
 * SQLite file, written incrementally (only what changed since the last flush) in one transaction.
 *
 * Personal data must be erasable (spec: account deletion), so a deleted or overwritten document must
 * leave no bytes behind: `secure_delete` zeroes freed content in the database file, and the rollback
 * journal (which holds old pages while a flush runs) is deleted when the flush commits — unlike a
 * WAL, which would keep old page images until a checkpoint.
 *
 * Documents are stored as JSON text, with v8's structured serialization for what JSON would change
 * (`documentCodec.ts`), so a Date read from a restored snapshot is still a Date.
 */

export interface StoredCollection {
  name: string
  indexes: IndexDefinition[]
}

export interface Snapshot {
  readonly path: string
  /** The collections the file holds, with their index definitions; their documents are read apart. */
  collections(): StoredCollection[]
  /** Up to `limit` documents of `collection` in `_id` order, after `afterId` (from the first when undefined). */
  documentsAfter(collection: string, afterId: string | undefined, limit: number): Doc[]
  /** Writes the changes since the last `write` (or since the file was opened), then marks the collections clean. */
  write(collections: ReadonlyMap<string, CollectionData>): void
  close(): void
}

export function openSnapshot(path: string): Snapshot {
  mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  let statements: ReturnType<typeof prepareStatements>
  /** The collection names the file holds now. */
  let stored: Set<string>
  try {
    db.pragma('journal_mode = DELETE')
    db.pragma('secure_delete = ON')
    db.pragma('synchronous = FULL')
    db.exec(`
      CREATE TABLE IF NOT EXISTS collections (name TEXT PRIMARY KEY, indexes TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        body BLOB NOT NULL,
        PRIMARY KEY (collection, id)
      );
    `)
    statements = prepareStatements(db)
    stored = new Set(statements.collections.all().map((row) => row.name))
  } catch (error) {
    // A file that is no database, or one whose first pages are damaged, fails here; closed, it can
    // be set aside.
    db.close()
    throw error
  }

  const writeChanges = db.transaction((collections: ReadonlyMap<string, CollectionData>) => {
    for (const name of stored) {
      if (!collections.has(name)) {
        statements.clearCollection.run(name)
        statements.dropCollection.run(name)
      }
    }
    for (const [name, data] of collections) {
      if (data.rewriteAll || !stored.has(name)) {
        statements.clearCollection.run(name)
        for (const doc of data.docs.values()) statements.saveDocument.run(name, doc._id, encodeDocument(doc))
      } else {
        for (const id of data.changedIds) {
          const doc = data.docs.get(id)
          if (doc === undefined) statements.deleteDocument.run(name, id)
          else statements.saveDocument.run(name, id, encodeDocument(doc))
        }
      }
      if (data.rewriteAll || data.indexesChanged || !stored.has(name)) {
        statements.saveCollection.run(name, JSON.stringify(data.indexes.map((index) => index.definition)))
      }
    }
  })

  return {
    path,
    collections() {
      return statements.collections
        .all()
        .map((row) => ({ name: row.name, indexes: JSON.parse(row.indexes) as IndexDefinition[] }))
    },
    documentsAfter(collection, afterId, limit) {
      const rows =
        afterId === undefined
          ? statements.firstDocuments.all(collection, limit)
          : statements.documentsAfter.all(collection, afterId, limit)
      return rows.map((row) => decodeDocument(row.body))
    },
    write(collections) {
      writeChanges(collections)
      stored = new Set(collections.keys())
      for (const data of collections.values()) {
        data.changedIds.clear()
        data.rewriteAll = false
        data.indexesChanged = false
      }
    },
    close() {
      db.close()
    },
  }
}

function prepareStatements(db: Database.Database) {
  return {
    collections: db.prepare<[], { name: string; indexes: string }>('SELECT name, indexes FROM collections'),
    firstDocuments: db.prepare<[string, number], { id: string; body: EncodedDocument }>(
      'SELECT id, body FROM documents WHERE collection = ? ORDER BY id LIMIT ?',
    ),
    documentsAfter: db.prepare<[string, string, number], { id: string; body: EncodedDocument }>(
      'SELECT id, body FROM documents WHERE collection = ? AND id > ? ORDER BY id LIMIT ?',
    ),
    saveCollection: db.prepare<[string, string]>(
      'INSERT INTO collections (name, indexes) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET indexes = excluded.indexes',
    ),
    dropCollection: db.prepare<[string]>('DELETE FROM collections WHERE name = ?'),
    clearCollection: db.prepare<[string]>('DELETE FROM documents WHERE collection = ?'),
    saveDocument: db.prepare<[string, string, EncodedDocument]>(
      'INSERT INTO documents (collection, id, body) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body',
    ),
    deleteDocument: db.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND id = ?'),
  }
}
