/**
 * The watched dialog asks for a day (the way a diary does); the log stores an instant. Today means
 * "now"; an earlier day is kept at noon local time, so it stays that day in nearby time zones.
 * A day in the future is never recorded: the server refuses it, and the picker does not offer it.
 */
export function localDay(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`
}

export function watchedAtFor(day: string, now: Date): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= localDay(now)) return now.toISOString()
  const noon = new Date(`${day}T12:00:00`)
  return Number.isNaN(noon.getTime()) ? now.toISOString() : noon.toISOString()
}

/** The day an entry shows in the dialog when it is edited. */
export const dayOf = (watchedAt: string) => localDay(new Date(watchedAt))
