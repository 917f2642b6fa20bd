/**
 * A diary keeps the day on its writer's calendar beside the instant (`watchedOn`). The two must agree:
 * the day has to be one that some clock showed at that instant, and clocks keep offsets from UTC−12
 * to UTC+14.
 */
const earliestOffsetMs = -12 * 3_600_000
const latestOffsetMs = 14 * 3_600_000

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Whether `day` is a date some clock on Earth showed at `instant`. */
export function dayCanBe(day: string, instant: string): boolean {
  const at = Date.parse(instant)
  return utcDay(at + earliestOffsetMs) <= day && day <= utcDay(at + latestOffsetMs)
}

/** Whether `day` has not begun anywhere yet at `now`. */
export const dayIsAhead = (day: string, now: string): boolean => day > utcDay(Date.parse(now) + latestOffsetMs)

/**
 * The instant to record for a day given without one: now, when it is that day somewhere; otherwise
 * noon UTC of that day, which is that day from UTC−12 to UTC+11. A watch sent late (queued offline
 * overnight, say) keeps the day its writer picked rather than taking the day it arrived.
 */
export const instantOn = (day: string, now: string): string => (dayCanBe(day, now) ? now : `${day}T12:00:00.000Z`)
