import type { FastifyInstance } from 'fastify'
import type { RateLimit } from '@reelmates/infra/config'
import { currentUserId } from './auth'

/** The end of every 429's message: "Please wait 1 second and try again.", "…wait 40 seconds…". */
export function waitAndTryAgain(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
  return `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`
}

/**
 * A hook that counts the signed-in member's requests on every route it is put on, as one budget:
 * by account, not address, since people behind one address would share a limit and one person
 * keeps theirs across addresses. A preHandler, so sign-in is checked before (a stranger gets 401).
 * `what` names the budget in the 429's message: "Too many comments and reactions. Please wait…".
 */
export function memberRateLimit(app: FastifyInstance, limit: RateLimit, what: string) {
  return app.rateLimit({
    ...limit,
    keyGenerator: (request) => currentUserId(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      error: 'Too Many Requests',
      message: `Too many ${what}. ${waitAndTryAgain(context.ttl)}`,
    }),
  })
}
