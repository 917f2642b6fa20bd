import type { SchedulerJob } from '@reelmates/contracts/scheduler'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { adminCalls, adminKeys, type SchedulerFailures } from '../../features/admin/adminCalls'
import { AdminScreen } from '../shell/AdminScreen'
import { panel, sectionHeading } from '../social/socialStyles'
import { appLocale } from '../../lib/appLocale'
import { AdminLoadFailed } from './AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../shell/NotSavedOffline'

/** What each timed job of the scheduler is for (`services/scheduler/src/**Job.ts`); another name shows as it is. */
const timedJobs: Record<string, { label: string; does: string }> = {
  digests: { label: 'Digests', does: 'Sends each member their daily or weekly digest once it falls due.' },
  'campaign-steps': {
    label: 'Email campaigns',
    does: 'Enters the members an active campaign’s triggers match, and sends each one the steps that are due.',
  },
}

/** How often the screen asks again: the jobs run every few minutes. */
const refreshMs = 30_000

const when = (iso: string) => new Date(iso).toLocaleString(appLocale)

function lastRun(job: SchedulerJob): string {
  if (job.lastRunAt === null) return 'Not run yet'
  if (job.state === 'running') return `Running since ${when(job.lastRunAt)}`
  const took =
    job.lastFinishedAt !== null && job.lastFinishedAt >= job.lastRunAt
      ? ` (took ${Math.max(0, Math.round((Date.parse(job.lastFinishedAt) - Date.parse(job.lastRunAt)) / 1000))} s)`
      : ''
  return `${when(job.lastRunAt)}${took}`
}

const stateStyle: Partial<Record<SchedulerJob['state'], string>> = {
  running: 'bg-sky-500/15 text-sky-300',
  failed: 'bg-red-500/15 text-red-300',
  paused: 'bg-amber-500/15 text-amber-300',
}

/**
 * /admin/scheduler: what the scheduler does because of the time (its jobs, when each last ran and runs
 * next, and why one failed) and the reactions to events it has set aside because they keep failing.
 */
export function SchedulerScreen() {
  const jobs = useQuery({
    queryKey: adminKeys.schedulerJobs,
    queryFn: adminCalls.schedulerJobs,
    refetchInterval: refreshMs,
  })
  const failures = useQuery({
    queryKey: adminKeys.schedulerFailures,
    queryFn: adminCalls.schedulerFailures,
    refetchInterval: refreshMs,
  })
  const jobsFailure = useShownFailure(jobs)
  const failuresFailure = useShownFailure(failures)
  return (
    <AdminScreen title="Scheduler">
      <div className="mt-6 grid gap-6">
        <section aria-labelledby="jobs-heading" className="grid gap-3">
          <h2 id="jobs-heading" className={sectionHeading}>
            Timed jobs
          </h2>
          {jobsFailure && !jobs.data ? (
            <AdminLoadFailed error={jobsFailure} onRetry={() => void jobs.refetch()} what="timed jobs" />
          ) : !jobs.data ? (
            <LoadingLine what="the jobs" />
          ) : jobs.data.length === 0 ? (
            <p className="text-zinc-400">No job is scheduled: the scheduler has not started yet.</p>
          ) : (
            <ul aria-label="Timed jobs" className="grid gap-3 md:grid-cols-2">
              {jobs.data.map((job) => (
                <JobCard key={job.id} job={job} />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="reactions-heading" className="grid gap-3">
          <h2 id="reactions-heading" className={sectionHeading}>
            Reactions set aside
          </h2>
          <p className="text-sm text-zinc-400">
            Answers to events (a mail, a push) that keep failing are set aside and tried again every minute; the rest go
            on.
          </p>
          {failuresFailure && !failures.data ? (
            <AdminLoadFailed
              error={failuresFailure}
              onRetry={() => void failures.refetch()}
              what="reactions set aside"
            />
          ) : !failures.data ? (
            <LoadingLine what="the reactions set aside" doing="Loading…" />
          ) : (
            <SetAside reactions={failures.data.reactions} />
          )}
        </section>
      </div>
    </AdminScreen>
  )
}

function JobCard({ job }: { job: SchedulerJob }) {
  const known = timedJobs[job.name]
  return (
    <li aria-label={known?.label ?? job.name} className={`${panel} grid gap-2`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-white">{known?.label ?? job.name}</h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${stateStyle[job.state] ?? 'bg-white/5 text-zinc-300'}`}
        >
          {job.state}
        </span>
      </div>
      {known ? <p className="text-sm text-zinc-400">{known.does}</p> : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">Runs</dt>
        <dd className="text-zinc-200">{job.every ? `every ${job.every}` : 'once'}</dd>
        <dt className="text-zinc-400">Last run</dt>
        <dd className="text-zinc-200">{lastRun(job)}</dd>
        <dt className="text-zinc-400">Next run</dt>
        <dd className="text-zinc-200">{job.nextRunAt ? when(job.nextRunAt) : 'None: it will not run again'}</dd>
      </dl>
      {job.failCount > 0 ? (
        <p className="text-sm text-red-300">
          Failed {job.failCount === 1 ? 'once' : `${job.failCount} times`} since it last succeeded
          {job.failedAt ? `, last at ${when(job.failedAt)}` : ''}: {job.failReason ?? 'no reason recorded'}
        </p>
      ) : null}
    </li>
  )
}

function SetAside({ reactions }: { reactions: SchedulerFailures['reactions'] }) {
  if (reactions.length === 0) return <p className="text-zinc-300">None: no reaction is failing.</p>
  return (
    <ul aria-label="Reactions set aside" className="grid gap-2">
      {reactions.map((failure) => (
        <li key={`${failure.reaction} ${failure.position}`} className={`${panel} grid gap-1 text-sm`}>
          <p className="text-white">
            <code className="text-gold">{failure.reaction}</code> on event{' '}
            <Link to="/admin/events" search={{ event: failure.position }} className="underline">
              #{failure.position}
            </Link>{' '}
            <span className="text-zinc-400">
              ({failure.streamId}, revision {failure.revision})
            </span>
          </p>
          <p className="text-red-300">{failure.error}</p>
        </li>
      ))}
    </ul>
  )
}
