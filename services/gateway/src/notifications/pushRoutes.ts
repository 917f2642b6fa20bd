import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import {
  publicKeyAnswer,
  pushDevicesAnswer,
  pushMessages,
  pushSubscriptionRequest,
  pushUnsubscribeRequest,
} from '@reelmates/contracts/push'
import { pushSubscriptions, pushSubscriptionsStream } from '@reelmates/commands/notifications/pushSubscriptions'
import { subscribeDevice, type SubscribeDevicePorts } from '@reelmates/commands/notifications/subscribeDevice'
import { pushEndpointAllowed } from '@reelmates/infra/push/webPushSender'
import { pushQueries } from '@reelmates/projections/push/pushQueries'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { commandMetadata, execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

const notSetUp = 'Push notifications are not set up on this server.'

/** Web push: the server's VAPID key, and this device's subscription (one per browser). */
export const pushRoutes: FastifyPluginAsyncZod<{ platform: Platform; subscribing: SubscribeDevicePorts }> = async (
  app,
  { platform, subscribing },
) => {
  guardEveryRoute(app, requireUser)
  const push = platform.config.push
  const devices = pushQueries(platform.readStore)

  app.get(
    '/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (base64url), the browser's applicationServerKey",
        response: { 200: publicKeyAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (_request, reply) =>
      push ? { publicKey: push.vapid.publicKey } : reply.code(404).send({ message: notSetUp, error: 'Not Found' }),
  )

  app.get(
    '/push/subscriptions',
    {
      config: readsFrom(pushQueries),
      schema: {
        tags: ['push'],
        summary: 'My devices that get push notifications (without their keys)',
        response: { 200: pushDevicesAnswer, 401: errorAnswer },
      },
    },
    async (request) => ({ devices: await devices.shownTo(currentUserId(request)) }),
  )

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Subscribe this device: the browser's PushSubscription as JSON (again: no change)",
        body: pushSubscriptionRequest,
        response: { 201: mutationAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      if (!push) return reply.code(404).send({ message: notSetUp, error: 'Not Found' })
      const { endpoint, keys } = request.body
      if (!pushEndpointAllowed(endpoint, push.anyPushService)) {
        // An https address that is no browser's push service is told apart from a malformed one.
        const message =
          new URL(endpoint).protocol === 'https:' ? pushMessages.unknownPushService : pushMessages.badEndpoint
        return reply.code(400).send({ message, error: 'Bad Request' })
      }
      const userId = currentUserId(request)
      const { position } = await subscribeDevice(
        subscribing,
        { userId, endpoint, keys, at: platform.now().toISOString() },
        commandMetadata(request),
      )
      return reply.code(201).send(withPosition({}, position))
    },
  )

  app.delete(
    '/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Unsubscribe this device (by its endpoint)',
        body: pushUnsubscribeRequest,
        response: { 200: mutationAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: pushSubscriptions,
        streamId: pushSubscriptionsStream(userId),
        command: {
          type: 'UnsubscribeDevice',
          userId,
          endpoint: request.body.endpoint,
          removedAt: platform.now().toISOString(),
        },
      })
      return withPosition({}, position)
    },
  )
}
