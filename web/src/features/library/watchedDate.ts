import { dayFormat } from '../../lib/dayFormat'

/**
 * The watched dialog asks for a day (the way a diary does); the log stores that day (`watchedOn`)
 * and an instant. Today means "now"; an earlier day is kept at noon local time. A day in the future
 * is never recorded: the server refuses it, and the picker does not offer it.
 */
export function localDay(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`
}

/**
 * The instant to send for a day, or `undefined` for today (and for anything that is not an earlier
 * day): the server then takes its own now, so a browser clock that runs fast cannot make
 * "watched today" a refused date in the future.
 */
export function watchedAtFor(day: string, now: Date): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= localDay(now)) return undefined
  const noon = new Date(`${day}T12:00:00`)
  return Number.isNaN(noon.getTime()) ? undefined : noon.toISOString()
}

/**
 * The day a watch was watched, as everyone reads it: the writer's own calendar day (`watchedOn`),
 * so that a film seen on a New York evening is not the next day in Europe. An entry recorded before
 * the day was kept shows its instant's day here.
 */
export function dayOfWatch(watch: { watchedAt: string; watchedOn: string | null }): string {
  return watch.watchedOn ?? localDay(new Date(watch.watchedAt))
}

/**
 * A day (`YYYY-MM-DD`) as a Date at noon here: formatted in this time zone, it reads as that same
 * day. Invalid for anything that is not a day.
 */
export const dateOfDay = (day: string): Date =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00`) : new Date(Number.NaN)

/** The day a watch was watched, as the reader's locale writes it ("29 Nov 2026"). */
export const watchDayLabel = (watch: { watchedAt: string; watchedOn: string | null }): string =>
  dayFormat.format(dateOfDay(dayOfWatch(watch)))
