import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { earlierWatchDay } from './watchedDay'

const loggedAt = new Date(2026, 10, 29, 9, 30).toISOString()

const readersZones = ['America/New_York', 'Atlantic/Azores', 'UTC', 'Asia/Tokyo']
type Watch = Parameters<typeof earlierWatchDay>[0]
/**
 * What a reader in `zone` is shown for `watch`: asked of a node process of that zone, since a time
 * zone cannot change inside this one (the specs run in worker threads, where a new TZ is ignored).
 */
function inZone(zone: string, watch: Watch): string | null {
  const here = dirname(fileURLToPath(import.meta.url))
  const module = pathToFileURL(join(here, 'watchedDay.ts')).href
  const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(JSON.stringify(m.earlierWatchDay(${JSON.stringify(watch)}))))`
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: here,
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
  })
  return JSON.parse(out) as string | null
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
    // of the 29th: in the Azores (UTC−1) both instants fall on the 29th, and it is still an earlier day.
    const watch = {
      watchedAt: '2026-11-29T03:00:00.000Z',
      watchedOn: '2026-11-29',
      createdAt: '2026-11-30T00:30:00.000Z',
    }
    for (const zone of readersZones) {
      expect(inZone(zone, { activityType: 'watched', ...watch }), zone).toBe('2026-11-29')
    }
  })

  it('is left out for a watch logged as it was watched, even when that is another day here', () => {
    // Logged "today" on a New York evening: the server's now, already the 30th east of UTC−4.
    const now = '2026-11-30T01:30:00.000Z'
    for (const zone of readersZones) {
      const shown = inZone(zone, { activityType: 'watched', watchedAt: now, watchedOn: '2026-11-29', createdAt: now })
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
