import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Platform } from '../platform'
import { announcementRoutes } from './announcementRoutes'
import { notificationRoutes } from './notificationRoutes'
import { pushRoutes } from './pushRoutes'
import { subscribeDevicePorts } from './subscribeDevicePorts'

/** In-app notifications, web push subscriptions, and admins' announcements. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  await app.register(notificationRoutes, { platform })
  await app.register(pushRoutes, { platform, subscribing: subscribeDevicePorts(platform) })
  await app.register(announcementRoutes, { platform })
}
