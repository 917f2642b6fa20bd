import { describe, expect, it } from 'vitest'
import { digestWindow, dueDigest, latestSlot } from './digestSchedule'

const at = (iso: string) => new Date(iso)

describe('digest schedule', () => {
  it('puts the weekly digest on Monday at 08:00 UTC, whatever day it is', () => {
    // 2026-11-23 is a Monday.
    expect(latestSlot('weekly', at('2026-11-25T15:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z')
    expect(latestSlot('weekly', at('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z')
    expect(latestSlot('weekly', at('2026-11-23T07:59:00Z')).toISOString()).toBe('2026-11-16T08:00:00.000Z')
    expect(latestSlot('weekly', at('2026-11-29T23:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z')
  })

  it('puts the daily digest at 08:00 UTC', () => {
    expect(latestSlot('daily', at('2026-11-24T09:00:00Z')).toISOString()).toBe('2026-11-24T08:00:00.000Z')
    expect(latestSlot('daily', at('2026-11-24T03:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z')
  })

  it('is due in the morning after the hour, keyed by its period', () => {
    expect(dueDigest({ digestType: 'weekly', lastDigestSent: null }, at('2026-11-23T08:15:00Z'))).toEqual({
      period: 'weekly:2026-11-23',
      from: '2026-11-16T08:15:00.000Z',
      until: '2026-11-23T08:15:00.000Z',
    })
    expect(dueDigest({ digestType: 'daily', lastDigestSent: null }, at('2026-11-24T11:59:00Z'))?.period).toBe(
      'daily:2026-11-24',
    )
  })

  it('is not due before the hour, after the morning, or once sent', () => {
    expect(dueDigest({ digestType: 'weekly', lastDigestSent: null }, at('2026-11-24T08:15:00Z'))).toBeNull()
    expect(dueDigest({ digestType: 'daily', lastDigestSent: null }, at('2026-11-24T12:00:00Z'))).toBeNull()
    expect(dueDigest({ digestType: 'daily', lastDigestSent: null }, at('2026-11-24T07:45:00Z'))).toBeNull()
    expect(
      dueDigest({ digestType: 'daily', lastDigestSent: '2026-11-24T08:00:00.000Z' }, at('2026-11-24T08:30:00Z')),
    ).toBeNull()
  })

  it('starts at the last digest within two weeks, else one period back', () => {
    const now = at('2026-11-23T08:00:00Z')
    expect(digestWindow('weekly', '2026-11-16T08:05:00.000Z', now).from).toBe('2026-11-16T08:05:00.000Z')
    expect(digestWindow('weekly', '2026-01-05T08:00:00.000Z', now).from).toBe('2026-11-16T08:00:00.000Z')
    // A missed morning: the daily picks up at the last one, not a day back (the day between was lost).
    expect(digestWindow('daily', '2026-11-21T08:01:00.000Z', now).from).toBe('2026-11-21T08:01:00.000Z')
    // Weekly until Monday's, daily since: the first daily starts at Monday's weekly.
    expect(digestWindow('daily', '2026-11-16T08:01:00.000Z', now).from).toBe('2026-11-16T08:01:00.000Z')
    // A missed Monday: the weekly covers both weeks.
    expect(digestWindow('weekly', '2026-11-09T08:01:00.000Z', now).from).toBe('2026-11-09T08:01:00.000Z')
    // Back to digests after months: one period.
    expect(digestWindow('daily', '2026-08-03T08:00:00.000Z', now).from).toBe('2026-11-22T08:00:00.000Z')
    expect(digestWindow('daily', null, now)).toEqual({
      from: '2026-11-22T08:00:00.000Z',
      until: '2026-11-23T08:00:00.000Z',
    })
  })
})
