import { describe, expect, it } from 'vitest'
import { whenInBell } from './NotificationList'

const now = new Date(2026, 11, 1, 12, 0).getTime()
const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour).toISOString()

describe('when a notification came, in the bell', () => {
  it('is short within a day', () => {
    expect(whenInBell(new Date(now - 30_000).toISOString(), now)).toBe('just now')
    expect(whenInBell(new Date(now - 3 * 60_000).toISOString(), now)).toBe('3 min ago')
    expect(whenInBell(new Date(now - 5 * 3_600_000).toISOString(), now)).toBe('5 h ago')
  })

  it('is a date past a day, with its year when it is not this one', () => {
    expect(whenInBell(at(2026, 11, 4), now)).not.toMatch(/2026/)
    expect(whenInBell(at(2025, 12, 4), now)).toMatch(/2025/)
  })
})
