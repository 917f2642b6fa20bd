import { describe, expect, it } from 'vitest'
import { pickPlace } from './watchlistPick'

describe('picking a title from the watchlist shown', () => {
  it('picks nothing from an empty list and the only title from a list of one', () => {
    expect(pickPlace(0, null, () => 0.5)).toBeNull()
    expect(pickPlace(1, null, () => 0.99)).toBe(0)
    expect(pickPlace(1, 0, () => 0.99)).toBe(0)
  })

  it('picks any place the first time, evenly', () => {
    expect([0, 0.2, 0.4, 0.6, 0.8, 0.999].map((r) => pickPlace(5, null, () => r))).toEqual([0, 1, 2, 3, 4, 4])
  })

  it('never picks the title just shown again while there is another, and reaches every other one', () => {
    for (let current = 0; current < 4; current++) {
      const reached = new Set([0, 0.25, 0.5, 0.75, 0.999].map((r) => pickPlace(4, current, () => r)))
      expect(reached.has(current)).toBe(false)
      expect(reached.size).toBe(3)
    }
  })

  it('starts afresh when the list shown has changed under the last pick', () => {
    expect(pickPlace(3, 7, () => 0)).toBe(0)
  })
})
