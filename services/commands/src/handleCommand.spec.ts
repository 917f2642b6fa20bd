import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineEvent, type EventOf } from '@reelmates/contracts/events'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { DomainError, type Decider } from './decider'
import { ConcurrentChange, handleCommand, loadState } from './handleCommand'

// A tally that counts up to a limit: small enough to read at a glance, and its events depend on the
// state, so a command decided on a stale state would visibly produce the wrong event.
const TallyIncremented = defineEvent(
  'TestTallyIncremented',
  z.object({ tallyId: z.string(), to: z.number().int(), by: z.string() }),
  {
    version: 2,
    // Version 1 stored `value` and no author.
    upcast: (data) => ({ tallyId: data.tallyId, to: data.value, by: 'someone' }),
    // Who counted is personal: it reads as null once that person's data is erased.
    personal: { subjectField: 'by', fields: ['by'] },
  },
)
type TallyEvent = EventOf<typeof TallyIncremented>
type TallyCommand =
  { type: 'Increment'; tallyId: string; by: string } | { type: 'IncrementUpTo'; tallyId: string; limit: number }
interface TallyState {
  value: number
  lastBy: string | null
}

class LimitReached extends DomainError {
  constructor() {
    super('invalid', 'The tally is full.')
  }
}

const tally: Decider<TallyCommand, TallyEvent, TallyState> = {
  initialState: () => ({ value: 0, lastBy: null }),
  evolve: (_state, event) => ({ value: event.data.to, lastBy: event.data.by }),
  decide(command, state) {
    switch (command.type) {
      case 'Increment':
        if (state.value >= 100) throw new LimitReached()
        return [TallyIncremented({ tallyId: command.tallyId, to: state.value + 1, by: command.by })]
      case 'IncrementUpTo':
        return state.value >= command.limit
          ? []
          : [TallyIncremented({ tallyId: command.tallyId, to: state.value + 1, by: 'limit' })]
    }
  },
}

const metadata = {
  correlationId: 'request-1',
  causationId: 'request-1',
  actorId: 'user-7',
  occurredAt: '2026-11-22T08:00:00.000Z',
}

const increment = (by: string, tallyId = 'a') => ({
  decider: tally,
  streamId: `tally-${tallyId}`,
  command: { type: 'Increment' as const, tallyId, by },
  metadata,
})

/** Another writer that slips one event into the stream between every read and every append of ours. */
function withCompetingWriter(store: EventStore): EventStore & { sneakedIn: () => number } {
  let sneaked = 0
  return {
    ...store,
    async append(streamId, events, options) {
      const current = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 })
      const to = current[0] === undefined ? 1 : Number(current[0].data.to) + 1
      await store.append(streamId, [
        {
          id: randomUUID(),
          type: 'TestTallyIncremented',
          data: { tallyId: 'a', to, by: 'rival' },
          metadata: { ...metadata, schemaVersion: 2 },
        },
      ])
      sneaked += 1
      return store.append(streamId, events, options)
    },
    sneakedIn: () => sneaked,
  }
}

/** Counts every event the command handler reads from the store. */
function countingReads(store: EventStore): EventStore & { eventsRead: () => number } {
  let read = 0
  return {
    ...store,
    async readStream(streamId, options) {
      const events = await store.readStream(streamId, options)
      read += events.length
      return events
    },
    eventsRead: () => read,
  }
}

