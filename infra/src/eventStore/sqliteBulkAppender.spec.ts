import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSqliteBulkAppender, createSqliteEventStore } from './sqliteEventStore'
import { testEvent } from './testEvents'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-bulk-appender-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

describe('SQLite bulk appender', () => {
  it('writes what the event store reads back: revisions per stream after the stored ones, positions in order', async () => {
    const path = join(directory, 'bulk.sqlite')
    const store = createSqliteEventStore({ path })
    await store.append('watchlist-ana', [testEvent('A', { n: 0 })])
    await store.close()

    const recordedAt = new Date('2026-03-01T10:00:00.000Z')
    const bulk = createSqliteBulkAppender(path)
    bulk.append([
      { streamId: 'watchlist-ana', events: [testEvent('A', { n: 1 }), testEvent('A', { n: 2 })], recordedAt },
      { streamId: 'watchlist-bo', events: [testEvent('B', { n: 1 })] },
    ])
    bulk.append([{ streamId: 'watchlist-ana', events: [testEvent('A', { n: 3 })] }])
    bulk.close()

    const reopened = createSqliteEventStore({ path })
    const ana = await reopened.readStream('watchlist-ana')
    expect(ana.map((event) => [event.revision, event.data.n])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    expect(ana[1]?.recordedAt).toEqual(recordedAt)
    expect((await reopened.readAll()).map((event) => event.position)).toEqual([1n, 2n, 3n, 4n, 5n])
    expect(await reopened.headPosition()).toBe(5n)
    // The adapter carries on after the bulk writes.
    expect(await reopened.append('watchlist-ana', [testEvent('A', { n: 4 })], { expectedRevision: 3 })).toEqual({
      nextExpectedRevision: 4,
      position: 6n,
    })
    await reopened.close()
  })
})
