import type { FastifyInstance } from 'fastify'

/**
 * The session's life, one figure for the cookie, the renewal and the store's own expiry (which drops
 * a session the cookie would still carry if it were shorter, or keeps a dead one if longer).
 */
export const sessionLife: SessionRenewal = {
  lifetimeMs: 30 * 24 * 60 * 60 * 1000,
  renewAfterMs: 24 * 60 * 60 * 1000,
}

export interface SessionRenewal {
  /** How long a session lives after it was last renewed (the cookie's Max-Age). */
  lifetimeMs: number
  /** A session is renewed on use once this much of its lifetime has gone by, not on every request. */
  renewAfterMs: number
}

/**
 * Sliding session expiry without a store write per request. @fastify/session's `rolling` option
 * (its default) saves the session and sends a fresh cookie on every answer: on a signed-in `GET`
 * that write was the gateway's largest fixed cost (docs/performance.md). With `rolling: false`, this
 * hook renews a stored session once `renewAfterMs` of its lifetime has passed: it then lives
 * `lifetimeMs` from now again, in the store and in the cookie. A session therefore ends between
 * `lifetimeMs - renewAfterMs` and `lifetimeMs` after its last use — never later than with `rolling`.
 */
export function registerSessionRenewal(app: FastifyInstance, { lifetimeMs, renewAfterMs }: SessionRenewal): void {
  app.addHook('preHandler', async (request) => {
    // Outside the cookie's path the session is a bare object (or null once destroyed); a new
    // session has no stored expiry.
    const session = request.session as typeof request.session | null
    const storedExpiry = (session?.cookie as { originalExpires?: Date } | undefined)?.originalExpires
    if (session === null || storedExpiry === undefined || typeof session.touch !== 'function') return
    // A deleted account's marker ends when its session would have; being asked does not keep it.
    if (session.accountDeleted === true) return
    if (storedExpiry.getTime() - Date.now() > lifetimeMs - renewAfterMs) return
    session.touch()
    // Saved now, the session plugin sends the renewed cookie with the answer (it does for a saved session).
    await session.save()
  })
}
