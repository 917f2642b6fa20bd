import { describe, expect, it } from 'vitest'
import { earlierWatchDay } from './watchedDay'

const loggedAt = new Date(2026, 10, 29, 9, 30).toISOString()

describe('the day a watch in the feed was watched', () => {
  it('is given when the watch was logged on a later day', () => {
    const watchedAt = new Date(2025, 10, 3, 12).toISOString()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt, watchedOn: null, createdAt: loggedAt })).toBe(
      '2025-11-03',
    )
  })

  it("is the writer's day, not the instant's day here", () => {
    // Logged here on 29 November at 09:30 for a watch the writer, far west, kept as the 27th: the
    // instant is the 28th here, but the day shown is theirs.
    const watchedAt = new Date(2026, 10, 28, 6).toISOString()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt, watchedOn: '2026-11-27', createdAt: loggedAt })).toBe(
      '2026-11-27',
    )
  })

  it('is left out for a watch logged the day it was watched', () => {
    const watchedAt = new Date(2026, 10, 29, 1, 15).toISOString()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt, watchedOn: null, createdAt: loggedAt })).toBeNull()
    expect(
      earlierWatchDay({ activityType: 'watched', watchedAt, watchedOn: '2026-11-29', createdAt: loggedAt }),
    ).toBeNull()
  })

  it('is left out for anything but a watch, and for a watch without a day', () => {
    const watchedAt = new Date(2025, 10, 3, 12).toISOString()
    expect(
      earlierWatchDay({ activityType: 'watchlist_add', watchedAt, watchedOn: null, createdAt: loggedAt }),
    ).toBeNull()
    expect(
      earlierWatchDay({ activityType: 'watched', watchedAt: null, watchedOn: null, createdAt: loggedAt }),
    ).toBeNull()
    expect(
      earlierWatchDay({ activityType: 'watched', watchedAt: 'not a date', watchedOn: null, createdAt: loggedAt }),
    ).toBeNull()
  })
})
