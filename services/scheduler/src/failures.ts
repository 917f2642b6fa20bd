import { computeJobState, type JobRepository, type JobWithState } from 'agenda'
import type { SchedulerJob } from '@reelmates/contracts/scheduler'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { SCHEDULER_FAILURES as FAILURES } from './reactor'

/** What the admin area reads of agenda's job store. */
export type JobsView = Pick<JobRepository, 'queryJobs'>

export interface ReactionFailure {
  reaction: string
  streamId: string
  revision: number
  position: string
  error: string
}

export interface FailedJob {
  id: string
  name: string
  failCount: number
  failReason: string
  failedAt: string | null
  /** When agenda tries it again (null: retries are exhausted). */
  nextRunAt: string | null
}

const isoOrNull = (date: Date | string | undefined | null) => (date ? new Date(date).toISOString() : null)

/**
 * What the scheduler could not do, for admins: reactions to events that keep failing (set aside and
 * retried by the reactor, e.g. a mail the SMTP server refused) and agenda jobs that failed (retried
 * with backoff, then left failed).
 */
export async function schedulerFailures(
  readStore: Pick<ReadStore, 'collection'>,
  jobs: JobsView,
): Promise<{ reactions: ReactionFailure[]; jobs: FailedJob[] }> {
  const reactions = (await readStore.collection(FAILURES).find({})).map((doc) => ({
    reaction: String(doc.reaction),
    streamId: String(doc.streamId),
    revision: Number(doc.revision),
    position: String(doc.position),
    error: String(doc.error),
  }))
  const failed = await jobs.queryJobs({ state: 'failed', sort: { lastRunAt: 'desc' }, limit: 200 })
  return {
    reactions,
    jobs: failed.jobs.map((job) => ({
      id: String(job._id),
      name: job.name,
      failCount: job.failCount ?? 0,
      failReason: job.failReason ?? '',
      failedAt: isoOrNull(job.failedAt),
      nextRunAt: isoOrNull(job.nextRunAt),
    })),
  }
}

/**
 * agenda's state, except that a lock alone is not a run: agenda locks a job that falls due within its
 * next `processEvery` (30 s) before it starts it, and its `queryJobs` calls every locked job `running`,
 * while `lastRunAt` and `lastFinishedAt` still belong to the previous, finished run. A job is running
 * once it has started (`lastRunAt`) and not finished since, as agenda's own `Job.isRunning` has it;
 * locked before that, it is what it would be without the lock (a timed job: `repeating`, with its next run).
 */
function stateOf(job: JobWithState): SchedulerJob['state'] {
  if (job.state !== 'running') return job.state
  const started = job.lastRunAt ? new Date(job.lastRunAt).getTime() : null
  const finished = job.lastFinishedAt ? new Date(job.lastFinishedAt).getTime() : null
  if (started !== null && (finished === null || started > finished)) return 'running'
  return computeJobState({ ...job, lockedAt: undefined })
}

/** Every job in agenda's store (the timed jobs, and any one-off), for the admins' scheduler screen. */
export async function schedulerJobs(jobs: JobsView): Promise<SchedulerJob[]> {
  const found = await jobs.queryJobs({ sort: { name: 'asc' }, limit: 200 })
  return found.jobs.map((job) => ({
    id: String(job._id),
    name: job.name,
    every: job.repeatInterval === undefined ? null : String(job.repeatInterval),
    state: stateOf(job),
    lastRunAt: isoOrNull(job.lastRunAt),
    lastFinishedAt: isoOrNull(job.lastFinishedAt),
    nextRunAt: isoOrNull(job.nextRunAt),
    failCount: job.failCount ?? 0,
    failReason: job.failReason ?? null,
    failedAt: isoOrNull(job.failedAt),
  }))
}
