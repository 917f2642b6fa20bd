import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { Projector } from './projector'
import { createProjectionRunner } from './runner'
import { capturingLogger, RATINGS, rate, ratingsProjector } from './runner/runnerFixtures'

describe('the projection runner on the embedded read store with a snapshot', () => {
  let directory: string
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'reelmates-projections-'))
  })
  afterEach(() => rmSync(directory, { recursive: true, force: true }))

  /** One run of the process: both stores opened from their files, the runner started on them. */
  async function boot(projector: Projector) {
    const eventStore = createSqliteEventStore({ path: join(directory, 'events.db') })
    const readStore = await createEmbeddedReadStore({ snapshotPath: join(directory, 'read-models.db') })
    const runner = createProjectionRunner({ eventStore, readStore, projectors: [projector], logger: capturingLogger() })
    await runner.start()
    return {
      eventStore,
      readStore,
      runner,
      async shutDown({ flush }: { flush: boolean }) {
        await runner.stop()
        if (flush) await readStore.flush()
        await readStore.close()
        await eventStore.close()
      },
    }
  }

  it('resumes from the checkpoint in the snapshot instead of replaying the log', async () => {
    const first = await boot(ratingsProjector())
    await rate(first.eventStore, 'ann', 'dune', 4)
    const { position } = await rate(first.eventStore, 'bob', 'dune', 5)
    await first.runner.waitForPosition(position, 5_000)
    await first.shutDown({ flush: true })

    const projector = ratingsProjector()
    const second = await boot(projector)
    const { position: last } = await rate(second.eventStore, 'ann', 'alien', 3)
    expect(await second.runner.waitForPosition(last, 5_000)).toBe(true)

    expect(projector.seen).toEqual([last])
    expect(await second.readStore.collection(RATINGS).find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'ann', count: 2, positions: ['1', '3'] },
      { _id: 'bob', count: 1, positions: ['2'] },
    ])
    await second.shutDown({ flush: false })
  })

  it('replays what came after the snapshot, once', async () => {
    const first = await boot(ratingsProjector())
    const { position: snapshotted } = await rate(first.eventStore, 'ann', 'dune', 4)
    await first.runner.waitForPosition(snapshotted, 5_000)
    await first.readStore.flush()
    const { position: afterSnapshot } = await rate(first.eventStore, 'bob', 'dune', 5)
    await first.runner.waitForPosition(afterSnapshot, 5_000)
    // As a crash would: what was applied after the snapshot is lost with the process.
    await first.shutDown({ flush: false })

    const projector = ratingsProjector()
    const second = await boot(projector)
    expect(await second.runner.waitForPosition(afterSnapshot, 5_000)).toBe(true)

    expect(projector.seen).toEqual([afterSnapshot])
    expect(await second.readStore.collection(RATINGS).find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'ann', count: 1, positions: ['1'] },
      { _id: 'bob', count: 1, positions: ['2'] },
    ])
    await second.shutDown({ flush: false })
  })

  it('rebuilds everything from the events when there is no snapshot', async () => {
    const first = await boot(ratingsProjector())
    const { position } = await rate(first.eventStore, 'ann', 'dune', 4)
    await first.runner.waitForPosition(position, 5_000)
    await first.shutDown({ flush: false })

    const projector = ratingsProjector()
    const second = await boot(projector)
    expect(await second.runner.waitForPosition(position, 5_000)).toBe(true)

    expect(projector.seen).toEqual([position])
    expect(await second.readStore.collection(RATINGS).find({})).toEqual([{ _id: 'ann', count: 1, positions: ['1'] }])
    await second.shutDown({ flush: false })
  })

  it('resumes a rebuild asked for before a crash, with no snapshot written after the request', async () => {
    const projector = ratingsProjector()
    const first = await boot(projector)
    const { position } = await rate(first.eventStore, 'ann', 'dune', 4)
    await first.runner.waitForPosition(position, 5_000)
    await first.readStore.collection(RATINGS).updateOne({ _id: 'ann' }, { $set: { stray: true } })
    await first.readStore.flush()
    const hold = projector.holdAt(1n)
    void first.runner.rebuild('ratings')
    await hold.reached
    const stopping = first.shutDown({ flush: false })
    hold.release()
    await stopping

    const second = await boot(ratingsProjector())
    expect(second.runner.status()[0]).toMatchObject({ state: 'live', rebuild: { version: 1 } })
    await second.runner.rebuild('ratings')
    expect(await second.readStore.collection(RATINGS).find({})).toEqual([{ _id: 'ann', count: 1, positions: ['1'] }])
    await second.shutDown({ flush: false })
  })

  it('keeps a swapped-in rebuild and its version across a snapshot and a restart', async () => {
    const first = await boot(ratingsProjector({ version: 1 }))
    await rate(first.eventStore, 'ann', 'dune', 4)
    const { position } = await rate(first.eventStore, 'ann', 'alien', 2)
    await first.runner.waitForPosition(position, 5_000)
    await first.shutDown({ flush: true })

    const upgraded = await boot(ratingsProjector({ version: 2 }))
    await upgraded.runner.rebuild('ratings')
    await upgraded.shutDown({ flush: true })

    const projector = ratingsProjector({ version: 2 })
    const third = await boot(projector)
    expect(await third.runner.waitForPosition(position, 5_000)).toBe(true)
    expect(projector.seen).toEqual([])
    expect(third.runner.status()[0]).toMatchObject({ version: 2, position, state: 'live' })
    expect(await third.readStore.collection(RATINGS).find({})).toEqual([
      { _id: 'ann', count: 2, totalStars: 6, positions: ['1', '2'] },
    ])
    expect(await third.readStore.listCollections()).not.toContain(`${RATINGS}__v2`)
    await third.shutDown({ flush: false })
  })
})
