import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Platform } from '../platform'
import { friendshipRoutes } from './friendshipRoutes'
import { publicProfileRoutes } from './publicProfileRoutes'

/** The social graph: friendships and invitations, public profiles, friends on a title. */
export const friendsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  await app.register(friendshipRoutes, { platform })
  await app.register(publicProfileRoutes, { platform })
}
