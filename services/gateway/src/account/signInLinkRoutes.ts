import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  magicLinkAnswer,
  magicLinkQuery,
  messageAnswer,
  messages,
  processTokenAnswer,
  processTokenQuery,
  signInLinkRequest,
} from '@reelmates/contracts/account'
import { SignInLinkInvalid } from '@reelmates/commands/account/errors'
import { endUserSession, startUserSession } from '../http/auth'
import { withPosition } from '../http/execute'
import type { Platform } from '../platform'
import { afterAnswering } from './background'
import { recipientByEmail } from './mailRecipient'
import { errorAnswer } from '@reelmates/contracts/answers'
import { issueSignInLink, useSignInLink } from './signInLinks'
import { sameSitePath } from './tokens'
import { readUser } from './userDocument'
import { isInvitationToken, signInWithInvitation } from '../friends/invitationLinks'

const defaultRedirect = '/home'

/** Passwordless sign-in: request a magic link by mail, spend it, or spend a token that carries an action. */
export const signInLinkRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const rateLimit = platform.config.rateLimits.auth

  app.post(
    '/auth/magic-link/request',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Mail a single-use sign-in link (15 minutes), if the address has an account',
        body: signInLinkRequest,
        response: { 200: messageAnswer },
      },
    },
    (request, reply) => {
      const { email, redirect } = request.body
      // Same answer, same timing, whether or not the address has an account.
      afterAnswering(platform, request.log, async () => {
        const recipient = await recipientByEmail(platform, email)
        if (!recipient) return
        // The link is sealed in the event; the scheduler mails it.
        await issueSignInLink(request, { userId: recipient.userId, redirect: redirect ?? null })
      })
      void reply.send({ message: messages.signInLinkMailSent })
    },
  )

  app.get(
    '/auth/magic-link',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Sign in with a magic link; answers where to go next (a path on this site)',
        querystring: magicLinkQuery,
        response: { 200: magicLinkAnswer, 401: errorAnswer, 410: errorAnswer },
      },
    },
    async (request) => {
      const { token, redirect } = request.query
      const used = await useSignInLink(request, token)
      await startUserSession(request, { id: used.userId, role: used.role })
      const target = sameSitePath(redirect) ?? sameSitePath(used.link.redirect) ?? defaultRedirect
      return withPosition({ redirect: target }, used.position)
    },
  )

  app.get(
    '/auth/process-token',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary:
          'Sign in with a single-use token from a mail; answers the user and the action it carries (a friend-request link is accepted in the same step: action acceptFriendship)',
        querystring: processTokenQuery,
        response: {
          200: processTokenAnswer,
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
          409: errorAnswer,
          410: errorAnswer,
        },
      },
    },
    async (request) => {
      if (isInvitationToken(request.query.token)) return signInWithInvitation(request, request.query.token)
      const used = await useSignInLink(request, request.query.token)
      await startUserSession(request, { id: used.userId, role: used.role })
      const user = await readUser(platform, used.userId, used.position)
      if (!user) {
        // Deleted on another device as the link was used: there is nobody to sign in, as for a link
        // to a deleted account.
        await endUserSession(request)
        throw new SignInLinkInvalid()
      }
      return withPosition(
        { success: true as const, user, action: used.link.action, actionData: used.link.actionData },
        used.position,
      )
    },
  )
}
