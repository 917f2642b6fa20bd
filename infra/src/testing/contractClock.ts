const HOUR = 3_600_000

/**
 * Where a contract's fake clock starts: tomorrow, on the hour. A fixed date would fall into the past
 * as the calendar moves on, and a MongoDB TTL index sweeps documents by the server's real clock, so a
 * session or key written "now" by the fake clock could vanish between two steps of a test.
 */
export function contractClockStart(): number {
  return Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR
}
