import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import {
  markReadRequest,
  markSeenRequest,
  notificationsAnswer,
  notificationsQuery,
} from '@reelmates/contracts/notifications'
import { notificationsRead, notificationsStream } from '@reelmates/commands/notifications/notificationsRead'
import { notificationsSeen, notificationsSeenStream } from '@reelmates/commands/notifications/notificationsSeen'
import { notificationQueries } from '@reelmates/projections/notifications/notificationQueries'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

/** The bell: my notifications, newest first, marking them read, and clearing its badge. */
export const notificationRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const queries = notificationQueries(platform.readStore)

  app.get(
    '/notifications',
    {
      config: readsFrom(notificationQueries),
      schema: {
        tags: ['notifications'],
        summary:
          'My notifications, newest first, and how many are unread. `nextCursor` (null on the last page) asks for the next, older page.',
        querystring: notificationsQuery,
        response: { 200: notificationsAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    (request) => queries.list(currentUserId(request), request.query),
  )

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Mark these notifications read, or all of them when `ids` is absent (all up to `upTo`, the newest shown, when given)',
        body: markReadRequest,
        response: { 200: mutationAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const now = platform.now().toISOString()
      const { upTo } = request.body
      const { position } = await execute(request, {
        decider: notificationsRead,
        streamId: notificationsStream(userId),
        command: {
          type: 'MarkNotificationsRead',
          userId,
          ids: request.body.ids ?? null,
          // "All" reaches the newest notification the member saw, and never past now.
          readAt: upTo !== undefined && upTo < now ? upTo : now,
        },
      })
      return withPosition({}, position)
    },
  )

  app.post(
    '/notifications/seen',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'I opened the bell and it showed my notifications up to `upTo`: the badge stops counting them, they stay unread',
        body: markSeenRequest,
        response: { 200: mutationAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: notificationsSeen,
        streamId: notificationsSeenStream(userId),
        command: {
          type: 'MarkNotificationsSeen',
          userId,
          upTo: new Date(request.body.upTo).toISOString(),
          at: platform.now().toISOString(),
        },
      })
      return withPosition({}, position)
    },
  )
}
