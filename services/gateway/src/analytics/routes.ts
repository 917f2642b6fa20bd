import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { analyticsAnswer, analyticsQuery } from '@reelmates/contracts/analytics'
import { recordedCounters } from '@reelmates/projections/analytics/analytics'
import { analyticsQueries } from '@reelmates/projections/analytics/analyticsQueries'
import { requireAdmin } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

const awaitingEvents = ['recommendationsSent', 'recommendationsAccepted', 'mailsSent', 'mailsFailed'] as const

/** The series behind the admin overview's charts. */
export const analyticsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const queries = analyticsQueries(platform.readStore)
  app.get(
    '/admin/analytics',
    {
      onRequest: requireAdmin,
      config: readsFrom(analyticsQueries),
      schema: {
        tags: ['admin'],
        summary: 'Sign-ups, active users, watches, top titles and mail outcomes per day',
        querystring: analyticsQuery,
        response: { 200: analyticsAnswer },
      },
    },
    async (request) => {
      const today = platform.now().toISOString().slice(0, 10)
      const series = await queries.series(today, request.query.days)
      return { ...series, notRecordedYet: awaitingEvents.filter((counter) => !recordedCounters.has(counter)) }
    },
  )
}
