import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { outboxAnswer, outboxQuery } from '@reelmates/contracts/account'
import { requireAdmin } from '../http/auth'
import { asAdminSeesIt } from './outboxSecrets'
import type { Platform } from '../platform'

/** The mail outbox, where mail waits when no SMTP server is configured (admins only; outboxSecrets.ts). */
export const outboxRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/admin/outbox',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The newest mails of the outbox',
        querystring: outboxQuery,
        response: { 200: outboxAnswer },
      },
    },
    async (request) => {
      const { limit, to } = request.query
      // Part of an address is enough: "dave" finds dave.new@example.com.
      const messages = await platform.mailer.list({ limit, ...(to ? { toContaining: to } : {}) })
      return { messages: messages.map(asAdminSeesIt) }
    },
  )
}
