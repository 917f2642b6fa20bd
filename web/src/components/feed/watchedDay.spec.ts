import { describe, expect, it } from 'vitest'
import { earlierWatchDay } from './watchedDay'

const loggedAt = new Date(2026, 10, 29, 9, 30).toISOString()

describe('the day a watch in the feed was watched', () => {
  it('is given when the watch was logged on a later day', () => {
    const watchedAt = new Date(2025, 10, 3, 12).toISOString()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt, createdAt: loggedAt })?.toISOString()).toBe(watchedAt)
  })

  it('is left out for a watch logged the day it was watched', () => {
    const watchedAt = new Date(2026, 10, 29, 1, 15).toISOString()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt, createdAt: loggedAt })).toBeNull()
  })

  it('is left out for anything but a watch, and for a watch without a day', () => {
    const watchedAt = new Date(2025, 10, 3, 12).toISOString()
    expect(earlierWatchDay({ activityType: 'watchlist_add', watchedAt, createdAt: loggedAt })).toBeNull()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt: null, createdAt: loggedAt })).toBeNull()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt: 'not a date', createdAt: loggedAt })).toBeNull()
  })
})
