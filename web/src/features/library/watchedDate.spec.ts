import { describe, expect, it } from 'vitest'
import { dateOfDay, dayOfWatch, localDay, watchDayLabel, watchedAtFor } from './watchedDate'

const now = new Date(2026, 10, 22, 21, 30) // 22 November 2026, 21:30 local time

describe('the day a title was watched', () => {
  it("is left to the server's clock when the day is today", () => {
    expect(watchedAtFor(localDay(now), now)).toBeUndefined()
  })

  it('is noon of an earlier day', () => {
    expect(watchedAtFor('2026-11-01', now)).toBe(new Date(2026, 10, 1, 12).toISOString())
    expect(localDay(new Date(watchedAtFor('2026-11-01', now) ?? ''))).toBe('2026-11-01')
  })

  it("is never in the future, and falls back to the server's now for a day that is not a date", () => {
    expect(watchedAtFor('2026-12-24', now)).toBeUndefined()
    expect(watchedAtFor('', now)).toBeUndefined()
    expect(watchedAtFor('yesterday', now)).toBeUndefined()
  })
})

describe('the day a watch shows', () => {
  it("is the writer's own day, wherever it is read", () => {
    // Watched on a New York evening: the instant is the next day in UTC and east of it.
    const watch = { watchedAt: '2026-11-29T01:30:00.000Z', watchedOn: '2026-11-28' }
    expect(dayOfWatch(watch)).toBe('2026-11-28')
    expect(localDay(dateOfDay('2026-11-28'))).toBe('2026-11-28')
    expect(watchDayLabel(watch)).toBe(
      new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(
        new Date(2026, 10, 28),
      ),
    )
  })

  it("is the instant's day here for an entry recorded without a day", () => {
    const watchedAt = new Date(2026, 10, 3, 23, 50).toISOString()
    expect(dayOfWatch({ watchedAt, watchedOn: null })).toBe('2026-11-03')
  })

  it('is no date for something that is not a day', () => {
    expect(Number.isNaN(dateOfDay('2026-11-28T10:00').getTime())).toBe(true)
    expect(Number.isNaN(dateOfDay('').getTime())).toBe(true)
  })
})
