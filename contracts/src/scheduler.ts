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
