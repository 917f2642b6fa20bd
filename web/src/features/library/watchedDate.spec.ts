import { describe, expect, it } from 'vitest'
import { dayOf, localDay, watchedAtFor } from './watchedDate'

const now = new Date(2026, 10, 22, 21, 30) // 22 November 2026, 21:30 local time

describe('the day a title was watched', () => {
  it("is left to the server's clock when the day is today", () => {
    expect(watchedAtFor(localDay(now), now)).toBeUndefined()
  })

  it('is noon of an earlier day', () => {
    expect(watchedAtFor('2026-11-01', now)).toBe(new Date(2026, 10, 1, 12).toISOString())
    expect(dayOf(watchedAtFor('2026-11-01', now) ?? '')).toBe('2026-11-01')
  })

  it("is never in the future, and falls back to the server's now for a day that is not a date", () => {
    expect(watchedAtFor('2026-12-24', now)).toBeUndefined()
    expect(watchedAtFor('', now)).toBeUndefined()
    expect(watchedAtFor('yesterday', now)).toBeUndefined()
  })
})
