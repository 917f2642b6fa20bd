import { describe, expect, it } from 'vitest'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { writeCheckpoint } from '@reelmates/projections/runner/checkpoints'
import { readModelReached } from './readModelReached'

describe('readModelReached', () => {
  it('answers at once for a projector already at or past the position', async () => {
    const readStore = await createEmbeddedReadStore()
    await writeCheckpoint(readStore, 'campaigns', { version: 1, position: 12n })
    expect(await readModelReached(readStore, 'campaigns', 12n, 0)).toBe(true)
    expect(await readModelReached(readStore, 'campaigns', 11n, 0)).toBe(true)
  })

  it('waits for a projector that reaches the position a moment later, instead of failing', async () => {
    const readStore = await createEmbeddedReadStore()
    await writeCheckpoint(readStore, 'campaigns', { version: 1, position: 11n })
    setTimeout(() => void writeCheckpoint(readStore, 'campaigns', { version: 1, position: 12n }), 30)
    expect(await readModelReached(readStore, 'campaigns', 12n, 1_000)).toBe(true)
  })

  it('gives up after its time for a projector that stays behind or has not started', async () => {
    const readStore = await createEmbeddedReadStore()
    await writeCheckpoint(readStore, 'campaigns', { version: 1, position: 11n })
    const started = Date.now()
    expect(await readModelReached(readStore, 'campaigns', 12n, 150)).toBe(false)
    expect(Date.now() - started).toBeGreaterThanOrEqual(145)
    expect(await readModelReached(readStore, 'never-ran', 1n, 50)).toBe(false)
  })
})
