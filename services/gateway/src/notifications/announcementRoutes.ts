import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  announcementPublishedAnswer,
  announcementRequest,
  announcementsAnswer,
  notificationsMessages,
} from '@reelmates/contracts/notifications'
import { announcement, announcementStream } from '@reelmates/commands/notifications/announcement'
import { announcementQueries } from '@reelmates/projections/notifications/announcementQueries'
import { notificationQueries } from '@reelmates/projections/notifications/notificationQueries'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { currentUserId, requireAdmin, guardEveryRoute } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { announcementReport } from './announcementReport'

/** Admins write to everyone or to chosen members: in the bell, by push, and by mail if they wish. */
export const announcementRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireAdmin)
  const members = userQueries(platform.readStore)

  async function recipientsOf(audience: 'everyone' | 'chosen', usernames: readonly string[]) {
    if (audience === 'everyone') return { ids: await members.memberIds(), unknown: [] }
    const found = await Promise.all(usernames.map(async (name) => ({ name, member: await members.byUsername(name) })))
    return {
      ids: [...new Set(found.flatMap(({ member }) => (member ? [member.id] : [])))],
      unknown: found.flatMap(({ name, member }) => (member ? [] : [name])),
    }
  }

  app.post(
    '/admin/announcements',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send an announcement to everyone or to chosen members (in-app, push, and optionally mail)',
        body: announcementRequest,
        response: { 201: announcementPublishedAnswer, 400: errorAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request, reply) => {
      const { title, body, url, audience, usernames, channels } = request.body
      const recipients = await recipientsOf(audience, usernames)
      if (recipients.unknown.length > 0) {
        return reply.code(400).send({
          message: notificationsMessages.unknownUsers(recipients.unknown),
          error: 'Bad Request',
          validationErrors: { usernames: notificationsMessages.unknownUsers(recipients.unknown) },
        })
      }
      const announcementId = platform.newId()
      const { position } = await execute(request, {
        decider: announcement,
        streamId: announcementStream(announcementId),
        command: {
          type: 'PublishAnnouncement',
          announcementId,
          authorId: currentUserId(request),
          title,
          body,
          url,
          audience,
          recipientIds: recipients.ids,
          channels,
          publishedAt: platform.now().toISOString(),
        },
      })
      return reply
        .code(201)
        .send(withPosition({ announcement: { id: announcementId, recipients: recipients.ids.length } }, position))
    },
  )

  app.get(
    '/admin/announcements',
    {
      config: readsFrom(announcementQueries, notificationQueries),
      schema: {
        tags: ['admin'],
        summary: 'The latest announcements and who received each (bell, push devices, mail)',
        response: { 200: announcementsAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async () => ({ announcements: await announcementReport(platform.readStore, platform.mailer, 20) }),
  )
}
