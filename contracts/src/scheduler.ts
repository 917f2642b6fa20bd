import { z } from 'zod'

/** `GET /api/admin/scheduler/failures`: what the scheduler could not do. */
export const schedulerFailuresAnswer = z.object({
  /** Reactions to events that keep failing (e.g. a mail the SMTP server refused); retried every minute. */
  reactions: z.array(
    z.object({
      reaction: z.string(),
      streamId: z.string(),
      revision: z.number(),
      position: z.string(),
      error: z.string(),
    }),
  ),
  /** agenda jobs that failed: `nextRunAt` is the retry (backoff), null once retries are exhausted. */
  jobs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      failCount: z.number(),
      failReason: z.string(),
      failedAt: z.string().nullable(),
      nextRunAt: z.string().nullable(),
    }),
  ),
})

export const jobState = z.enum(['running', 'scheduled', 'queued', 'completed', 'failed', 'repeating', 'paused'])

/** `GET /api/admin/scheduler/jobs`: every job in the store the scheduler processes share, as agenda has it. */
export const schedulerJobsAnswer = z.object({
  jobs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** agenda's interval of a repeating job (`'15 minutes'`); null for a job that runs once. */
      every: z.string().nullable(),
      /**
       * agenda's state, but `running` only once a run has started and not finished (`lastRunAt` after
       * `lastFinishedAt`): a job agenda has locked for a run due within 30 s is what it is without the lock.
       */
      state: jobState,
      lastRunAt: z.string().nullable(),
      lastFinishedAt: z.string().nullable(),
      nextRunAt: z.string().nullable(),
      /** Failures since its last success (agenda resets it when a run succeeds). */
      failCount: z.number().int(),
      failReason: z.string().nullable(),
      failedAt: z.string().nullable(),
    }),
  ),
})
export type SchedulerJob = z.infer<typeof schedulerJobsAnswer>['jobs'][number]
