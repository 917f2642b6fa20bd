import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Platform } from '../platform'
import { feedRoutes } from './feedRoutes'
import { interactionRoutes } from './interactionRoutes'

/** The activity feed: the timeline, one activity, comments and reactions. */
export const feedApiRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  await app.register(feedRoutes, { platform })
  await app.register(interactionRoutes, { platform })
}
