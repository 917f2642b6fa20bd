import { appLocale } from '../../lib/appLocale'

const DAY = 86_400_000

/** Days between two dates' local calendar days: 1 for last night at 23:00 read this morning. */
function calendarDays(then: Date, now: Date): number {
  const dayOf = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())
  return Math.round((dayOf(now) - dayOf(then)) / DAY)
}

const calendarMonths = (then: Date, now: Date) =>
  (now.getFullYear() - then.getFullYear()) * 12 + now.getMonth() - then.getMonth()

/**
 * "5 minutes ago", "yesterday": how a timeline says when something happened. Within a day it counts
 * whole minutes and hours (never "24 hours ago" for 23 and a half); past that, the reader's calendar,
 * so "yesterday", "last month" and "last year" are what the words say (rounded hours called a day two
 * days back "yesterday"). A time ahead of the reader's clock (theirs runs slow) is "just now", not
 * "in 3 minutes".
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso)
  if (Number.isNaN(then)) return ''
  const format = new Intl.RelativeTimeFormat(appLocale, { numeric: 'auto' })
  const seconds = Math.floor((now - then) / 1000)
  if (seconds < 60) return 'just now'
  if (seconds < 3_600) return format.format(-Math.floor(seconds / 60), 'minute')
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3_600), 'hour')
  const [thenDate, nowDate] = [new Date(then), new Date(now)]
  // At least one: a day of 25 hours (clocks going back) keeps the same date a day later.
  const days = Math.max(1, calendarDays(thenDate, nowDate))
  if (days < 14) return format.format(-days, 'day')
  const months = calendarMonths(thenDate, nowDate)
  if (months < 1 || days < 28) return format.format(-Math.floor(days / 7), 'week')
  if (months < 12) return format.format(-months, 'month')
  return format.format(-(nowDate.getFullYear() - thenDate.getFullYear()), 'year')
}
