import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { droppingSubscriptions } from '@reelmates/infra/eventStore/droppingEventStore'
import { createSqliteLeaseStore } from '@reelmates/infra/leases/sqliteLeaseStore'
import { startReactor, type Reaction } from './reactor'
import { leaseCheckpoint, readStoreCheckpoint } from './reactorCheckpoint'

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
  const warnings: string[] = []
  const logger = {
    error: (details: object) => void errors.push(details),
    warn: (_details: object, message: string) => void warnings.push(message),
  }

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
    warnings.length = 0
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

  it('follows from the head when its checkpoint is past it (an older log restored), and reacts to what comes next', async () => {
    await append('Wanted', 1)
    await readStoreCheckpoint(readStore, 'recording').write(500n)
    const restored = recording(['Wanted'])
    const reactor = await startReactor(restored.reaction, { eventStore, readStore, logger })
    expect(await reactor.waitForPosition(await append('Wanted', 2), 5_000)).toBe(true)
    await reactor.stop()
    expect(restored.seen).toEqual(['2'])
    expect(warnings).toContain(
      'reaction checkpoint is past the head of the log (an older log restored?): following from the head',
    )
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

  it('lets timers and I/O run while it reads through a backlog', async () => {
    let last = 0n
    for (let n = 0; n < 1_000; n++) last = await append(n % 10 === 0 ? 'Wanted' : 'Other', n)
    const { reaction, seen } = recording(['Wanted'])
    let timerRan = false
    setTimeout(() => (timerRan = true), 0)
    const reactor = await startReactor(reaction, { eventStore, readStore, logger })
    // Without turns of the event loop, all 1,000 events would be read through before any timer ran.
    const timerRanBeforeCaughtUp = await reactor.waitForPosition(last, 5_000).then(() => timerRan)
    await reactor.stop()
    expect(timerRanBeforeCaughtUp).toBe(true)
    expect(seen).toHaveLength(100)
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

  it('records the events it passed over once the log goes quiet, so the admin sees it caught up while it runs', async () => {
    const { reaction, seen } = recording(['Wanted'])
    const reactor = await startReactor(reaction, { eventStore, readStore, logger, idleSaveMs: 50 })
    const stored = async () =>
      (await readStore.collection('scheduler_checkpoints').findOne({ _id: 'recording' }))?.position
    const handled = await append('Wanted', 0)
    expect(await reactor.waitForPosition(handled, 5_000)).toBe(true)
    expect(await stored()).toBe(String(handled))
    let last = 0n
    for (let n = 1; n < 4; n++) last = await append('Other', n)
    expect(await reactor.waitForPosition(last, 5_000)).toBe(true)
    await expect.poll(stored, { timeout: 5_000 }).toBe(String(last))
    expect(seen).toEqual(['0'])
    await reactor.stop()
  })

  it('stays up when the log subscription drops three times, and reacts to each event once', async () => {
    for (let n = 1; n <= 6; n++) await append('Wanted', n)
    const flaky = droppingSubscriptions(eventStore, {
      dropAfter: new Map([
        [0, 2],
        [2, 5],
      ]),
      refuse: new Set([1]),
    })
    const { reaction, seen } = recording(['Wanted'])
    const reactor = await startReactor(reaction, {
      eventStore: flaky,
      readStore,
      logger,
      resubscribeBackoff: { initialMs: 5, maxMs: 20 },
    })
    for (let n = 7; n <= 9; n++) await append('Wanted', n)
    expect(await reactor.waitForPosition(await eventStore.headPosition(), 5_000)).toBe(true)
    await reactor.stop()
    expect(seen).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9'])
    expect(flaky.subscriptions()).toBe(4)
    expect(warnings.filter((message) => message.includes('dropped'))).toHaveLength(3)
  })

  it('stops reacting once its fenced checkpoint refuses a write: another process holds the lease', async () => {
    const leases = createSqliteLeaseStore({ path: ':memory:' })
    const lease = await leases.acquire('reactor:recording', 'process-a', 60_000)
    if (!lease) throw new Error('no lease')
    const { reaction, seen } = recording(['Wanted'])
    let lost = 0
    const reactor = await startReactor(reaction, {
      eventStore,
      readStore,
      logger,
      checkpoint: leaseCheckpoint(leases, lease, readStore, reaction.name),
      onLeaseLost: () => lost++,
    })
    expect(await reactor.waitForPosition(await append('Wanted', 1), 5_000)).toBe(true)
    expect(await leases.checkpointOf('reactor:recording')).toBe('1')

    // Another process takes the lease over (this one stalled past its expiry, say).
    await leases.release(lease)
    await leases.acquire('reactor:recording', 'process-b', 60_000)
    await append('Wanted', 2)
    await append('Wanted', 3)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await reactor.stop()
    // It reacted to the event in hand, could not record it, and went no further.
    expect(seen).toEqual(['1', '2'])
    expect(lost).toBe(1)
    expect(await leases.checkpointOf('reactor:recording')).toBe('1')
    await leases.close()
  })

  it('answers false when the position is not reached in time', async () => {
    const { reaction } = recording(['Wanted'])
    const reactor = await startReactor(reaction, { eventStore, readStore, logger })
    expect(await reactor.waitForPosition(1_000n, 50)).toBe(false)
    await reactor.stop()
  })
})
