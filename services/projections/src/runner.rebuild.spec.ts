import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from './projector'
import { createProjectionRunner, type ProjectionRunner } from './runner'
import { CHECKPOINTS } from './runner/checkpoints'
import { RebuildFailed } from './runner/rebuild'
import { capturingLogger, RATINGS, rate, ratingsProjector, rename, titlesProjector } from './runner/runnerFixtures'

describe('rebuilding a read model', () => {
  let eventStore: EventStore
  let readStore: ReadStore
  const runners: ProjectionRunner[] = []
  const holds: (() => void)[] = []

  beforeEach(async () => {
    eventStore = createSqliteEventStore({ path: ':memory:' })
    readStore = await createEmbeddedReadStore({})
  })
  afterEach(async () => {
    // A failed expectation must not leave a projector waiting for ever.
    for (const release of holds.splice(0)) release()
    for (const runner of runners.splice(0)) await runner.stop()
    await readStore.close()
    await eventStore.close()
  })

  async function started(projectors: Projector[]) {
    const logger = capturingLogger()
    const runner = createProjectionRunner({ eventStore, readStore, projectors, logger, batchSize: 2 })
    runners.push(runner)
    await runner.start()
    return Object.assign(runner, { logger })
  }

  async function caughtUp(projectors: Projector[]) {
    const runner = await started(projectors)
    await runner.waitForPosition(await eventStore.headPosition(), 5_000)
    return runner
  }

  const ratings = () => readStore.collection(RATINGS).find({}, { sort: { _id: 1 } })
  const checkpoint = (name: string) => readStore.collection(CHECKPOINTS).findOne({ _id: name })

  async function threeRatings() {
    await rate(eventStore, 'ann', 'dune', 4)
    await rate(eventStore, 'bob', 'dune', 5)
    await rate(eventStore, 'ann', 'alien', 3)
  }

  it('replays into a fresh collection while queries still see the old one, then swaps it in', async () => {
    await threeRatings()
    const projector = ratingsProjector()
    const runner = await caughtUp([projector])
    // Something the events do not say: a rebuild must not carry it over.
    await readStore.collection(RATINGS).updateOne({ _id: 'ann' }, { $set: { stray: true } })
    const hold = projector.holdAt(1n)
    holds.push(hold.release)

    const rebuilt = runner.rebuild('ratings')
    await hold.reached

    expect(await readStore.listCollections()).toContain(`${RATINGS}__v1`)
    expect((await ratings())[0]).toMatchObject({ _id: 'ann', stray: true })
    expect(runner.status()[0]).toMatchObject({ state: 'live', rebuild: { version: 1, position: 0n } })
    // The live read model keeps up meanwhile.
    const { position } = await rate(eventStore, 'cid', 'dune', 2)
    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect(await readStore.collection(RATINGS).countDocuments()).toBe(3)

    hold.release()
    await rebuilt

    expect(await ratings()).toEqual([
      { _id: 'ann', count: 2, positions: ['1', '3'] },
      { _id: 'bob', count: 1, positions: ['2'] },
      { _id: 'cid', count: 1, positions: ['4'] },
    ])
    expect(await readStore.listCollections()).not.toContain(`${RATINGS}__v1`)
    expect(runner.status()[0]).toEqual({ name: 'ratings', version: 1, position, state: 'live' })
    expect(await checkpoint('ratings')).toEqual({ _id: 'ratings', version: 1, position: position.toString() })
  })

  it('rebuilds one read model at a time: a second asked for meanwhile starts once the first is swapped in', async () => {
    await threeRatings()
    await rename(eventStore, 'dune', 'Dune')
    const projector = ratingsProjector()
    const runner = await caughtUp([projector, titlesProjector])
    const hold = projector.holdAt(1n)
    holds.push(hold.release)

    const first = runner.rebuild('ratings')
    await hold.reached
    const second = runner.rebuild('titles')
    // The second waits its turn: no copy of its collection is being built beside the first's.
    await new Promise((resolve) => setTimeout(resolve, 50))
    const collections = await readStore.listCollections()
    expect(collections).toContain(`${RATINGS}__v1`)
    expect(collections.filter((name) => name.startsWith('test_titles__'))).toEqual([])
    const statusOf = (name: string) => runner.status().find((status) => status.name === name)
    expect(statusOf('ratings')).toMatchObject({ rebuild: { version: 1, waiting: false } })
    expect(statusOf('titles')).toMatchObject({ rebuild: { version: 1, position: 0n, waiting: true } })

    hold.release()
    await Promise.all([first, second])
    expect(await readStore.collection('test_titles').find({})).toEqual([{ _id: 'dune', title: 'Dune' }])
    expect(runner.status().map((status) => status.state)).toEqual(['live', 'live'])
  })

  it('lets timers and I/O run between its pages, so a server answers while it rebuilds', async () => {
    for (let n = 0; n < 40; n++) await rate(eventStore, `user-${n}`, 'dune', 1 + (n % 5))
    const runner = await caughtUp([ratingsProjector()])
    let timerRan = false
    setTimeout(() => (timerRan = true), 0)
    // With every store call settled at once, a rebuild that never leaves the microtask queue would
    // finish its 20 pages before any timer, request or socket of the process got a turn.
    const timerRanBeforeSwap = await runner.rebuild('ratings').then(() => timerRan)
    expect(timerRanBeforeSwap).toBe(true)
  })

  it('keeps applying live events to the swapped-in collection, each once', async () => {
    await threeRatings()
    const runner = await caughtUp([ratingsProjector()])
    await runner.rebuild('ratings')
    const { position } = await rate(eventStore, 'bob', 'alien', 1)

    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect((await ratings())[1]).toEqual({ _id: 'bob', count: 2, positions: ['2', '4'] })
  })

  it('runs the setup of the projector on the fresh collection, so its indexes come along', async () => {
    await threeRatings()
    const runner = await caughtUp([ratingsProjector()])
    const setups: string[] = []
    const watched: Projector = {
      ...titlesProjector,
      name: 'watching',
      collections: ['test_watching'],
      async setup(db) {
        setups.push(db.collection('test_watching').name)
        await db.collection('test_watching').createIndex({ keys: { title: 1 }, unique: true })
      },
    }
    await runner.stop()
    const second = await caughtUp([watched])
    await second.rebuild('watching')

    expect(setups).toEqual(['test_watching', 'test_watching__v1'])
  })

  it('starts a rebuild when the version of a projector changes, serving the old version until the swap', async () => {
    await threeRatings()
    const first = await caughtUp([ratingsProjector({ version: 1 })])
    await first.stop()

    const upgraded = ratingsProjector({ version: 2 })
    const hold = upgraded.holdAt(1n)
    holds.push(hold.release)
    const runner = await started([upgraded, titlesProjector])
    await hold.reached

    expect(runner.status()[0]).toMatchObject({
      name: 'ratings',
      version: 1,
      position: 3n,
      state: 'rebuilding',
      rebuild: { version: 2 },
    })
    expect((await ratings())[0]).toEqual({ _id: 'ann', count: 2, positions: ['1', '3'] })
    // Its old collections answer as of version 1, so a query reading them is told; the others are not.
    expect(runner.readModelsBehind(0n)).toEqual(['ratings'])
    expect(runner.readModelsBehind(0n, ['titles'])).toEqual([])
    // The old version cannot take new events, and it does not hold up the read models that can.
    const { position } = await rename(eventStore, 'dune', 'Dune')
    expect(await runner.waitForPosition(position, 5_000)).toBe(true)

    hold.release()
    await runner.rebuild('ratings')

    expect(await ratings()).toEqual([
      { _id: 'ann', count: 2, totalStars: 7, positions: ['1', '3'] },
      { _id: 'bob', count: 1, totalStars: 5, positions: ['2'] },
    ])
    expect(runner.status()[0]).toEqual({ name: 'ratings', version: 2, position, state: 'live' })
    expect(runner.readModelsBehind(position)).toEqual([])
    expect(await checkpoint('ratings')).toEqual({ _id: 'ratings', version: 2, position: position.toString() })
  })

  it('starts the rebuild over after a restart that interrupted it', async () => {
    await threeRatings()
    await (await caughtUp([ratingsProjector({ version: 1 })])).stop()
    const interrupted = ratingsProjector({ version: 2 })
    const hold = interrupted.holdAt(2n)
    holds.push(hold.release)
    const first = await started([interrupted])
    await hold.reached

    const stopping = first.stop()
    hold.release()
    await stopping

    expect(first.status()[0]).toMatchObject({ version: 1, state: 'stopped' })
    expect((await ratings())[0]).toEqual({ _id: 'ann', count: 2, positions: ['1', '3'] })
    expect(await checkpoint('ratings')).toEqual({ _id: 'ratings', version: 1, position: '3' })

    const second = await started([ratingsProjector({ version: 2 })])
    await second.rebuild('ratings')
    expect(await ratings()).toEqual([
      { _id: 'ann', count: 2, totalStars: 7, positions: ['1', '3'] },
      { _id: 'bob', count: 1, totalStars: 5, positions: ['2'] },
    ])
    expect(await checkpoint('ratings')).toEqual({ _id: 'ratings', version: 2, position: '3' })
  })

  it('resumes the rebuilds asked for, running or waiting their turn, after a restart stopped them', async () => {
    await threeRatings()
    await rename(eventStore, 'dune', 'Dune')
    const projector = ratingsProjector()
    const first = await caughtUp([projector, titlesProjector])
    // What the admin asked the rebuild to repair: something the events do not say.
    await readStore.collection(RATINGS).updateOne({ _id: 'ann' }, { $set: { stray: true } })
    await readStore.collection('test_titles').updateOne({ _id: 'dune' }, { $set: { stray: true } })
    const hold = projector.holdAt(2n)
    holds.push(hold.release)
    const asked = [first.rebuild('ratings'), first.rebuild('titles')]
    await hold.reached

    const stopping = first.stop()
    hold.release()
    await stopping
    await Promise.all(asked)
    expect(first.logger.entries.filter((e) => e.level === 'warn').map((e) => e.message)).toEqual([
      'rebuild stopped with the runner; the next start rebuilds the read model again from position 0',
      'rebuild stopped with the runner; the next start rebuilds the read model again from position 0',
    ])
    expect((await ratings())[0]).toMatchObject({ _id: 'ann', stray: true })

    const second = await started([ratingsProjector(), titlesProjector])
    expect(second.status().map((status) => status.rebuild?.version)).toEqual([1, 1])
    await Promise.all([second.rebuild('ratings'), second.rebuild('titles')])

    expect(await ratings()).toEqual([
      { _id: 'ann', count: 2, positions: ['1', '3'] },
      { _id: 'bob', count: 1, positions: ['2'] },
    ])
    expect(await readStore.collection('test_titles').find({})).toEqual([{ _id: 'dune', title: 'Dune' }])
    expect(second.status().map((status) => status.state)).toEqual(['live', 'live'])
    // Swapped in: a third start rebuilds nothing.
    await second.stop()
    const third = await started([ratingsProjector(), titlesProjector])
    expect(third.status().map((status) => status.rebuild)).toEqual([undefined, undefined])
  })

  it('calls onStarted when a rebuild leaves the queue behind another, not when it is asked for', async () => {
    await threeRatings()
    const projector = ratingsProjector()
    const runner = await caughtUp([projector, titlesProjector])
    const hold = projector.holdAt(1n)
    holds.push(hold.release)
    const startedOnes: string[] = []

    const first = runner.rebuild('ratings', () => startedOnes.push('ratings'))
    await hold.reached
    const second = runner.rebuild('titles', () => startedOnes.push('titles'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(startedOnes).toEqual(['ratings'])

    hold.release()
    await Promise.all([first, second])
    expect(startedOnes).toEqual(['ratings', 'titles'])
  })

  it('leaves the old collection serving when a rebuild fails, and says why', async () => {
    await threeRatings()
    const projector = ratingsProjector()
    const runner = await caughtUp([projector])
    const before = await ratings()
    projector.failOnStars = 5

    await expect(runner.rebuild('ratings')).rejects.toThrow(RebuildFailed)

    expect(await ratings()).toEqual(before)
    expect(await readStore.listCollections()).not.toContain(`${RATINGS}__v1`)
    expect(runner.status()[0]).toMatchObject({ state: 'live', position: 3n })
    expect(runner.logger.entries.filter((e) => e.level === 'error').map((e) => e.message)).toEqual([
      'rebuild failed; the previous collections still answer',
    ])
  })

  it('marks a projector whose new version cannot be rebuilt as failed', async () => {
    await threeRatings()
    await (await caughtUp([ratingsProjector({ version: 1 })])).stop()
    const upgraded = ratingsProjector({ version: 2 })
    upgraded.failOnStars = 5
    const hold = upgraded.holdAt(1n)
    const runner = await started([upgraded])
    hold.release()

    await expect(runner.rebuild('ratings')).rejects.toThrow(RebuildFailed)
    expect(runner.status()[0]).toMatchObject({ state: 'failed', version: 1 })
    expect(runner.status()[0]?.failure?.message).toContain('position 2')
  })

  it('brings a failed projector back once its cause is fixed', async () => {
    await rate(eventStore, 'ann', 'dune', 0)
    await rate(eventStore, 'bob', 'dune', 5)
    const projector = ratingsProjector()
    projector.failOnStars = 0
    const runner = await caughtUp([projector])
    expect(runner.status()[0]?.state).toBe('failed')

    projector.failOnStars = null
    await runner.rebuild('ratings')
    const { position } = await rate(eventStore, 'cid', 'dune', 1)

    expect(await runner.waitForPosition(position, 5_000)).toBe(true)
    expect(runner.status()[0]).toEqual({ name: 'ratings', version: 1, position, state: 'live' })
    expect((await ratings()).map((doc) => doc._id)).toEqual(['ann', 'bob', 'cid'])
  })

  it('finishes a swap that a crash interrupted', async () => {
    await threeRatings()
    // As a crash between the swap marker and the renames leaves it: the new version beside the old one.
    await readStore.collection(RATINGS).insertOne({ _id: 'ann', count: 1, positions: ['1'] })
    await readStore
      .collection(`${RATINGS}__v2`)
      .insertOne({ _id: 'ann', count: 2, totalStars: 7, positions: ['1', '3'] })
    await readStore
      .collection(CHECKPOINTS)
      .insertOne({ _id: 'ratings', version: 1, position: '1', swap: { version: 2, position: '3' } })
    const projector = ratingsProjector({ version: 2 })

    const runner = await caughtUp([projector])

    expect(projector.seen).toEqual([])
    expect(await ratings()).toEqual([{ _id: 'ann', count: 2, totalStars: 7, positions: ['1', '3'] }])
    expect(await checkpoint('ratings')).toEqual({ _id: 'ratings', version: 2, position: '3' })
    expect(runner.status()[0]).toMatchObject({ version: 2, state: 'live' })
  })

  it('drops the half-built copy of a rebuild that a restart interrupted', async () => {
    await threeRatings()
    await (await caughtUp([ratingsProjector()])).stop()
    await readStore.collection(`${RATINGS}__v7`).insertOne({ _id: 'half', count: 1 })

    await caughtUp([ratingsProjector()])

    expect(await readStore.listCollections()).not.toContain(`${RATINGS}__v7`)
  })

  it('refuses to rebuild a read model it does not know', async () => {
    const runner = await started([ratingsProjector()])
    await expect(runner.rebuild('nope')).rejects.toThrow('No projector is named nope')
  })
})
