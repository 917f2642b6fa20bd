import { dateOfDay, dayOfWatch } from './watchedDate'
import { appLocale } from '../../lib/appLocale'

const monthFormat = new Intl.DateTimeFormat(appLocale, { month: 'long', year: 'numeric' })

export interface DiaryMonth<Entry> {
  /** `YYYY-MM` of the diary days in it. */
  month: string
  /** "November 2026", as the reader's locale writes it. */
  label: string
  /** Each entry with its place in the whole list, so focus can still be given by place. */
  entries: { entry: Entry; index: number }[]
}

/**
 * A diary in date order read the way a paper one is, month by month (as Letterboxd's diary is):
 * runs of entries whose diary day falls in the same month. The list keeps its own order, so a month
 * that comes back later in it (an instant and a day that disagree across a month's end) starts a
 * new run rather than moving entries.
 */
export function diaryMonths<Entry extends { watchedAt: string; watchedOn: string | null }>(
  entries: readonly Entry[],
): DiaryMonth<Entry>[] {
  const months: DiaryMonth<Entry>[] = []
  entries.forEach((entry, index) => {
    const month = dayOfWatch(entry).slice(0, 7)
    const last = months.at(-1)
    if (last?.month === month) last.entries.push({ entry, index })
    else months.push({ month, label: monthFormat.format(dateOfDay(`${month}-15`)), entries: [{ entry, index }] })
  })
  return months
}
