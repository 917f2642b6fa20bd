import { describe, expect, it } from 'vitest'
import { earlierWatchDay } from './watchedDay'

const loggedAt = new Date(2026, 10, 29, 9, 30).toISOString()

const readersZones = ['America/New_York', 'UTC', 'Asia/Tokyo']
/** What `read` gives a reader in `zone` (Node takes a new TZ at once). */
function inZone<T>(zone: string, read: () => T): T {
  const was = process.env.TZ
  process.env.TZ = zone
  try {
    return read()
  } finally {
    if (was === undefined) delete process.env.TZ
    else process.env.TZ = was
  }
}

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

  it('is given for every reader alike, whatever day the logging is where they read it', () => {
    // Logged on a Tokyo morning (00:30 UTC on the 30th) for the night before, kept at Tokyo's noon
    // of the 29th: in New York both instants fall on the 29th, and it is still an earlier day.
    const watch = {
      watchedAt: '2026-11-29T03:00:00.000Z',
      watchedOn: '2026-11-29',
      createdAt: '2026-11-30T00:30:00.000Z',
    }
    for (const zone of readersZones) {
      expect(
        inZone(zone, () => earlierWatchDay({ activityType: 'watched', ...watch })),
        zone,
      ).toBe('2026-11-29')
    }
  })

  it('is left out for a watch logged as it was watched, even when that is another day here', () => {
    // Logged "today" on a New York evening: the server's now, already the 30th east of UTC−4.
    const now = '2026-11-30T01:30:00.000Z'
    for (const zone of readersZones) {
      const shown = inZone(zone, () =>
        earlierWatchDay({ activityType: 'watched', watchedAt: now, watchedOn: '2026-11-29', createdAt: now }),
      )
      expect(shown, zone).toBeNull()
    }
  })

  it('is left out for a watch logged the day it was watched, recorded before the day was kept', () => {
    const watchedAt = new Date(2026, 10, 29, 1, 15).toISOString()
    expect(earlierWatchDay({ activityType: 'watched', watchedAt, watchedOn: null, createdAt: loggedAt })).toBeNull()
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
