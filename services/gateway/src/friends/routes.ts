import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { TurnsPerKey } from '../http/turnsPerKey'
import type { Platform } from '../platform'
import { friendshipRoutes } from './friendshipRoutes'
import { invitationLinkRoutes } from './invitationLinkRoutes'
import { publicProfileRoutes } from './publicProfileRoutes'

/** The social graph: friendships and invitations, public profiles, friends on a title. */
export const friendsRoutes: FastifyPluginAsyncZod<{ platform: Platform; addressMailing: TurnsPerKey }> = async (
  app,
  { platform, addressMailing },
) => {
  await app.register(friendshipRoutes, { platform, addressMailing })
  await app.register(publicProfileRoutes, { platform })
  await app.register(invitationLinkRoutes, { platform })
}