describe('handling a command', () => {
  let store: EventStore
  beforeEach(() => {
    store = createSqliteEventStore({ path: ':memory:' })
  })
  afterEach(() => store.close())

  it('appends what the decider decided, on the state folded from the stream', async () => {
    await handleCommand(store, increment('ann'))
    const second = await handleCommand(store, increment('bob'))

    expect(second.events).toEqual([TallyIncremented({ tallyId: 'a', to: 2, by: 'bob' })])
    expect(second.nextExpectedRevision).toBe(1)
    const stored = await store.readStream('tally-a')
    expect(stored.map((e) => e.data)).toEqual([
      { tallyId: 'a', to: 1, by: 'ann' },
      { tallyId: 'a', to: 2, by: 'bob' },
    ])
    expect(second.position).toBe(stored[1]?.position)
  })

  it('stores the metadata of the command with the schema version of each event and a fresh id', async () => {
    await handleCommand(store, increment('ann'))
    await handleCommand(store, increment('bob'))

    const stored = await store.readStream('tally-a')
    expect(stored[0]?.metadata).toEqual({ ...metadata, schemaVersion: 2 })
    const ids = stored.map((e) => e.id)
    expect(new Set(ids).size).toBe(2)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('appends nothing and answers no position when the decider decides nothing', async () => {
    const first = await handleCommand(store, {
      ...increment('ann'),
      command: { type: 'IncrementUpTo', tallyId: 'a', limit: 1 },
    })
    const headBefore = await store.headPosition()
    const second = await handleCommand(store, {
      ...increment('ann'),
      command: { type: 'IncrementUpTo', tallyId: 'a', limit: 1 },
    })

    expect(first.events).toHaveLength(1)
    expect(second).toEqual({
      events: [],
      decidedOn: { value: 1, lastBy: 'limit' },
      position: null,
      nextExpectedRevision: 0,
    })
    expect(await store.headPosition()).toBe(headBefore)
  })

  it('answers no_stream as the revision of an empty stream that stays empty', async () => {
    const result = await handleCommand(store, {
      ...increment('ann'),
      command: { type: 'IncrementUpTo', tallyId: 'a', limit: 0 },
    })
    expect(result).toEqual({
      events: [],
      decidedOn: tally.initialState(),
      position: null,
      nextExpectedRevision: 'no_stream',
    })
  })

  it('passes the refusal of the decider through and appends nothing', async () => {
    for (let i = 0; i < 100; i++) await handleCommand(store, increment('ann'))
    const head = await store.headPosition()

    await expect(handleCommand(store, increment('bob'))).rejects.toThrow(LimitReached)
    expect(await store.headPosition()).toBe(head)
  })

  it('folds events stored at an older schema version through their upcaster', async () => {
    await store.append('tally-a', [
      {
        id: randomUUID(),
        type: 'TestTallyIncremented',
        data: { tallyId: 'a', value: 41 },
        metadata: { ...metadata, schemaVersion: 1 },
      },
    ])
    const result = await handleCommand(store, increment('ann'))

    expect(result.events[0]?.data.to).toBe(42)
    expect(await loadState(store, tally, 'tally-a')).toEqual({ value: 42, lastBy: 'ann' })
  })

  it("folds events whose personal fields were erased with their author's account", async () => {
    await store.append('tally-a', [
      {
        id: randomUUID(),
        type: 'TestTallyIncremented',
        data: { tallyId: 'a', to: 1, by: null },
        metadata: { ...metadata, schemaVersion: 2, personalDataErased: true },
      },
    ])
    expect(await loadState(store, tally, 'tally-a')).toEqual({ value: 1, lastBy: null })
    expect((await handleCommand(store, increment('bob'))).events[0]?.data.to).toBe(2)
  })

  it('refuses an event whose data does not match its schema, before storing it', async () => {
    const sloppy: Decider<TallyCommand, TallyEvent, TallyState> = {
      ...tally,
      decide: () => [
        { type: 'TestTallyIncremented', data: { tallyId: 'a', to: 'one', by: 'x' } } as unknown as TallyEvent,
      ],
    }
    await expect(handleCommand(store, { ...increment('ann'), decider: sloppy })).rejects.toThrow()
    expect(await store.headPosition()).toBe(0n)
  })

  it('reloads and decides again when a concurrent command changed the stream first', async () => {
    const writers = ['ann', 'bob', 'cid', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'joe']
    // Each collision means another writer succeeded, so nine retries always suffice for ten writers.
    const results = await Promise.all(writers.map((by) => handleCommand(store, { ...increment(by), maxRetries: 9 })))

    const stored = await store.readStream('tally-a')
    expect(stored.map((e) => e.data.to)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(new Set(stored.map((e) => e.data.by))).toEqual(new Set(writers))
    expect(results.map((r) => r.events[0]?.data.to).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ])
    // Each says the state it was decided on: the fresh one, holding the writers before it.
    for (const result of results) expect(result.decidedOn.value).toBe((result.events[0]?.data.to ?? 0) - 1)
  })

  it('refuses a retried command that the concurrent change made invalid', async () => {
    for (let i = 0; i < 99; i++) await handleCommand(store, increment('ann'))

    const outcomes = await Promise.allSettled([
      handleCommand(store, increment('bob')),
      handleCommand(store, increment('cid')),
    ])

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(outcomes.find((outcome) => outcome.status === 'rejected')?.reason).toBeInstanceOf(LimitReached)
    expect((await store.readStream('tally-a')).length).toBe(100)
  })

  it('gives up with a conflict after the bounded number of retries', async () => {
    const contested = withCompetingWriter(store)

    const attempt = handleCommand(contested, { ...increment('ann'), maxRetries: 3 })

    await expect(attempt).rejects.toThrow(ConcurrentChange)
    await expect(attempt).rejects.toMatchObject({ kind: 'conflict' })
    expect(contested.sneakedIn()).toBe(4)
    expect((await store.readStream('tally-a')).map((e) => e.data.by)).toEqual(['rival', 'rival', 'rival', 'rival'])
  })

  it('retries five times by default', async () => {
    const contested = withCompetingWriter(store)
    await expect(handleCommand(contested, increment('ann'))).rejects.toThrow(ConcurrentChange)
    expect(contested.sneakedIn()).toBe(6)
  })

  it('folds only the events appended since its last command on a stream, however long the stream grows', async () => {
    const counting = countingReads(store)
    for (let i = 0; i < 50; i++) await handleCommand(counting, increment('ann'))
    const readBefore = counting.eventsRead()

    const result = await handleCommand(counting, increment('bob'))

    expect(result.events[0]?.data.to).toBe(51)
    // Only the previous command's event is new to it; the whole stream would be 50.
    expect(counting.eventsRead() - readBefore).toBe(1)
  })

  it('still sees what another process appended after the state it keeps', async () => {
    const counting = countingReads(store)
    await handleCommand(counting, increment('ann'))
    // Written beside this process's cache, as a second gateway would.
    await handleCommand(store, increment('bob'))

    const result = await handleCommand(counting, increment('cid'))

    expect(result.events[0]?.data.to).toBe(3)
    expect((await store.readStream('tally-a')).map((e) => e.data.to)).toEqual([1, 2, 3])
  })

  it('loads the folded state of a stream, or the initial state of one that does not exist', async () => {
    await handleCommand(store, increment('ann'))
    expect(await loadState(store, tally, 'tally-a')).toEqual({ value: 1, lastBy: 'ann' })
    expect(await loadState(store, tally, 'tally-none')).toEqual({ value: 0, lastBy: null })
  })
})
