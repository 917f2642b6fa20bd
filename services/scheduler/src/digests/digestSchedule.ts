import type { SentDigestType } from '@reelmates/contracts/digests'

/**
 * When digests go out. Profiles keep no time zone (only a free-text location), so "the morning" is
 * 08:00 UTC for everyone: daily at 08:00, weekly on Mondays at 08:00. A digest goes out in the
 * morning after its hour, at the first run of the job that finds something to tell; a morning the
 * scheduler missed entirely is skipped, and the next digest covers it (it starts at the last one,
 * up to `catchUpMs` back).
 */
export const digestHourUtc = 8
/** How long after the hour a digest may still go out: the morning, not the evening. */
export const sendingWindowMs = 4 * 60 * 60_000

const dayMs = 24 * 60 * 60_000
export const periodMs: Record<SentDigestType, number> = { daily: dayMs, weekly: 7 * dayMs }

/** The latest digest hour at or before `now`: today's (daily), or this week's Monday (weekly). */
export function latestSlot(digestType: SentDigestType, now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), digestHourUtc)
  // getUTCDay: Sunday 0 … Saturday 6; Monday is 0 days back.
  const back = digestType === 'weekly' ? (now.getUTCDay() + 6) % 7 : 0
  let slot = day - back * dayMs
  if (slot > now.getTime()) slot -= periodMs[digestType]
  return new Date(slot)
}

/** The key a digest stream refuses twice: one digest per member and period. */
export const periodKey = (digestType: SentDigestType, slot: Date) => `${digestType}:${slot.toISOString().slice(0, 10)}`

export interface DigestPeriod {
  period: string
  from: string
  until: string
}

/**
 * How far back a digest picks up from the last one: past a missed morning or a missed Monday, and
 * past a change from weekly to daily (the daily starts where the weekly ended, not a day back, which
 * lost the days between).
 */
export const catchUpMs = 14 * dayMs

/**
 * What a digest sent at `now` covers: since the last one, when that was within `catchUpMs`;
 * otherwise one period back (someone who just chose digests, or comes back to them after months, is
 * not told a year of news).
 */
export function digestWindow(digestType: SentDigestType, lastDigestSent: string | null, now: Date) {
  const caughtUp = new Date(now.getTime() - catchUpMs).toISOString()
  const onePeriod = new Date(now.getTime() - periodMs[digestType]).toISOString()
  return { from: lastDigestSent && lastDigestSent > caughtUp ? lastDigestSent : onePeriod, until: now.toISOString() }
}

/** The digest due at `now`, or null outside the sending window or when this period's went out already. */
export function dueDigest(
  reader: { digestType: SentDigestType; lastDigestSent: string | null },
  now: Date,
): DigestPeriod | null {
  const slot = latestSlot(reader.digestType, now)
  if (now.getTime() - slot.getTime() >= sendingWindowMs) return null
  // The read model's word is a shortcut; the digest stream is what refuses a second send.
  if (reader.lastDigestSent !== null && reader.lastDigestSent >= slot.toISOString()) return null
  return { period: periodKey(reader.digestType, slot), ...digestWindow(reader.digestType, reader.lastDigestSent, now) }
}
