import { describe, expect, it } from 'vitest'
import { recentAppends, type EventRow } from './recentAppends'

const rowAt = (position: number): EventRow => ({
  position,
  stream_id: 's',
  revision: position,
  event_id: `e${position}`,
  type: 'T',
  data: '{}',
  metadata: '{}',
  recorded_at: 0,
})
const rows = (...positions: number[]) => positions.map(rowAt)
const positionsOf = (answer: EventRow[] | undefined) => answer?.map((row) => row.position)

describe('recent appends', () => {
  it('answers the rows after a cursor inside its run, up to the count asked (all with -1)', () => {
    const recent = recentAppends()
    recent.add(rows(5, 6))
    recent.add(rows(7))
    expect(positionsOf(recent.after(4n, 512))).toEqual([5, 6, 7])
    expect(positionsOf(recent.after(5n, 1))).toEqual([6])
    expect(positionsOf(recent.after(6n, -1))).toEqual([7])
  })

  it('sends a reader before its run, or at or past its end, to the file', () => {
    const recent = recentAppends()
    expect(recent.after(0n, 10)).toBeUndefined()
    recent.add(rows(5, 6))
    // Position 4 and earlier, and whatever another process wrote after 6, are only in the file.
    expect(recent.after(3n, 10)).toBeUndefined()
    expect(recent.after(6n, 10)).toBeUndefined()
    expect(recent.after(9n, 10)).toBeUndefined()
  })

  it('starts again after a gap, never answering across rows another process wrote', () => {
    const recent = recentAppends()
    recent.add(rows(1, 2))
    recent.add(rows(4))
    expect(recent.after(0n, 10)).toBeUndefined()
    expect(recent.after(2n, 10)).toBeUndefined()
    expect(positionsOf(recent.after(3n, 10))).toEqual([4])
  })

  it('keeps at most twice its capacity, trimmed to the newest rows', () => {
    const recent = recentAppends(2)
    for (let position = 1; position <= 4; position++) recent.add(rows(position))
    expect(positionsOf(recent.after(0n, 10))).toEqual([1, 2, 3, 4])
    recent.add(rows(5))
    expect(recent.after(2n, 10)).toBeUndefined()
    expect(positionsOf(recent.after(3n, 10))).toEqual([4, 5])
  })
})
