/**
 * What every event store adapter must do. Each adapter's spec calls `eventStoreContract` with a way to
 * open a store. The suite never assumes the store is empty (a real EventStoreDB keeps its history): every
 * test writes to fresh streams and looks at `$all` from the head it found when it started.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WrongExpectedRevisionError, type EventStore, type EventToAppend, type RecordedEvent } from './port'

const SUBSCRIPTION_APPENDS = 10_000

export function eventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore

    beforeEach(async () => {
      store = await open()
    })
    afterEach(async () => {
      await store.close()
    })

    describe('append', () => {
      it('creates a stream whose events get revisions from 0 and keep their content', async () => {
        const stream = newStream('watchlist')
        const first = anEvent('TitleAddedToWatchlist', { mediaKey: 'movie:438631', note: 'Dune — «with friends»' })
        const second = anEvent('TitleRemovedFromWatchlist', {
          mediaKey: 'movie:438631',
          nested: { list: [1, 'two', null] },
        })

        const result = await store.append(stream, [first, second], { expectedRevision: 'no_stream' })

        expect(result.nextExpectedRevision).toBe(1)
        const events = await store.readStream(stream)
        expect(events.map(summary)).toEqual([
          { id: first.id, type: first.type, streamId: stream, revision: 0, data: first.data, metadata: first.metadata },
          {
            id: second.id,
            type: second.type,
            streamId: stream,
            revision: 1,
            data: second.data,
            metadata: second.metadata,
          },
        ])
        expect(events[1]?.position).toBe(result.position)
        expect(events[0]?.recordedAt).toBeInstanceOf(Date)
        expect(Number.isNaN(events[0]?.recordedAt.getTime())).toBe(false)
      })

      it('gives every appended event a position greater than any before it', async () => {
        const head = await store.headPosition()
        const first = await store.append(newStream('a'), [anEvent()])
        const second = await store.append(newStream('b'), [anEvent(), anEvent()])
        expect(first.position).toBeGreaterThan(head)
        expect(second.position).toBeGreaterThan(first.position)
      })

      it("appends anywhere when the expected revision is 'any' (the default)", async () => {
        const stream = newStream('any')
        await store.append(stream, [anEvent()])
        const result = await store.append(stream, [anEvent()], { expectedRevision: 'any' })
        expect(result.nextExpectedRevision).toBe(1)
        expect(await store.readStream(stream)).toHaveLength(2)
      })

      it("refuses 'no_stream' on a stream that exists", async () => {
        const stream = newStream('no-stream')
        await store.append(stream, [anEvent(), anEvent()])
        await expectConflict(store.append(stream, [anEvent()], { expectedRevision: 'no_stream' }), {
          streamId: stream,
          expected: 'no_stream',
          actual: 1,
        })
      })

      it("accepts 'stream_exists' on a stream that exists and refuses it on one that does not", async () => {
        const stream = newStream('exists')
        await expectConflict(store.append(stream, [anEvent()], { expectedRevision: 'stream_exists' }), {
          streamId: stream,
          expected: 'stream_exists',
          actual: 'no_stream',
        })
        await store.append(stream, [anEvent()], { expectedRevision: 'no_stream' })
        const result = await store.append(stream, [anEvent()], { expectedRevision: 'stream_exists' })
        expect(result.nextExpectedRevision).toBe(1)
      })

      it('accepts a numeric expected revision equal to the last revision and refuses any other', async () => {
        const stream = newStream('exact')
        await store.append(stream, [anEvent(), anEvent(), anEvent()])

        await expectConflict(store.append(stream, [anEvent()], { expectedRevision: 1 }), {
          streamId: stream,
          expected: 1,
          actual: 2,
        })
        await expectConflict(store.append(stream, [anEvent()], { expectedRevision: 3 }), {
          streamId: stream,
          expected: 3,
          actual: 2,
        })
        const result = await store.append(stream, [anEvent(), anEvent()], { expectedRevision: 2 })
        expect(result.nextExpectedRevision).toBe(4)
      })

      it('refuses a numeric expected revision on a stream that does not exist', async () => {
        const stream = newStream('missing')
        await expectConflict(store.append(stream, [anEvent()], { expectedRevision: 0 }), {
          streamId: stream,
          expected: 0,
          actual: 'no_stream',
        })
      })

      it('writes nothing when the expected revision does not match', async () => {
        const stream = newStream('unchanged')
        const original = anEvent()
        await store.append(stream, [original])
        const head = await store.headPosition()

        await expect(
          store.append(stream, [anEvent(), anEvent()], { expectedRevision: 'no_stream' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError)

        expect((await store.readStream(stream)).map((event) => event.id)).toEqual([original.id])
        const appendedSince = await store.readAll({ after: head })
        expect(appendedSince.filter((event) => event.streamId === stream)).toEqual([])
      })

      it('refuses an empty append, a negative expected revision and a batch that repeats an id, writing nothing', async () => {
        const stream = newStream('refused')
        const repeated = anEvent()
        await expect(store.append(stream, [])).rejects.toThrow(RangeError)
        await expect(store.append(stream, [anEvent()], { expectedRevision: -1 })).rejects.toThrow(RangeError)
        await expect(store.append(stream, [anEvent()], { expectedRevision: 1.5 })).rejects.toThrow(RangeError)
        await expect(store.append(stream, [repeated, repeated])).rejects.toThrow(RangeError)
        expect(await store.readStream(stream)).toEqual([])
      })

      it('lets exactly one of 50 concurrent appends at the same expected revision win', async () => {
        const stream = newStream('race')
        await store.append(stream, [anEvent()], { expectedRevision: 'no_stream' })
        const contenders = Array.from({ length: 50 }, () => anEvent('Contender'))

        const outcomes = await Promise.allSettled(
          contenders.map((event) => store.append(stream, [event], { expectedRevision: 0 })),
        )

        const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled')
        const losers = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []))
        expect(winners).toHaveLength(1)
        expect(winners[0]?.value.nextExpectedRevision).toBe(1)
        expect(losers).toHaveLength(49)
        for (const error of losers) {
          expect(error).toBeInstanceOf(WrongExpectedRevisionError)
          expect(error).toMatchObject({ streamId: stream, expected: 0, actual: 1 })
        }
        const stored = await store.readStream(stream)
        expect(stored).toHaveLength(2)
        const winner = contenders[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')]
        expect(stored[1]?.id).toBe(winner?.id)
      })
    })

    describe('idempotent append by event id', () => {
      it('stores the same events once when they are appended twice with the same expected revision', async () => {
        const stream = newStream('retry')
        const events = [anEvent(), anEvent()]

        const first = await store.append(stream, events, { expectedRevision: 'no_stream' })
        const retry = await store.append(stream, events, { expectedRevision: 'no_stream' })

        expect(retry).toEqual(first)
        expect((await store.readStream(stream)).map((event) => event.id)).toEqual(events.map((event) => event.id))
      })

      it('stores the same events once when they are appended twice at a numeric expected revision', async () => {
        const stream = newStream('retry-exact')
        await store.append(stream, [anEvent()])
        const events = [anEvent(), anEvent(), anEvent()]

        const first = await store.append(stream, events, { expectedRevision: 0 })
        const retry = await store.append(stream, events, { expectedRevision: 0 })

        expect(retry).toEqual(first)
        expect(await store.readStream(stream)).toHaveLength(4)
      })

      it("stores the same events once when they are appended twice with 'any'", async () => {
        const stream = newStream('retry-any')
        const event = anEvent()

        const first = await store.append(stream, [event])
        const retry = await store.append(stream, [event])

        expect(retry).toEqual(first)
        expect(await store.readStream(stream)).toHaveLength(1)
      })

      it('answers a retry with the original result even after the stream has moved on', async () => {
        const stream = newStream('retry-later')
        const events = [anEvent(), anEvent()]
        const first = await store.append(stream, events, { expectedRevision: 'no_stream' })
        await store.append(stream, [anEvent()], { expectedRevision: 1 })

        const retry = await store.append(stream, events, { expectedRevision: 'no_stream' })

        expect(retry).toEqual(first)
        expect(await store.readStream(stream)).toHaveLength(3)
      })

      it('appends nothing to $all when a retry is recognised', async () => {
        const stream = newStream('retry-all')
        const events = [anEvent(), anEvent()]
        await store.append(stream, events, { expectedRevision: 'no_stream' })
        const head = await store.headPosition()

        await store.append(stream, events, { expectedRevision: 'no_stream' })

        expect((await store.readAll({ after: head })).filter((event) => event.streamId === stream)).toEqual([])
      })

      it('treats a batch that only partly matches stored events as a conflict and writes nothing', async () => {
        const stream = newStream('partial')
        const stored = anEvent()
        await store.append(stream, [stored], { expectedRevision: 'no_stream' })

        await expect(
          store.append(stream, [stored, anEvent()], { expectedRevision: 'no_stream' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError)
        expect((await store.readStream(stream)).map((event) => event.id)).toEqual([stored.id])
      })

      it('keeps event ids per stream: the same id may start another stream', async () => {
        const event = anEvent()
        const first = newStream('one')
        const second = newStream('two')
        await store.append(first, [event], { expectedRevision: 'no_stream' })
        await store.append(second, [event], { expectedRevision: 'no_stream' })
        expect(await store.readStream(second)).toHaveLength(1)
      })
    })

    describe('readStream', () => {
      let stream: string
      let ids: string[]

      beforeEach(async () => {
        stream = newStream('read')
        const events = Array.from({ length: 10 }, (_, index) => anEvent('Numbered', { index }))
        ids = events.map((event) => event.id)
        await store.append(stream, events.slice(0, 4), { expectedRevision: 'no_stream' })
        await store.append(newStream('noise'), [anEvent()])
        await store.append(stream, events.slice(4), { expectedRevision: 3 })
      })

      it('reads forwards from the start by default', async () => {
        const events = await store.readStream(stream)
        expect(events.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        expect(events.map((event) => event.id)).toEqual(ids)
      })

      it('reads backwards from the end', async () => {
        const events = await store.readStream(stream, { direction: 'backwards' })
        expect(events.map((event) => event.revision)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
      })

      it('reads forwards from a revision, inclusive', async () => {
        const events = await store.readStream(stream, { fromRevision: 7 })
        expect(events.map((event) => event.revision)).toEqual([7, 8, 9])
      })

      it('reads backwards from a revision, inclusive', async () => {
        const events = await store.readStream(stream, { direction: 'backwards', fromRevision: 2 })
        expect(events.map((event) => event.revision)).toEqual([2, 1, 0])
      })

      it('reads at most maxCount events, in either direction', async () => {
        expect(
          (await store.readStream(stream, { fromRevision: 3, maxCount: 2 })).map((event) => event.revision),
        ).toEqual([3, 4])
        expect(
          (await store.readStream(stream, { direction: 'backwards', maxCount: 3 })).map((event) => event.revision),
        ).toEqual([9, 8, 7])
      })

      it('refuses a negative or fractional maxCount', async () => {
        await expect(store.readStream(stream, { maxCount: -1 })).rejects.toThrow(RangeError)
        await expect(store.readAll({ maxCount: 0.5 })).rejects.toThrow(RangeError)
      })

      it('reads nothing when maxCount is 0', async () => {
        expect(await store.readStream(stream, { maxCount: 0 })).toEqual([])
        expect(await store.readAll({ maxCount: 0 })).toEqual([])
      })

      it('reads nothing from a revision past the end', async () => {
        expect(await store.readStream(stream, { fromRevision: 10 })).toEqual([])
      })

      it('reads nothing, without an error, from a stream that does not exist', async () => {
        expect(await store.readStream(newStream('nobody'))).toEqual([])
        expect(await store.readStream(newStream('nobody'), { direction: 'backwards' })).toEqual([])
      })

      it('gives events positions that grow with their revision', async () => {
        const positions = (await store.readStream(stream)).map((event) => event.position)
        expect(isStrictlyIncreasing(positions)).toBe(true)
      })
    })

    describe('readAll', () => {
      it('reads every stream in the order of appends, strictly after the given position', async () => {
        const head = await store.headPosition()
        const a = newStream('all-a')
        const b = newStream('all-b')
        const appended = [anEvent(), anEvent(), anEvent(), anEvent(), anEvent()]
        await store.append(a, appended.slice(0, 2))
        await store.append(b, appended.slice(2, 3))
        await store.append(a, appended.slice(3, 5))

        const events = (await store.readAll({ after: head })).filter(
          (event) => event.streamId === a || event.streamId === b,
        )

        expect(events.map((event) => event.id)).toEqual(appended.map((event) => event.id))
        expect(events.map((event) => [event.streamId, event.revision])).toEqual([
          [a, 0],
          [a, 1],
          [b, 0],
          [a, 2],
          [a, 3],
        ])
        expect(isStrictlyIncreasing(events.map((event) => event.position))).toBe(true)
      })

      it('excludes the event at the `after` position itself', async () => {
        const stream = newStream('after')
        const first = await store.append(stream, [anEvent()])
        const second = anEvent()
        await store.append(stream, [second])

        const events = (await store.readAll({ after: first.position })).filter((event) => event.streamId === stream)

        expect(events.map((event) => event.id)).toEqual([second.id])
      })

      it('reads from the beginning by default and at most maxCount events', async () => {
        await store.append(newStream('page'), [anEvent(), anEvent(), anEvent()])
        const page = await store.readAll({ maxCount: 2 })
        expect(page).toHaveLength(2)
        // A long-lived server may hold a large log: compare against a longer page, not all of it.
        const longer = await store.readAll({ after: 0n, maxCount: 3 })
        expect(page).toEqual(longer.slice(0, 2))
        expect(isStrictlyIncreasing(longer.map((event) => event.position))).toBe(true)
      })

      it('pages through $all with `after` and maxCount without gaps or repeats', async () => {
        const head = await store.headPosition()
        const stream = newStream('pages')
        await store.append(
          stream,
          Array.from({ length: 7 }, () => anEvent()),
        )
        const seen: RecordedEvent[] = []
        let after = head
        for (;;) {
          const page = await store.readAll({ after, maxCount: 3 })
          if (page.length === 0) break
          seen.push(...page)
          after = page[page.length - 1]?.position ?? after
        }
        expect(seen.filter((event) => event.streamId === stream).map((event) => event.revision)).toEqual([
          0, 1, 2, 3, 4, 5, 6,
        ])
      })
    })

    describe('readAllBackwards', () => {
      it('reads newest first, strictly before the given position, at most maxCount events', async () => {
        const stream = newStream('backwards')
        const appended = Array.from({ length: 5 }, () => anEvent())
        await store.append(stream, appended.slice(0, 2))
        const other = newStream('backwards-other')
        await store.append(other, [anEvent()])
        await store.append(stream, appended.slice(2))

        const newest = await store.readAllBackwards({ maxCount: 3 })
        expect(newest.map((event) => event.id)).toEqual([appended[4]?.id, appended[3]?.id, appended[2]?.id])
        const before = newest.at(-1)?.position ?? 0n
        const older = await store.readAllBackwards({ before, maxCount: 2 })
        expect(older.map((event) => event.streamId)).toEqual([other, stream])
        expect(older[1]?.id).toBe(appended[1]?.id)
        expect(isStrictlyIncreasing(older.map((event) => event.position).reverse())).toBe(true)
      })

      it('pages back through $all without gaps or repeats', async () => {
        const head = await store.headPosition()
        const stream = newStream('backwards-pages')
        await store.append(
          stream,
          Array.from({ length: 7 }, () => anEvent()),
        )
        const seen: RecordedEvent[] = []
        let before: bigint | undefined
        while (seen.length < 7) {
          const page = await store.readAllBackwards({ ...(before === undefined ? {} : { before }), maxCount: 3 })
          seen.push(...page.filter((event) => event.position > head))
          before = page.at(-1)?.position
          if (page.length < 3 || before === undefined || before <= head) break
        }
        expect(seen.filter((event) => event.streamId === stream).map((event) => event.revision)).toEqual([
          6, 5, 4, 3, 2, 1, 0,
        ])
      })
    })

    describe('headPosition', () => {
      it('is the position of the last appended event', async () => {
        await store.append(newStream('head'), [anEvent()])
        const last = await store.append(newStream('head'), [anEvent(), anEvent()])
        expect(await store.headPosition()).toBe(last.position)
      })
    })

    describe('subscribeToAll', () => {
      it(`catches up from a position, then stays live through ${SUBSCRIPTION_APPENDS} appends: each event once, in order`, async () => {
        const stream = newStream('subscription')
        const head = await store.headPosition()
        const before = Array.from({ length: 100 }, () => anEvent())
        await store.append(stream, before.slice(0, 50))
        const midway = await store.append(stream, before.slice(50, 51))
        await store.append(stream, before.slice(51))
        const live = Array.from({ length: SUBSCRIPTION_APPENDS }, (_, index) => anEvent('Live', { index }))
        const expected = [...before.slice(51), ...live].map((event) => event.id)

        const subscription = store.subscribeToAll({ after: midway.position })
        const received = collect(subscription, (event) => event.streamId === stream, expected.length)
        // Appends race the subscription while it is still catching up.
        for (const event of live) await store.append(stream, [event])

        const events = await received
        expect(events.map((event) => event.id)).toEqual(expected)
        expect(events.map((event) => event.revision)).toEqual(expected.map((_, index) => 51 + index))
        expect(isStrictlyIncreasing(events.map((event) => event.position))).toBe(true)
        expect(events[0]?.position).toBeGreaterThan(head)
        await subscription.stop()
      }, 180_000)

      it('delivers the same log to two subscriptions at once, each from its own start', async () => {
        const stream = newStream('two-subscribers')
        const first = await store.append(stream, [anEvent(), anEvent()])
        const events = Array.from({ length: 200 }, () => anEvent())
        const fromStart = store.subscribeToAll({ after: (await store.readStream(stream))[0]?.position ?? 0n })
        const fromLater = store.subscribeToAll({ after: first.position })
        const seenFromStart = collect(fromStart, (event) => event.streamId === stream, 201)
        const seenFromLater = collect(fromLater, (event) => event.streamId === stream, 200)

        for (const event of events) await store.append(stream, [event])

        expect((await seenFromStart).map((event) => event.revision)).toEqual(
          Array.from({ length: 201 }, (_, index) => index + 1),
        )
        expect((await seenFromLater).map((event) => event.id)).toEqual(events.map((event) => event.id))
        await fromStart.stop()
        await fromLater.stop()
      })

      it('delivers from the beginning of the log by default', async () => {
        const stream = newStream('from-start')
        await store.append(stream, [anEvent()])
        const firstEver = (await store.readAll({ maxCount: 1 }))[0]
        const subscription = store.subscribeToAll()
        const [event] = await collect(subscription, () => true, 1)
        expect(event?.id).toBe(firstEver?.id)
        await subscription.stop()
      })

      it('never delivers events at or before its start position', async () => {
        const stream = newStream('start')
        const old = await store.append(stream, [anEvent(), anEvent()])
        const fresh = anEvent()
        const subscription = store.subscribeToAll({ after: old.position })
        const received = collect(subscription, (event) => event.streamId === stream, 1)
        await store.append(stream, [fresh])
        expect((await received).map((event) => event.id)).toEqual([fresh.id])
        await subscription.stop()
      })

      it('ends the iteration when stopped while waiting for new events', async () => {
        const stream = newStream('stop')
        const subscription = store.subscribeToAll({ after: await store.headPosition() })
        const delivered: RecordedEvent[] = []
        const iterating = (async () => {
          for await (const event of subscription) if (event.streamId === stream) delivered.push(event)
        })()
        const event = anEvent()
        await store.append(stream, [event])
        await waitUntil(() => delivered.length === 1)

        await subscription.stop()
        await iterating

        expect(delivered.map((recorded) => recorded.id)).toEqual([event.id])
      })

      it('ends the iteration when stopped in the middle of delivery and delivers nothing more', async () => {
        const stream = newStream('stop-midway')
        const head = await store.headPosition()
        await store.append(
          stream,
          Array.from({ length: 20 }, () => anEvent()),
        )
        const subscription = store.subscribeToAll({ after: head })
        const delivered: RecordedEvent[] = []
        for await (const event of subscription) {
          if (event.streamId !== stream) continue
          delivered.push(event)
          if (delivered.length === 5) await subscription.stop()
        }
        expect(delivered.map((event) => event.revision)).toEqual([0, 1, 2, 3, 4])
      })

      it('ends open subscriptions when the store is closed', async () => {
        const subscription = store.subscribeToAll({ after: await store.headPosition() })
        const iterating = (async () => {
          let count = 0
          for await (const _event of subscription) count++
          return count
        })()
        await store.close()
        await expect(iterating).resolves.toBeTypeOf('number')
        store = await open()
      })
    })
  })
}

async function expectConflict(
  attempt: Promise<unknown>,
  fields: Pick<WrongExpectedRevisionError, 'streamId' | 'expected' | 'actual'>,
): Promise<void> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(WrongExpectedRevisionError)
  expect(error).toMatchObject({ name: 'WrongExpectedRevisionError', ...fields })
}

/** Iterates until `count` events that match `wanted` have arrived (other tests' events may be interleaved). */
async function collect(
  subscription: AsyncIterable<RecordedEvent>,
  wanted: (event: RecordedEvent) => boolean,
  count: number,
): Promise<RecordedEvent[]> {
  const received: RecordedEvent[] = []
  if (count === 0) return received
  for await (const event of subscription) {
    if (!wanted(event)) continue
    received.push(event)
    if (received.length === count) break
  }
  return received
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

function newStream(prefix: string): string {
  return `contract${prefix}-${randomUUID()}`
}

function anEvent(type = 'SomethingHappened', data: Record<string, unknown> = {}): EventToAppend {
  return {
    id: randomUUID(),
    type,
    data: { ...data },
    metadata: {
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actorId: 'user-1',
      occurredAt: '2026-01-02T03:04:05.000Z',
      schemaVersion: 1,
      source: 'contract',
    },
  }
}

function summary(event: RecordedEvent) {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    data: event.data,
    metadata: event.metadata,
  }
}

function isStrictlyIncreasing(positions: bigint[]): boolean {
  return positions.every((position, index) => index === 0 || position > (positions[index - 1] ?? position))
}
