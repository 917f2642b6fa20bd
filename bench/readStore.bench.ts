/**
 * The embedded read store on its own: 200,000 small documents upserted by _id (a replay's shape),
 * the same documents incremented, equality finds through a secondary index, then the SQLite snapshot
 * — a full flush, an incremental flush of 1,000 changed documents, and loading it back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'

const DOCUMENTS = 200_000
const USERS = 1_000
const CHANGED = 1_000

export async function benchReadStore(): Promise<Record<string, number | string>> {
  const directory = mkdtempSync(join(tmpdir(), 'reelmates-bench-read-store-'))
  const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2))
  try {
    const path = join(directory, 'read-models.db')
    const store = await createEmbeddedReadStore({ snapshotPath: path })
    const items = store.collection('bench_watchlist_items')
    await items.createIndex({ keys: { userId: 1 } })

    let started = performance.now()
    for (let i = 0; i < DOCUMENTS; i++) {
      await items.updateOne(
        { _id: `item-${i}` },
        { $set: { userId: `user-${i % USERS}`, mediaKey: `movie:${i}` }, $setOnInsert: { addedAt: '2026-11-22' } },
        { upsert: true },
      )
    }
    const upsertSeconds = seconds(started)

    started = performance.now()
    for (let i = 0; i < DOCUMENTS; i++) await items.updateOne({ _id: `item-${i}` }, { $inc: { views: 1 } })
    const incrementSeconds = seconds(started)

    started = performance.now()
    for (let user = 0; user < USERS; user++) await items.find({ userId: `user-${user}` })
    const findSeconds = seconds(started)

    started = performance.now()
    await store.flush()
    const fullFlushSeconds = seconds(started)

    for (let i = 0; i < CHANGED; i++) await items.updateOne({ _id: `item-${i * 7}` }, { $inc: { views: 1 } })
    started = performance.now()
    await store.flush()
    const incrementalFlushSeconds = seconds(started)
    await store.close()

    started = performance.now()
    const reopened = await createEmbeddedReadStore({ snapshotPath: path })
    const loadSeconds = seconds(started)
    const loaded = await reopened.collection('bench_watchlist_items').countDocuments()
    await reopened.close()

    return {
      documents: loaded,
      'upserts by _id (s)': upsertSeconds,
      'upserts by _id (/s)': Math.round(DOCUMENTS / upsertSeconds),
      '$inc by _id (/s)': Math.round(DOCUMENTS / incrementSeconds),
      [`indexed finds, ${DOCUMENTS / USERS} documents each (/s)`]: Math.round(USERS / findSeconds),
      'full snapshot flush (s)': fullFlushSeconds,
      [`incremental flush of ${CHANGED} documents (s)`]: incrementalFlushSeconds,
      'snapshot load (s)': loadSeconds,
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchReadStore())
}
