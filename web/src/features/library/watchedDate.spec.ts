import { describe, expect, it } from 'vitest'
import { dayOf, localDay, watchedAtFor } from './watchedDate'

const now = new Date(2026, 10, 22, 21, 30) // 22 November 2026, 21:30 local time

describe('the day a title was watched', () => {
  it('is now when the day is today', () => {
    expect(watchedAtFor(localDay(now), now)).toBe(now.toISOString())
  })

  it('is noon of an earlier day', () => {
    expect(watchedAtFor('2026-11-01', now)).toBe(new Date(2026, 10, 1, 12).toISOString())
    expect(dayOf(watchedAtFor('2026-11-01', now))).toBe('2026-11-01')
  })

  it('is never in the future, and falls back to now for a day that is not a date', () => {
    expect(watchedAtFor('2026-12-24', now)).toBe(now.toISOString())
    expect(watchedAtFor('', now)).toBe(now.toISOString())
    expect(watchedAtFor('yesterday', now)).toBe(now.toISOString())
  })
})
