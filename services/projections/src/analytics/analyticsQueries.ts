import { defineQueries } from '../queries'
import { analytics, ANALYTICS_ACTIVE_USERS, ANALYTICS_DAYS, ANALYTICS_TITLE_DAYS } from './analytics'

export interface AnalyticsDay {
  day: string
  signUps: number
  activeUsers: number
  /** Distinct people active in the seven days ending on this day. */
  weeklyActiveUsers: number
  watches: number
  recommendationsSent: number
  recommendationsAccepted: number
  mailsSent: number
  mailsFailed: number
}

export interface TopTitle {
  tmdbId: number
  mediaType: string
  title: string
  /** How many members watched or watchlisted it. */
  count: number
}

export interface AnalyticsSeries {
  days: AnalyticsDay[]
  mostWatchedThisWeek: TopTitle[]
  mostWatchlistedThisWeek: TopTitle[]
}

const DAY_MS = 24 * 60 * 60 * 1000
const TOP = 10

/** The `count` days ending with `today` (a `YYYY-MM-DD`), oldest first. */
export function daysEndingOn(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00.000Z`)
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  )
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0)

export const analyticsQueries = defineQueries([analytics], (db) => {
  /** The titles the most people watched or watchlisted over the days of `week`. */
  async function topTitles(week: string[], kind: 'watched' | 'watchlisted'): Promise<TopTitle[]> {
    const docs = await db.collection(ANALYTICS_TITLE_DAYS).find({ day: { $in: week } })
    const totals = new Map<string, TopTitle & { people: Set<string> }>()
    for (const doc of docs) {
      if (doc.kind !== kind) continue
      const key = `${String(doc.mediaType)}:${numberOf(doc.tmdbId)}`
      let title = totals.get(key)
      if (!title) {
        title = {
          tmdbId: numberOf(doc.tmdbId),
          mediaType: String(doc.mediaType),
          title: String(doc.title),
          count: 0,
          people: new Set(),
        }
        totals.set(key, title)
      }
      title.people.add(String(doc.userId))
    }
    return [...totals.values()]
      .map(({ people, ...title }) => ({ ...title, count: people.size }))
      .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title))
      .slice(0, TOP)
  }

  return {
    async series(today: string, count: number): Promise<AnalyticsSeries> {
      const days = daysEndingOn(today, count)
      const withWeekBefore = daysEndingOn(today, count + 6)
      const [counters, active] = await Promise.all([
        db.collection(ANALYTICS_DAYS).find({ _id: { $in: days } }),
        db.collection(ANALYTICS_ACTIVE_USERS).find({ day: { $in: withWeekBefore } }),
      ])
      const countersOf = new Map(counters.map((doc) => [doc._id, doc]))
      const activeOn = new Map<string, Set<string>>()
      for (const doc of active) {
        const day = String(doc.day)
        const people = activeOn.get(day) ?? new Set<string>()
        people.add(String(doc.userId))
        activeOn.set(day, people)
      }
      const series = days.map((day): AnalyticsDay => {
        const doc = countersOf.get(day)
        const week = new Set(daysEndingOn(day, 7).flatMap((one) => [...(activeOn.get(one) ?? [])]))
        return {
          day,
          signUps: numberOf(doc?.signUps),
          activeUsers: activeOn.get(day)?.size ?? 0,
          weeklyActiveUsers: week.size,
          watches: numberOf(doc?.watches),
          recommendationsSent: numberOf(doc?.recommendationsSent),
          recommendationsAccepted: numberOf(doc?.recommendationsAccepted),
          mailsSent: numberOf(doc?.mailsSent),
          mailsFailed: numberOf(doc?.mailsFailed),
        }
      })
      const week = daysEndingOn(today, 7)
      const [mostWatchedThisWeek, mostWatchlistedThisWeek] = await Promise.all([
        topTitles(week, 'watched'),
        topTitles(week, 'watchlisted'),
      ])
      return { days: series, mostWatchedThisWeek, mostWatchlistedThisWeek }
    },
  }
})
