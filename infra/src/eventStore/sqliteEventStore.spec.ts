import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { eventStoreContract } from './eventStore.contract'
import { WrongExpectedRevisionError, type EventToAppend } from './port'
import { createSqliteEventStore } from './sqliteEventStore'

const directory = mkdtempSync(join(tmpdir(), 'reelmates-event-store-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))
const freshFile = () => join(directory, `${randomUUID()}.sqlite`)

eventStoreContract('SQLite in memory', () => Promise.resolve(createSqliteEventStore({ path: ':memory:' })))
eventStoreContract('SQLite file', () => Promise.resolve(createSqliteEventStore({ path: freshFile() })))

describe('SQLite event store', () => {
  it('keeps events in its file: a reopened store reads them and continues their positions', async () => {
    const path = freshFile()
    const first = createSqliteEventStore({ path })
    const written = await first.append('watchlist-ana', [anEvent(), anEvent()], { expectedRevision: 'no_stream' })
    await first.close()

    const reopened = createSqliteEventStore({ path })
    expect((await reopened.readStream('watchlist-ana')).map((event) => event.revision)).toEqual([0, 1])
    expect(await reopened.headPosition()).toBe(written.position)
    const next = await reopened.append('watchlist-ana', [anEvent()], { expectedRevision: 1 })
    expect(next).toEqual({ nextExpectedRevision: 2, position: written.position + 1n })
    await reopened.close()
  })

  it('loses no acknowledged append when the writing process is killed (SIGKILL)', async () => {
    const path = freshFile()
    const writer = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        APPEND_FOREVER,
        fileURLToPath(new URL('./sqliteEventStore.ts', import.meta.url)),
        path,
      ],
      { cwd: fileURLToPath(new URL('../../..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let lastAcknowledged = -1
    for await (const line of createInterface({ input: writer.stdout })) {
      lastAcknowledged = Number(line)
      if (lastAcknowledged >= 300) break
    }
    writer.kill('SIGKILL')
    await new Promise((resolve) => writer.once('exit', resolve))

    const reopened = createSqliteEventStore({ path })
    const stored = await reopened.readStream('killed')
    expect(stored.length).toBeGreaterThan(lastAcknowledged)
    expect(stored.map((event) => event.revision)).toEqual(stored.map((_, index) => index))
    await reopened.close()
    // Starting a second Node process with tsx can take long on a busy machine.
  }, 90_000)

  it('numbers positions 1, 2, 3… from an empty log, whose head is 0', async () => {
    const store = createSqliteEventStore({ path: ':memory:' })
    expect(await store.headPosition()).toBe(0n)
    expect(await store.readAll()).toEqual([])
    expect((await store.append('a', [anEvent()])).position).toBe(1n)
    expect((await store.append('b', [anEvent(), anEvent()])).position).toBe(3n)
    expect((await store.readAll()).map((event) => event.position)).toEqual([1n, 2n, 3n])
    await store.close()
  })

  it('delivers appends made by another connection to the same file to an idle subscription', async () => {
    const path = freshFile()
    const subscriber = createSqliteEventStore({ path, idlePollMs: 10 })
    const writer = createSqliteEventStore({ path })
    const subscription = subscriber.subscribeToAll()
    const event = anEvent()
    const iterator = subscription[Symbol.asyncIterator]()
    const next = iterator.next()
    await writer.append('elsewhere', [event])
    expect((await next).value).toMatchObject({ id: event.id, streamId: 'elsewhere' })
    await subscription.stop()
    await writer.close()
    await subscriber.close()
  })

  it("delivers its own appends and another connection's, interleaved, to a live subscription in log order, each once", async () => {
    const path = freshFile()
    const store = createSqliteEventStore({ path, idlePollMs: 10 })
    const other = createSqliteEventStore({ path })
    const seen: bigint[] = []
    const subscription = store.subscribeToAll()
    const reading = (async () => {
      for await (const event of subscription) {
        seen.push(event.position)
        if (seen.length === 8) return
      }
    })()
    // Mine, theirs, mine, mine, theirs, theirs, mine, mine: the rows written here are answered from
    // memory, and those of the other connection in between must still come from the file.
    for (const writer of [store, other, store, store, other, other, store, store]) {
      await writer.append(writer === store ? 'mine' : 'theirs', [anEvent()])
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    await reading
    expect(seen).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n])
    expect((await store.readAll({ after: 2n, maxCount: 3 })).map((event) => event.streamId)).toEqual([
      'mine',
      'mine',
      'theirs',
    ])
    await subscription.stop()
    await other.close()
    await store.close()
    // A reader that skipped the other connection's rows would wait for its eighth event for ever.
  }, 10_000)

  it("answers its own appends' head at once and another connection's within headFreshMs, reading the file once in between", async () => {
    const path = freshFile()
    const store = createSqliteEventStore({ path, headFreshMs: 60_000 })
    const other = createSqliteEventStore({ path })
    expect(await store.headPosition()).toBe(0n)
    expect((await store.append('mine', [anEvent()])).position).toBe(1n)
    expect(await store.headPosition()).toBe(1n)
    await other.append('theirs', [anEvent()])
    // Within the freshness window another connection's append is not looked for…
    expect(await store.headPosition()).toBe(1n)
    // …but the next append of this store reads the head again, with everything before it.
    expect((await store.append('mine', [anEvent()])).position).toBe(3n)
    expect(await store.headPosition()).toBe(3n)
    await other.close()
    await store.close()

    const quick = createSqliteEventStore({ path, headFreshMs: 0 })
    const writer = createSqliteEventStore({ path })
    expect(await quick.headPosition()).toBe(3n)
    await writer.append('theirs', [anEvent()])
    expect(await quick.headPosition()).toBe(4n)
    await writer.close()
    await quick.close()
  })

  it('refuses to store an event id twice in one stream, even where the expected revision matches', async () => {
    const store = createSqliteEventStore({ path: ':memory:' })
    const event = anEvent()
    await store.append('s', [event], { expectedRevision: 'no_stream' })
    await expect(store.append('s', [event], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError)
    expect(await store.readStream('s')).toHaveLength(1)
    await store.close()
  })

  it('refuses a batch whose later event id the stream already has, and writes none of it', async () => {
    const store = createSqliteEventStore({ path: ':memory:' })
    const stored = anEvent()
    await store.append('s', [stored], { expectedRevision: 'no_stream' })
    await expect(store.append('s', [anEvent(), stored], { expectedRevision: 0 })).rejects.toMatchObject({
      name: 'WrongExpectedRevisionError',
      expected: 0,
      actual: 0,
    })
    expect(await store.readStream('s')).toHaveLength(1)
    expect(await store.headPosition()).toBe(1n)
    await store.close()
  })
})

function anEvent(): EventToAppend {
  return {
    id: randomUUID(),
    type: 'SomethingHappened',
    data: {},
    metadata: {
      correlationId: 'c',
      causationId: 'c',
      actorId: 'system',
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion: 1,
    },
  }
}

/** Appends to stream `killed` forever, printing each acknowledged revision. */
const APPEND_FOREVER = `
const [, modulePath, path] = process.argv
const { createSqliteEventStore } = await import(modulePath)
const store = createSqliteEventStore({ path })
for (;;) {
  const event = { id: crypto.randomUUID(), type: 'T', data: {}, metadata: {} }
  const { nextExpectedRevision } = await store.append('killed', [event])
  process.stdout.write(nextExpectedRevision + '\\n')
}
`
