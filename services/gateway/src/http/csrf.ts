import fastifyCsrf from '@fastify/csrf-protection'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { isActingRead } from '@reelmates/contracts/actingReads'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request carries its own single-purpose credential (a signed link token), as RFC 8058 posts do. */
    csrfExempt?: boolean
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['csrf-token'] ?? request.headers['x-csrf-token']
  return Array.isArray(header) ? header[0] : header
}

/**
 * Every state-changing API request must carry the token from `GET /api/csrf-token` in a
 * `CSRF-Token` header; the secret behind it lives in the session. So must the few GETs that act
 * (`actingReads`): a same-site image or a followed link would otherwise spend a token with the
 * visitor's cookie.
 */
export async function registerCsrf(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCsrf, { sessionPlugin: '@fastify/session', getToken: tokenOf })

  app.addHook('onRequest', (request, reply, done) => {
    // The route the router matched, not the raw target: no spelling of a path can step around the check.
    const route = request.routeOptions.url
    // HEAD runs a GET's handler too.
    const acting = route !== undefined && isActingRead(route) && (request.method === 'GET' || request.method === 'HEAD')
    if (!route?.startsWith('/api/') || (safeMethods.has(request.method) && !acting)) {
      done()
      return
    }
    if (request.routeOptions.config.csrfExempt === true) {
      done()
      return
    }
    if (!tokenOf(request)) {
      void reply.code(403).send({ message: 'Missing CSRF token. Fetch one from /api/csrf-token.', error: 'Forbidden' })
      return
    }
    app.csrfProtection(request, reply, done)
  })

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/csrf-token',
    {
      schema: {
        tags: ['session'],
        summary: 'A CSRF token to send as the CSRF-Token header on state-changing requests',
        response: { 200: z.object({ csrfToken: z.string() }) },
      },
    },
    async (_request, reply) => ({ csrfToken: reply.generateCsrf() }),
  )
}
