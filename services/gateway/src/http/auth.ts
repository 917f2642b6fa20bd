import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { adminUserQueries } from '@reelmates/projections/users/adminUserQueries'
import { AccountSuspended } from '@reelmates/commands/account/errors'

declare module 'fastify' {
  interface Session {
    userId?: string
    role?: 'User' | 'Admin'
    /**
     * What the store left of a session whose account was deleted (infra/src/sessions/port.ts): no
     * user, only this. A sign-in starts a new session (`startUserSession`), which never carries it.
     */
    accountDeleted?: boolean
  }
}

export type Role = 'User' | 'Admin'

/** The signed-in user's id; the caller must have run `requireUser`. */
export function currentUserId(request: FastifyRequest): string {
  const userId = request.session.userId
  if (!userId) throw new Error('currentUserId called on a request without a signed-in user')
  return userId
}

/** Whether this session was one of an account deleted since (on this device or another). */
export const endedByDeletion = (request: FastifyRequest): boolean => request.session.accountDeleted === true

/**
 * The 401 of a request without a signed-in user. A device still open on a deleted account is told
 * so: "sign in first" would have its member try, and be told their username does not exist.
 */
export async function refuseSignedOut(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return reply
    .code(401)
    .send(
      endedByDeletion(request)
        ? { message: 'Your account was deleted.', error: 'AccountDeleted' }
        : { message: 'You need to sign in first.', error: 'Unauthorized' },
    )
}

/**
 * Attach as an `onRequest` hook (as `requireAdmin`): an anonymous request is refused before its body is
 * parsed or validated, so it learns nothing about the route and gets 401, not a validation error.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.session.userId) await refuseSignedOut(request, reply)
}

export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!request.session.userId) {
    await refuseSignedOut(request, reply)
    return
  }
  // The role is read from the users read model, not trusted from the session, so a demotion takes
  // effect at once.
  const role = await userQueries(request.server.platform.readStore).roleOf(request.session.userId)
  if (role !== 'Admin') {
    await reply.code(403).send({ message: "You don't have permission to access this page.", error: 'Forbidden' })
  }
}

/** 403 with the suspended message for an account the team has suspended. */
export async function refuseSuspended(request: FastifyRequest, userId: string): Promise<void> {
  if (await adminUserQueries(request.server.platform.readStore).isSuspended(userId)) throw new AccountSuspended()
}

/**
 * Starts a signed-in session. The session id is regenerated so a session fixed before sign-in is
 * useless after it; the CSRF secret is kept so the token the page already holds stays valid.
 */
export async function startUserSession(request: FastifyRequest, user: { id: string; role: Role }): Promise<void> {
  // Every way in (password, sign-in link, invitation) comes through here, so a suspension holds for all.
  await refuseSuspended(request, user.id)
  await request.session.regenerate(['_csrf'])
  request.session.userId = user.id
  request.session.role = user.role
  await request.session.save()
}

export async function endUserSession(request: FastifyRequest): Promise<void> {
  await request.session.destroy()
}

/**
 * The deleting request's own session, once the store has made every session of the account a marker
 * (`eraseUser(userId, 'accountDeleted')`): it stays one, rather than going, so the browser's other tabs
 * are told the account was deleted too. Written here as well, so that this request's own save at its
 * end cannot put the user back.
 */
export async function endSessionOfDeletedAccount(request: FastifyRequest): Promise<void> {
  delete request.session.userId
  delete request.session.role
  request.session.accountDeleted = true
  await request.session.save()
}

/**
 * `guard` (`requireUser`, `requireAdmin`) before every route the plugin registers after this call,
 * as the first of each route's own `onRequest` hooks rather than a plugin hook: it runs at the same
 * point, and the API document, which sees only a route's own options, can tell the route needs it.
 */
export function guardEveryRoute(app: FastifyInstance, guard: typeof requireUser): void {
  app.addHook('onRoute', (route) => {
    const own: unknown[] = [route.onRequest ?? []].flat()
    route.onRequest = [guard, ...own] as typeof route.onRequest
  })
}
