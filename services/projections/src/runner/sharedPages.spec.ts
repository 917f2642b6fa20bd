import { describe, expect, it } from 'vitest'
import type { EventStore, ReadAllOptions, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { sharedPageReader } from './sharedPages'

function countingStore(length: number): { store: EventStore; reads: ReadAllOptions[]; grow: () => void } {
  let head = length
  const reads: ReadAllOptions[] = []
  const event = (position: number) => ({ position: BigInt(position) }) as RecordedEvent
  const store = {
    readAll(options: ReadAllOptions = {}) {
      reads.push(options)
      const after = Number(options.after ?? 0n)
      const count = Math.max(0, Math.min(options.maxCount ?? head, head - after))
      return Promise.resolve(Array.from({ length: count }, (_, i) => event(after + i + 1)))
    },
  } as EventStore
  return { store, reads, grow: () => (head += 10) }
}

describe('sharedPageReader', () => {
  it('reads a full page once for every rebuild that asks for it, and hands out the same events', async () => {
    const { store, reads } = countingStore(100)
    const read = sharedPageReader(store)
    const [first, second] = await Promise.all([read(0n, 10), read(0n, 10)])
    expect(reads).toHaveLength(1)
    expect(second).toBe(first)
    expect(first.map((event) => event.position)).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(i + 1)))
  })

  it('never keeps a short page: the end of the log grows', async () => {
    const { store, reads, grow } = countingStore(15)
    const read = sharedPageReader(store)
    expect(await read(10n, 10)).toHaveLength(5)
    grow()
    expect(await read(10n, 10)).toHaveLength(10)
    expect(reads).toHaveLength(2)
  })

  it('keeps only so many pages', async () => {
    const { store, reads } = countingStore(100)
    const read = sharedPageReader(store, 2)
    await read(0n, 10)
    await read(10n, 10)
    await read(20n, 10)
    await read(0n, 10)
    expect(reads).toHaveLength(4)
  })
})
