import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { startReactor, type Reaction } from './reactor'

const metadata = { correlationId: 'c', causationId: 'c', actorId: 'system', occurredAt: '2026-11-23T00:00:00.000Z' }

function recording(handles: string[], fail?: (event: RecordedEvent) => boolean) {
  const seen: string[] = []
  const reaction: Reaction = {
    name: 'recording',
    handles,
    react(event) {
      if (fail?.(event)) return Promise.reject(new Error('the outside world said no'))
      seen.push(String(event.data.n))
      return Promise.resolve()
    },
  }
  return { reaction, seen }
}

describe('a reactor', () => {
  let dir: string
  let eventStore: EventStore
  let readStore: ReadStore
  const errors: object[] = []
  const logger = { error: (details: object) => void errors.push(details) }

  const append = async (type: string, n: number) =>
    (
      await eventStore.append(`test-${n}`, [
        { id: randomUUID(), type, data: { n }, metadata: { ...metadata, schemaVersion: 1 } },
      ])
    ).position

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelmates-reactor-'))
    eventStore = createSqliteEventStore({ path: join(dir, 'events.db'), idlePollMs: 20 })
    readStore = await createEmbeddedReadStore()
    errors.length = 0
  })
  afterEach(async () => {
    await readStore.close()
    await eventStore.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('reacts to the events it handles, in log order, past and live', async () => {
    await append('Wanted', 1)
    await append('Other', 2)
    const { reaction, seen } = recording(['Wanted'])
    const reactor = await startReactor(reaction, { eventStore, readStore, logger })
    await append('Wanted', 3)
    expect(await reactor.waitForPosition(await append('Wanted', 4), 5_000)).toBe(true)
    await reactor.stop()
    expect(seen).toEqual(['1', '3', '4'])
  })

  it('resumes after its checkpoint: nothing it reacted to is repeated after a restart', async () => {
    const first = recording(['Wanted'])
    let reactor = await startReactor(first.reaction, { eventStore, readStore, logger })
    expect(await reactor.waitForPosition(await append('Wanted', 1), 5_000)).toBe(true)
    await reactor.stop()

    await append('Wanted', 2)
    const second = recording(['Wanted'])
    reactor = await startReactor(second.reaction, { eventStore, readStore, logger })
    expect(await reactor.waitForPosition(await eventStore.headPosition(), 5_000)).toBe(true)
    await reactor.stop()
    expect(first.seen).toEqual(['1'])
    expect(second.seen).toEqual(['2'])
  })

  it('tries a failing reaction again before it goes on', async () => {
    let tries = 0
    const { reaction, seen } = recording(['Wanted'], (event) => event.data.n === 1 && ++tries < 3)
    const reactor = await startReactor(reaction, { eventStore, readStore, logger, retryDelaysMs: [5, 5, 5] })
    await append('Wanted', 1)
    expect(await reactor.waitForPosition(await append('Wanted', 2), 5_000)).toBe(true)
    await reactor.stop()
    expect(seen).toEqual(['1', '2'])
    expect(errors).toEqual([])
  })

  it('sets a reaction that keeps failing aside, goes on, and does it once the failure is over', async () => {
    let broken = true
    const { reaction, seen } = recording(['Wanted'], (event) => broken && event.data.n === 1)
    const reactor = await startReactor(reaction, { eventStore, readStore, logger, retryDelaysMs: [5] })
    await append('Wanted', 1)
    expect(await reactor.waitForPosition(await append('Wanted', 2), 5_000)).toBe(true)
    expect(seen).toEqual(['2'])
    expect(errors).toEqual([expect.objectContaining({ reaction: 'recording' })])
    expect(await readStore.collection('scheduler_failures').countDocuments({})).toBe(1)

    expect(await reactor.retryFailures()).toBe(1)
    broken = false
    expect(await reactor.retryFailures()).toBe(0)
    await reactor.stop()
    expect(seen).toEqual(['2', '1'])
    expect(await readStore.collection('scheduler_failures').countDocuments({})).toBe(0)
  })

  it('moves its checkpoint past the events it does not handle, so a restart does not read them again', async () => {
    const { reaction } = recording(['Wanted'])
    const reactor = await startReactor(reaction, { eventStore, readStore, logger })
    let last = 0n
    for (let n = 0; n < 3; n++) last = await append('Other', n)
    expect(await reactor.waitForPosition(last, 5_000)).toBe(true)
    await reactor.stop()
    const saved = await readStore.collection('scheduler_checkpoints').findOne({ _id: 'recording' })
    expect(saved?.position).toBe(String(last))
  })

  it('answers false when the position is not reached in time', async () => {
    const { reaction } = recording(['Wanted'])
    const reactor = await startReactor(reaction, { eventStore, readStore, logger })
    expect(await reactor.waitForPosition(1_000n, 50)).toBe(false)
    await reactor.stop()
  })
})
