import type { AnalyticsAnswer } from '@reelmates/contracts/analytics'
import { analyticsRanges } from '@reelmates/contracts/analytics'
import { useQuery } from '@tanstack/react-query'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { analyticsQuery } from './queries'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { appLocale } from '../../lib/appLocale'
import { useShownFailure } from '../../lib/shownFailure'

type Series = { key: keyof AnalyticsAnswer['days'][number]; label: string; color: string }

type Days = AnalyticsAnswer['days']

type Count = Exclude<Series['key'], 'day'>
const total = (days: Days, key: Count) => days.reduce((sum, day) => sum + day[key], 0)

/** "12 sent · 25% accepted" over the range shown. */
function acceptanceRate(days: Days): string {
  const sent = total(days, 'recommendationsSent')
  const accepted = total(days, 'recommendationsAccepted')
  return sent === 0 ? 'none sent' : `${sent} sent · ${Math.round((accepted / sent) * 100)}% accepted`
}

/** The last day's figures: a count of people is not summed over days. */
function lastDay(days: Days): string {
  const last = days.at(-1)
  return last ? `${last.activeUsers} on the last day · ${last.weeklyActiveUsers} in its week` : 'no days'
}

const charts: { title: string; series: Series[]; kind: 'line' | 'bar'; summary: (days: Days) => string }[] = [
  {
    title: 'Sign-ups per day',
    kind: 'bar',
    summary: (days) => `${total(days, 'signUps')} in all`,
    series: [{ key: 'signUps', label: 'Sign-ups', color: '#ffc857' }],
  },
  {
    title: 'Active users',
    kind: 'line',
    summary: lastDay,
    series: [
      { key: 'activeUsers', label: 'Daily', color: '#7dd3fc' },
      { key: 'weeklyActiveUsers', label: 'Weekly (7 days)', color: '#c4b5fd' },
    ],
  },
  {
    title: 'Watches per day',
    kind: 'bar',
    summary: (days) => `${total(days, 'watches')} in all`,
    series: [{ key: 'watches', label: 'Watches', color: '#86efac' }],
  },
  {
    title: 'Recommendations',
    kind: 'line',
    summary: acceptanceRate,
    series: [
      { key: 'recommendationsSent', label: 'Sent', color: '#fda4af' },
      { key: 'recommendationsAccepted', label: 'Accepted', color: '#fde68a' },
    ],
  },
  {
    title: 'Mails',
    kind: 'bar',
    summary: (days) => `${total(days, 'mailsSent')} sent or in outbox · ${total(days, 'mailsFailed')} failed`,
    series: [
      // `MailSent` is recorded for a mail handed to the SMTP server or, without one, kept in the
      // outbox: the send history tells those two apart ("Sent", "In outbox"), so this says both.
      { key: 'mailsSent', label: 'Sent or in outbox', color: '#93c5fd' },
      { key: 'mailsFailed', label: 'Failed', color: '#fca5a5' },
    ],
  },
]

/**
 * The read model counts by UTC day (`dayOf` in services/projections/src/analytics/analytics.ts): said
 * on the screen, or a sign-up at 22:40 on 1 December in Los Angeles counts on a "12-02" that has not
 * come there yet, while User management says "Joined Dec 1". With when a UTC day starts on this
 * device's clock (`timeZone`, for specs: the device's own otherwise).
 */
export function utcDaysNote(now: Date, timeZone?: string): string {
  const midnightUtc = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const clock = (zone: string | undefined) =>
    midnightUtc.toLocaleTimeString(appLocale, { hour: 'numeric', minute: '2-digit', timeZone: zone })
  const here = clock(timeZone)
  if (here === clock('UTC')) return 'Days are UTC days, midnight to midnight UTC.'
  return `Days are UTC days, midnight to midnight UTC (${here} here), not this device's days.`
}

