import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { droppingSubscriptions } from '@reelmates/infra/eventStore/droppingEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from './projector'
import { createProjectionRunner, type ProjectionRunner } from './runner'
import { CHECKPOINTS } from './runner/checkpoints'
import {
  appendUndefined,
  capturingLogger,
  hiccuppingStore,
  RATINGS,
  rate,
  ratingsProjector,
  rename,
  renameErased,
  titlesProjector,
} from './runner/runnerFixtures'

describe('the projection runner', () => {
  let eventStore: EventStore
  let readStore: ReadStore
  const runners: ProjectionRunner[] = []

  beforeEach(async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' })
    readStore = await createEmbeddedReadStore({})
  })
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop()
    await readStore.close()
    await eventStore.close()
  })

  async function started(projectors: Projector[], options: { batchSize?: number } = {}) {
    const logger = capturingLogger()
    const runner = createProjectionRunner({ eventStore, readStore, projectors, logger, ...options })
    runners.push(runner)
    await runner.start()
    return Object.assign(runner, { logger })
  }

  const ratings = () => readStore.collection(RATINGS).find({}, { sort: { _id: 1 } })
  const checkpoint = (name: string) => readStore.collection(CHECKPOINTS).findOne({ _id: name })

  it('applies events written before and after it started, in log order', async () => {
    await rate(eventStore, 'ann', 'dune', 4)
    const runner = await started([ratingsProjector()])
    await rate(eventStore, 'bob', 'dune', 5)
    const { position } = await rate(eventStore, 'ann', 'alien', 3)

    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect(await ratings()).toEqual([
      { _id: 'ann', count: 2, positions: ['1', '3'] },
      { _id: 'bob', count: 1, positions: ['2'] },
    ])
  })

  it('lets timers and I/O run between its batches while it catches up with a long log', async () => {
    let head = 0n
    for (let n = 0; n < 40; n++) head = (await rate(eventStore, `user-${n}`, 'dune', 1 + (n % 5))).position
    let timerRan = false
    setTimeout(() => (timerRan = true), 0)
    const runner = await started([ratingsProjector()], { batchSize: 2 })
    // With every store call settled at once, a catch-up that never leaves the microtask queue would
    // apply all 20 batches before any timer, request or socket of the process got a turn.
    const timerRanBeforeCaughtUp = await runner.waitForPosition(head, 5_000).then(() => timerRan)
    expect(timerRanBeforeCaughtUp).toBe(true)
    expect(await readStore.collection(RATINGS).countDocuments()).toBe(40)
  })

  it('stores each checkpoint as a decimal string with the version of its projector', async () => {
    await rate(eventStore, 'ann', 'dune', 4)
    const { position } = await rate(eventStore, 'bob', 'dune', 5)
    const runner = await started([ratingsProjector({ version: 3 })])

    await runner.waitForPosition(position, 5_000)
    expect(await checkpoint('ratings')).toEqual({ _id: 'ratings', version: 3, position: position.toString() })
  })

  it('advances every checkpoint past events a projector does not handle', async () => {
    await rate(eventStore, 'ann', 'dune', 4)
    const { position } = await rename(eventStore, 'dune', 'Dune: Part Two')
    const runner = await started([ratingsProjector(), titlesProjector])

    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect((await checkpoint('ratings'))?.position).toBe(position.toString())
    expect((await checkpoint('titles'))?.position).toBe(position.toString())
    expect(runner.status().map((s) => [s.name, s.position, s.state])).toEqual([
      ['ratings', position, 'live'],
      ['titles', position, 'live'],
    ])
  })

  it('applies small batches one atomic step at a time, each with its checkpoint', async () => {
    for (let i = 0; i < 25; i++) await rate(eventStore, `user-${i % 4}`, `title-${i}`, 3)
    const runner = await started([ratingsProjector()], { batchSize: 3 })

    expect(await runner.waitForPosition(25n, 5_000)).toBe(true)
    const counts = (await ratings()).map((doc) => doc.count)
    expect(counts).toEqual([7, 6, 6, 6])
    expect((await checkpoint('ratings'))?.position).toBe('25')
  })

  it('hands projectors upcast, validated data', async () => {
    const { position } = await rate(eventStore, 'ann', 'dune', 4, 1)
    const projector = ratingsProjector({ version: 2 })
    const runner = await started([projector])

    await runner.waitForPosition(position, 5_000)
    expect(await ratings()).toEqual([{ _id: 'ann', count: 1, totalStars: 4, positions: ['1'] }])
  })

  it("hands projectors an erased user's events with their personal fields as null", async () => {
    await rename(eventStore, 'dune', 'Dune')
    const { position } = await renameErased(eventStore, 'dune')
    const runner = await started([titlesProjector])

    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect(runner.status()[0]?.state).toBe('live')
    expect(await readStore.collection('test_titles').find({})).toEqual([{ _id: 'dune', title: null }])
  })

  it('skips events of a type with no definition, says so, and carries on', async () => {
    await rate(eventStore, 'ann', 'dune', 4)
    await appendUndefined(eventStore)
    const { position } = await rate(eventStore, 'ann', 'alien', 2)
    const undefinedHandler = { ...titlesProjector, name: 'mystery', handles: ['TestNobodyDefinedThis'] }
    const runner = await started([ratingsProjector(), undefinedHandler])

    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect((await ratings())[0]?.count).toBe(2)
    expect(runner.status().every((s) => s.state === 'live')).toBe(true)
    const warnings = runner.logger.entries.filter((entry) => entry.level === 'warn')
    expect(warnings.map((w) => w.message)).toEqual([
      'projector handles an event type with no definition loaded; import its contract',
      'projections skip an event type with no definition',
    ])
  })

  describe('redelivery', () => {
    it('changes nothing when events at or below a checkpoint come again', async () => {
      await rate(eventStore, 'ann', 'dune', 4)
      await rename(eventStore, 'dune', 'Dune')
      const { position } = await rate(eventStore, 'bob', 'dune', 5)
      const first = await started([ratingsProjector()])
      await first.waitForPosition(position, 5_000)
      await first.stop()
      const before = await ratings()

      // A new read model starts at 0, so the one subscription delivers the old events to both again.
      const projector = ratingsProjector()
      const second = await started([projector, titlesProjector])
      expect(await second.waitForPosition(position, 5_000)).toBe(true)

      expect(await ratings()).toEqual(before)
      expect(projector.seen).toEqual([])
      expect(await readStore.collection('test_titles').find({})).toEqual([{ _id: 'dune', title: 'Dune' }])
    })
  })

  describe('after a restart', () => {
    it('resumes from the checkpoints and applies no event twice', async () => {
      await rate(eventStore, 'ann', 'dune', 4)
      const { position } = await rate(eventStore, 'bob', 'dune', 5)
      const first = await started([ratingsProjector()])
      await first.waitForPosition(position, 5_000)
      await first.stop()
      expect(first.status()[0]?.state).toBe('stopped')

      await rate(eventStore, 'ann', 'alien', 3)
      const projector = ratingsProjector()
      const second = await started([projector])
      const { position: last } = await rate(eventStore, 'cid', 'alien', 1)

      expect(await second.waitForPosition(last, 5_000)).toBe(true)
      expect(projector.seen).toEqual([3n, 4n])
      expect(await ratings()).toEqual([
        { _id: 'ann', count: 2, positions: ['1', '3'] },
        { _id: 'bob', count: 1, positions: ['2'] },
        { _id: 'cid', count: 1, positions: ['4'] },
      ])
    })

    it('refuses to be started twice', async () => {
      const runner = await started([ratingsProjector()])
      await expect(runner.start()).rejects.toThrow('starts once')
    })
  })

  it('subscribes again each time it loses its subscription, without a gap or a duplicate', async () => {
    for (let n = 0; n < 6; n++) await rate(eventStore, n % 2 ? 'ann' : 'bob', `title-${n}`, 4)
    // The real store, whose subscriptions break three times (twice mid-stream, once refused), as a
    // dropped connection would.
    const flaky = droppingSubscriptions(eventStore, {
      dropAfter: new Map([
        [0, 1],
        [2, 3],
      ]),
      refuse: new Set([1]),
    })
    const logger = capturingLogger()
    const projector = ratingsProjector()
    const runner = createProjectionRunner({
      eventStore: flaky,
      readStore,
      projectors: [projector],
      logger,
      resubscribeBackoff: { initialMs: 5, maxMs: 20 },
    })
    runners.push(runner)
    await runner.start()
    const { position } = await rate(eventStore, 'ann', 'alien', 3)

    expect(await runner.waitForPosition(position, 10_000)).toBe(true)
    expect(projector.seen).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n])
    expect(flaky.subscriptions()).toBe(4)
    expect(
      logger.entries.filter((entry) => entry.message === 'the log subscription dropped; subscribing again'),
    ).toHaveLength(3)
  })

  describe('read your writes', () => {
    it('answers true at once for a position already applied', async () => {
      const { position } = await rate(eventStore, 'ann', 'dune', 4)
      const runner = await started([ratingsProjector()])
      await runner.waitForPosition(position, 5_000)
      expect(await runner.waitForPosition(position, 0)).toBe(true)
    })

    it('waits for an event appended after the question', async () => {
      const runner = await started([ratingsProjector(), titlesProjector])
      const reached = runner.waitForPosition(2n, 5_000)
      await rate(eventStore, 'ann', 'dune', 4)
      await rename(eventStore, 'dune', 'Dune')

      expect(await reached).toBe(true)
      expect(await readStore.collection('test_titles').countDocuments()).toBe(1)
    })

    it('answers false when the read models do not reach the position in time', async () => {
      await rate(eventStore, 'ann', 'dune', 4)
      const runner = await started([ratingsProjector()])
      expect(await runner.waitForPosition(99n, 20)).toBe(false)
    })

    it('answers false once the runner has stopped', async () => {
      const runner = await started([ratingsProjector()])
      const waiting = runner.waitForPosition(5n, 60_000)
      await runner.stop()
      expect(await waiting).toBe(false)
      expect(await runner.waitForPosition(0n, 60_000)).toBe(false)
    })
  })

  describe('a read store that fails for a moment (a failover, a lost connection)', () => {
    async function startedOn(store: ReadStore, projectors: Projector[], pauseMs = 5) {
      const logger = capturingLogger()
      const runner = createProjectionRunner({
        eventStore,
        readStore: store,
        projectors,
        logger,
        storeRetryBackoff: { initialMs: pauseMs, maxMs: pauseMs * 4 },
      })
      runners.push(runner)
      await runner.start()
      return Object.assign(runner, { logger })
    }
    const retries = (runner: { logger: ReturnType<typeof capturingLogger> }) =>
      runner.logger.entries.filter(
        (entry) => entry.message === 'the read store failed; the same events are applied again',
      )

    it('applies the same events again until it answers: no read model stops, no event is missed or doubled', async () => {
      const flaky = hiccuppingStore(readStore)
      const projector = ratingsProjector()
      const runner = await startedOn(flaky, [projector, titlesProjector])
      flaky.fail({ commits: 3 })
      await rate(eventStore, 'ann', 'dune', 4)
      await rename(eventStore, 'dune', 'Dune')
      flaky.fail({ writes: 2 })
      const { position } = await rate(eventStore, 'bob', 'dune', 5)

      expect(await runner.waitForPosition(position, 5_000)).toBe(true)
      expect(runner.status().map(({ state, failure }) => ({ state, failure }))).toEqual([
        { state: 'live', failure: undefined },
        { state: 'live', failure: undefined },
      ])
      expect(await ratings()).toEqual([
        { _id: 'ann', count: 1, positions: ['1'] },
        { _id: 'bob', count: 1, positions: ['3'] },
      ])
      expect(await readStore.collection('test_titles').find({})).toEqual([{ _id: 'dune', title: 'Dune' }])
      expect(retries(runner)).toHaveLength(5)
      expect(runner.logger.entries.filter((entry) => entry.level === 'error')).toEqual([])
    })

    it('a step whose commit landed but whose answer was lost is not applied twice when tried again', async () => {
      const flaky = hiccuppingStore(readStore)
      const runner = await startedOn(flaky, [ratingsProjector()])
      flaky.fail({ lostAnswers: 1 })
      await rate(eventStore, 'ann', 'dune', 4)
      const { position } = await rate(eventStore, 'bob', 'dune', 5)

      expect(await runner.waitForPosition(position, 5_000)).toBe(true)
      expect(await ratings()).toEqual([
        { _id: 'ann', count: 1, positions: ['1'] },
        { _id: 'bob', count: 1, positions: ['2'] },
      ])
      // Not the store's passing trouble: said as an error, and tried again all the same.
      expect(runner.logger.entries.filter((entry) => entry.level === 'error')).toHaveLength(1)
      expect(runner.status()[0]?.state).toBe('live')
    })

    it('a rebuild carries on past it', async () => {
      for (let n = 0; n < 6; n++) await rate(eventStore, n % 2 ? 'ann' : 'bob', `title-${n}`, 4)
      const flaky = hiccuppingStore(readStore)
      const runner = await startedOn(flaky, [ratingsProjector()])
      await runner.waitForPosition(6n, 5_000)
      flaky.fail({ writes: 2 })
      await runner.rebuild('ratings')

      expect(runner.status()[0]).toMatchObject({ state: 'live', position: 6n })
      expect(await ratings()).toEqual([
        { _id: 'ann', count: 3, positions: ['2', '4', '6'] },
        { _id: 'bob', count: 3, positions: ['1', '3', '5'] },
      ])
    })

    it('stops at once when asked while a rebuild waits to try a page again, leaving the live read model as it was', async () => {
      for (let n = 0; n < 6; n++) await rate(eventStore, n % 2 ? 'ann' : 'bob', `title-${n}`, 4)
      const flaky = hiccuppingStore(readStore)
      const runner = await startedOn(flaky, [ratingsProjector()], 60_000)
      await runner.waitForPosition(6n, 5_000)
      flaky.fail({ writes: 1 })
      const rebuilding = runner.rebuild('ratings')
      await expect.poll(() => runner.status()[0]?.rebuild?.waiting, { timeout: 5_000 }).toBe(false)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const stopping = Date.now()
      await runner.stop()
      expect(Date.now() - stopping).toBeLessThan(1_000)
      await rebuilding
      expect(runner.logger.entries.filter((entry) => entry.level === 'error')).toEqual([])
      expect(runner.status()[0]?.state).toBe('stopped')
      expect(await ratings()).toHaveLength(2)
    })

    it('stops at once when asked while it waits to try again', async () => {
      const flaky = hiccuppingStore(readStore)
      const runner = await startedOn(flaky, [ratingsProjector()], 60_000)
      flaky.fail({ commits: 1 })
      await rate(eventStore, 'ann', 'dune', 4)
      await expect.poll(() => retries(runner).length, { timeout: 5_000 }).toBe(1)
      const stopping = Date.now()
      await runner.stop()
      expect(Date.now() - stopping).toBeLessThan(1_000)
      expect(await ratings()).toEqual([])
    })
  })

  describe('a projector that throws', () => {
    it('stops at that event, leaves no trace of it, and keeps the others running', async () => {
      await rate(eventStore, 'ann', 'dune', 4)
      await rename(eventStore, 'dune', 'Dune')
      const { position: bad } = await rate(eventStore, 'ann', 'alien', 0)
      await rate(eventStore, 'bob', 'alien', 5)
      const brittle = ratingsProjector()
      brittle.failOnStars = 0
      const runner = await started([brittle, titlesProjector])
      const { position: last } = await rename(eventStore, 'alien', 'Alien')

      expect(await runner.waitForPosition(last, 5_000)).toBe(true)
      expect(runner.status()).toEqual([
        {
          name: 'ratings',
          version: 1,
          position: bad - 1n,
          state: 'failed',
          failure: { position: bad, message: 'cannot take a rating of 0' },
        },
        { name: 'titles', version: 1, position: last, state: 'live' },
      ])
      expect(await ratings()).toEqual([{ _id: 'ann', count: 1, positions: ['1'] }])
      expect((await checkpoint('ratings'))?.position).toBe((bad - 1n).toString())
      expect(await readStore.collection('test_titles').find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'alien', title: 'Alien' },
        { _id: 'dune', title: 'Dune' },
      ])
      const errors = runner.logger.entries.filter((entry) => entry.level === 'error')
      expect(errors).toHaveLength(1)
      expect(errors[0]?.details).toMatchObject({ projector: 'ratings', position: bad.toString() })
    })

    it('rolls back what it wrote for the failing event within the same batch', async () => {
      await rate(eventStore, 'ann', 'dune', 4)
      await rate(eventStore, 'ann', 'alien', 0)
      const brittle: Projector = {
        ...ratingsProjector(),
        async project(event, db) {
          const { userId, stars } = event.data as { userId: string; stars: number }
          await db.collection(RATINGS).updateOne({ _id: userId }, { $inc: { count: 1 } }, { upsert: true })
          if (stars === 0) throw new Error('half done')
        },
      }
      const runner = await started([brittle, titlesProjector])
      await runner.waitForPosition(2n, 5_000)

      expect(runner.status()[0]?.state).toBe('failed')
      expect(await ratings()).toEqual([{ _id: 'ann', count: 1 }])
    })

    it('gets the event it stopped at again after a restart', async () => {
      await rate(eventStore, 'ann', 'dune', 4)
      const { position: bad } = await rate(eventStore, 'ann', 'alien', 0)
      const brittle = ratingsProjector()
      brittle.failOnStars = 0
      const first = await started([brittle])
      await first.waitForPosition(bad, 5_000)
      await first.stop()
      expect(first.status()[0]?.state).toBe('failed')

      // The next deployment carries the fix.
      const fixed = ratingsProjector()
      const second = await started([fixed])
      expect(await second.waitForPosition(bad, 5_000)).toBe(true)
      expect(fixed.seen).toEqual([bad])
      expect((await ratings())[0]).toEqual({ _id: 'ann', count: 2, positions: ['1', '2'] })
    })
  })
})
