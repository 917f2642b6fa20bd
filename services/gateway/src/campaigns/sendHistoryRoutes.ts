import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendHistoryAnswer, sendHistoryQuery } from '@reelmates/contracts/mailSends'
import { requireAdmin } from '../http/auth'
import type { Platform } from '../platform'

/** Every mail sent or failed (campaign, digest, account), newest first, from the mailer's record. */
export const sendHistoryRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/admin/email-send-history',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The email send history, newest first; filter by status (failed shows the error)',
        querystring: sendHistoryQuery,
        response: { 200: sendHistoryAnswer },
      },
    },
    async (request) => {
      const { status, category, limit, before } = request.query
      const { items, next } = await platform.mailer.history({
        limit,
        ...(status ? { status } : {}),
        ...(category ? { category } : {}),
        ...(before ? { before } : {}),
      })
      return {
        items: items.map((entry) => ({
          id: entry.id,
          sentAt: entry.createdAt,
          status: entry.status,
          category: entry.category,
          to: entry.to,
          userId: entry.userId ?? null,
          subject: entry.subject,
          errorMessage: entry.error ?? null,
        })),
        next,
      }
    },
  )
}
