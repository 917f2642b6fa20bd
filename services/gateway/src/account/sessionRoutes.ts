import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  availabilityAnswer,
  messageAnswer,
  messages,
  publicUser,
  signInRequest,
  validateUsernameQuery,
} from '@reelmates/contracts/account'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { loadState } from '@reelmates/commands/handleCommand'
import { currentUserId, endUserSession, requireUser, startUserSession } from '../http/auth'
import type { Platform } from '../platform'
import { verifyPassword } from './passwords'
import { errorAnswer } from '@reelmates/contracts/answers'
import { readUser } from './userDocument'
import { readsFrom } from '../http/readYourWrites'
import { userQueries } from '@reelmates/projections/users/userQueries'

/** Signing in and out, and who is signed in. */
export const sessionRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const { vault, eventStore } = platform

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
      const user = await readUser(platform, currentUserId(request))
      if (!user) {
        // The account no longer exists (deleted elsewhere): this session is over.
        await endUserSession(request)
        return reply.code(401).send({ message: 'You need to sign in first.', error: 'Unauthorized' })
      }
      return user
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
      const matches = await verifyPassword(password, active ? state.passwordHash : null)
      if (!active || !matches) {
        return reply.code(401).send({ message: messages.invalidCredentials, error: messages.invalidCredentials })
      }
      await startUserSession(request, { id: userId, role: state.role })
      const user = await readUser(platform, userId)
      if (!user) throw new Error(`account ${userId} is active but has no users document`)
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
        response: { 200: availabilityAnswer },
      },
    },
    async (request) => {
      const username = request.query.username.trim()
      if (username === '') return { available: true }
      // Asked after a failed sign-in with what was typed, which may be the account's email.
      return { available: (await vault.lookup(signInNameKind(username), username)) === null }
    },
  )
}

/** Sign-in takes a username or the account's email; a username cannot hold an at-sign (spec §5 rules). */
function signInNameKind(name: string): 'email' | 'username' {
  return name.includes('@') ? 'email' : 'username'
}
