import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { watchRemoteProjections } from './remoteRunner'
import { writeCheckpoint } from './runner/checkpoints'
import { ratingsProjector, titlesProjector } from './runner/runnerFixtures'

describe('the projections as a gateway of the distributed column sees them', () => {
  let readStore: ReadStore
  beforeEach(async () => {
    readStore = await createEmbeddedReadStore({})
  })
  afterEach(async () => {
    await readStore.close()
  })

  it('waits until every projector checkpoint stored by the projection processes has reached the position', async () => {
    const watcher = watchRemoteProjections({ readStore, projectors: [ratingsProjector(), titlesProjector], pollMs: 5 })
    await watcher.start()
    await writeCheckpoint(readStore, 'ratings', { version: 1, position: 7n })
    expect(await watcher.waitForPosition(7n, 20)).toBe(false)

    const reached = watcher.waitForPosition(7n, 5_000)
    await writeCheckpoint(readStore, 'titles', { version: 1, position: 9n })
    expect(await reached).toBe(true)
    expect(watcher.status()).toEqual([
      { name: 'ratings', version: 1, position: 7n, state: 'standby' },
      { name: 'titles', version: 1, position: 9n, state: 'standby' },
    ])
    await expect(watcher.rebuild('ratings')).rejects.toThrow('projections lease')
    await watcher.stop()
    expect(await watcher.waitForPosition(1n, 1_000)).toBe(false)
  })
})