/** The overview's charts over 7, 30 or 90 days, drawn by recharts from the analytics read model. */
export function AnalyticsCharts({
  days,
  onDays,
}: {
  days: number
  onDays: (days: (typeof analyticsRanges)[number]) => void
}) {
  const analytics = useQuery(analyticsQuery(days))
  const failure = useShownFailure(analytics)
  return (
    <div className="mt-6 space-y-4">
      <div role="group" aria-label="Range" className="flex gap-2">
        {analyticsRanges.map((range) => (
          <button
            key={range}
            type="button"
            aria-pressed={range === days}
            onClick={() => onDays(range)}
            className={`rounded-full px-3 py-1.5 text-sm ${range === days ? 'bg-gold text-zinc-900' : 'border border-white/10 text-zinc-300'}`}
          >
            {range} days
          </button>
        ))}
      </div>
      {failure ? (
        <AdminLoadFailed error={failure} onRetry={() => void analytics.refetch()} />
      ) : analytics.isPending ? (
        <p className="text-zinc-400">Counting…</p>
      ) : null}
      {analytics.data && (
        <>
          <p className="text-sm text-zinc-400">{utcDaysNote(new Date())}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {charts.map((chart) => (
              <DayChart key={chart.title} {...chart} data={analytics.data} />
            ))}
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <TopTitles title="Most watched this week" titles={analytics.data.mostWatchedThisWeek} />
            <TopTitles title="Most watchlisted this week" titles={analytics.data.mostWatchlistedThisWeek} />
          </div>
        </>
      )}
    </div>
  )
}

function DayChart({
  title,
  series,
  kind,
  summary,
  data,
}: {
  title: string
  summary: (days: Days) => string
  series: Series[]
  kind: 'line' | 'bar'
  data: AnalyticsAnswer
}) {
  const waiting = series.every((one) => data.notRecordedYet.includes(one.key))
  const rows = data.days.map((day) => ({ ...day, label: day.day.slice(5) }))
  const Chart = kind === 'bar' ? BarChart : LineChart
  return (
    <figure className="rounded-2xl bg-panel p-4">
      <figcaption className="mb-2 text-sm font-semibold text-white">
        {title}
        {waiting ? null : <span className="ml-2 font-normal text-zinc-400">{summary(data.days)}</span>}
      </figcaption>
      {waiting ? (
        <p className="py-10 text-center text-sm text-zinc-400">
          Not recorded yet: these facts are not events of the log yet.
        </p>
      ) : (
        // The drawing says nothing to a screen reader but its axis labels: the figures go to it as a table.
        <div className="h-48" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            {/* No keyboard layer: the drawing is hidden from screen readers, so its focus stop would name nothing. */}
            <Chart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
              <CartesianGrid stroke="#ffffff14" vertical={false} />
              <XAxis dataKey="label" stroke="#a1a1aa" fontSize={11} minTickGap={16} />
              <YAxis allowDecimals={false} stroke="#a1a1aa" fontSize={11} />
              <Tooltip
                contentStyle={{ background: '#1c1c2b', border: 'none' }}
                labelFormatter={(label: unknown) => (typeof label === 'string' ? `${label} (UTC)` : null)}
              />
              {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
              {series.map((one) =>
                kind === 'bar' ? (
                  <Bar key={one.key} dataKey={one.key} name={one.label} fill={one.color} isAnimationActive={false} />
                ) : (
                  <Line
                    key={one.key}
                    dataKey={one.key}
                    name={one.label}
                    stroke={one.color}
                    dot={false}
                    isAnimationActive={false}
                  />
                ),
              )}
            </Chart>
          </ResponsiveContainer>
        </div>
      )}
      {waiting ? null : <FiguresTable title={title} series={series} days={data.days} />}
    </figure>
  )
}

/**
 * The chart's figures, day by day, for a screen reader (visually hidden). Hidden by a box around it:
 * a table takes the width its columns need whatever width it is given, and widened a 320 px page.
 */
function FiguresTable({ title, series, days }: { title: string; series: Series[]; days: Days }) {
  return (
    <div className="sr-only">
      <table>
        <caption>{title}, day by day (UTC days)</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            {series.map((one) => (
              <th key={one.key} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              {series.map((one) => (
                <td key={one.key}>{day[one.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function TopTitles({ title, titles }: { title: string; titles: AnalyticsAnswer['mostWatchedThisWeek'] }) {
  return (
    <section className="rounded-2xl bg-panel p-4">
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      {titles.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">Nothing this week yet.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm">
          {titles.map((one) => (
            <li key={`${one.mediaType}:${one.tmdbId}`} className="flex justify-between gap-2 text-zinc-200">
              <span className="truncate">{one.title}</span>
              <span className="shrink-0 text-zinc-400">
                {one.count} {one.count === 1 ? 'member' : 'members'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
