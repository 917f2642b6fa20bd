import { describe, expect, it } from 'vitest'
import { timeAgo } from './timeAgo'

/** A local time, in the time zone the specs run in. */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime()
const said = (then: number, now: number) => timeAgo(new Date(then).toISOString(), now)

describe('when something happened, as a timeline says it', () => {
  it('within a minute, and ahead of a clock that runs slow, is "just now"', () => {
    expect(said(at(2026, 12, 1, 20, 0), at(2026, 12, 1, 20, 0) + 30_000)).toBe('just now')
    expect(said(at(2026, 12, 1, 20, 3), at(2026, 12, 1, 20, 0))).toBe('just now')
  })

  it('within a day counts whole minutes and hours', () => {
    expect(said(at(2026, 12, 1, 20, 0), at(2026, 12, 1, 20, 5))).toBe('5 minutes ago')
    expect(said(at(2026, 12, 1, 0, 0), at(2026, 12, 1, 23, 36))).toBe('23 hours ago')
  })

  it('past a day counts the reader’s calendar days: two days back is not "yesterday"', () => {
    expect(said(at(2026, 12, 1, 20, 36), at(2026, 12, 2, 21, 0))).toBe('yesterday')
    expect(said(at(2026, 12, 1, 20, 36), at(2026, 12, 3, 6, 36))).toBe('2 days ago')
    expect(said(at(2026, 12, 1), at(2026, 12, 11))).toBe('10 days ago')
  })

  it('then weeks, calendar months and years', () => {
    expect(said(at(2026, 11, 10), at(2026, 11, 30))).toBe('2 weeks ago')
    expect(said(at(2026, 12, 1), at(2027, 1, 2))).toBe('last month')
    expect(said(at(2026, 10, 17), at(2026, 12, 1))).toBe('2 months ago')
    expect(said(at(2026, 1, 5), at(2026, 12, 1))).toBe('11 months ago')
    expect(said(at(2025, 12, 2), at(2026, 12, 1))).toBe('last year')
    expect(said(at(2023, 6, 1), at(2026, 12, 1))).toBe('3 years ago')
  })
})
