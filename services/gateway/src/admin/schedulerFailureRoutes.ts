import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { schedulerFailuresAnswer, schedulerJobsAnswer } from '@reelmates/contracts/scheduler'
import { schedulerFailures, schedulerJobs } from '@reelmates/scheduler/failures'
import { requireAdmin } from '../http/auth'
import type { Platform } from '../platform'

export const schedulerFailureRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/admin/scheduler/failures',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Reactions and jobs of the scheduler that failed (being retried, or given up)',
        response: { 200: schedulerFailuresAnswer },
      },
    },
    () => schedulerFailures(platform.readStore, platform.jobs),
  )

  app.get(
    '/admin/scheduler/jobs',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every job of the scheduler (digests, campaign steps): its interval, state, last and next run',
        response: { 200: schedulerJobsAnswer },
      },
    },
    async () => ({ jobs: await schedulerJobs(platform.jobs) }),
  )
}
