import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { schedulerFailuresAnswer } from '@reelmates/contracts/scheduler'
import { schedulerFailures } from '@reelmates/scheduler/failures'
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
}
