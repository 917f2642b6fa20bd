/**
 * The watched dialog asks for a day (the way a diary does); the log stores an instant. Today means
 * "now"; an earlier day is kept at noon local time, so it stays that day in nearby time zones.
 * A day in the future is never recorded: the server refuses it, and the picker does not offer it.
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

/** The day an entry shows in the dialog when it is edited. */
export const dayOf = (watchedAt: string) => localDay(new Date(watchedAt))
