import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  availabilityAnswer,
  messageAnswer,
  messages,
  publicUser,
  sessionAnswer,
  type PublicUser,
  signInRequest,
  validateUsernameQuery,
} from '@reelmates/contracts/account'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { loadState } from '@reelmates/commands/handleCommand'
import {
  endSessionOfDeletedAccount,
  endUserSession,
  endedByDeletion,
  refuseSignedOut,
  requireUser,
  startUserSession,
} from '../http/auth'
import type { Platform } from '../platform'
import { errorAnswer } from '@reelmates/contracts/answers'
import { readUser } from './userDocument'
import { readsFrom } from '../http/readYourWrites'
import { userQueries } from '@reelmates/projections/users/userQueries'

/** Signing in and out, and who is signed in. */
export const sessionRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const { vault, eventStore } = platform

  /** The signed-in user, or null when the session has none or its account no longer exists. */
  async function sessionUser(request: FastifyRequest): Promise<PublicUser | null> {
    const userId = request.session.userId
    if (!userId) return null
    const user = await readUser(platform, userId)
    // The account no longer exists: deleted elsewhere, and this session not yet made a marker (the
    // erasure still to run, or a request in flight saved it back). It is one now, and says why.
    if (!user) await endSessionOfDeletedAccount(request)
    return user
  }

  app.get(
    '/user',
    {
      onRequest: requireUser,
      config: readsFrom(userQueries),
      schema: {
        tags: ['account'],
        summary: 'The signed-in user (401 means nobody is signed in)',
        response: { 200: publicUser, 401: errorAnswer },
      },
    },
    async (request, reply) => {
      const user = await sessionUser(request)
      if (!user) return refuseSignedOut(request, reply)
      return user
    },
  )

  // The web app asks this one when it starts: "nobody" is an ordinary answer here, where the 401 of
  // GET /api/user is logged by every browser as a failed request (issue 15.3, best practices).
  app.get(
    '/session',
    {
      config: readsFrom(userQueries),
      schema: {
        tags: ['account'],
        summary:
          "Who is signed in on this session: the user, or null for nobody (never a 401), with `ended: 'accountDeleted'` when the session's account was deleted",
        response: { 200: sessionAnswer },
      },
    },
    async (request) => {
      const user = await sessionUser(request)
      return user === null && endedByDeletion(request) ? { user, ended: 'accountDeleted' as const } : { user }
    },
  )

  app.post(
    '/login',
    {
      config: { rateLimit: platform.config.rateLimits.auth },
      schema: {
        tags: ['account'],
        summary: 'Sign in with a username (or the account email) and password',
        body: signInRequest,
        response: { 200: publicUser, 401: errorAnswer },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body
      const userId = await vault.lookup(signInNameKind(username), username)
      // An unknown name still reads a (missing) stream and checks a decoy hash: it costs the same as
      // a wrong password, so the answer's timing does not say which names exist.
      const state = await loadState(eventStore, account, accountStreamId(userId ?? platform.newId()))
      const active = userId !== null && state.status === 'active'
      const matches = await platform.passwords.verify(password, active ? state.passwordHash : null)
      if (!active || !matches) {
        return reply.code(401).send({ message: messages.invalidCredentials, error: messages.invalidCredentials })
      }
      await startUserSession(request, { id: userId, role: state.role })
      // A password changed while this one was being checked ends every session there is, and this one
      // was saved just too late to be among them: a session opened with the old password must not
      // outlive the change (that is what changing a password is for).
      const now = await loadState(eventStore, account, accountStreamId(userId))
      if (now.passwordHash !== state.passwordHash) {
        await endUserSession(request)
        return reply.code(401).send({ message: messages.invalidCredentials, error: messages.invalidCredentials })
      }
      const user = await readUser(platform, userId)
      if (!user) {
        // Deleted on another device while the password was being checked: there is nobody to sign in.
        await endUserSession(request)
        return reply.code(401).send({ message: messages.invalidCredentials, error: messages.invalidCredentials })
      }
      return user
    },
  )

  app.post(
    '/logout',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out (ends this session)',
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await endUserSession(request)
      return { message: "You've been successfully logged out." }
    },
  )

  app.get(
    '/validate-username',
    {
      config: { rateLimit: platform.config.rateLimits.auth },
      schema: {
        tags: ['account'],
        summary: 'Whether nobody holds a username (after a failed sign-in, and while signing up)',
        querystring: validateUsernameQuery,
        response: { 200: availabilityAnswer, 400: errorAnswer },
      },
    },
    async (request) => ({ available: (await vault.lookup('username', request.query.username)) === null }),
  )
}

/** Sign-in takes a username or the account's email; a username cannot hold an at-sign (spec §5 rules). */
function signInNameKind(name: string): 'email' | 'username' {
  return name.includes('@') ? 'email' : 'username'
}
