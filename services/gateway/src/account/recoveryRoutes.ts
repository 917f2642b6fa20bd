import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  emailRequest,
  messageAnswer,
  messages,
  resetLinkCheckRequest,
  resetPasswordRequest,
} from '@reelmates/contracts/account'
import { account, accountStreamId, refuseResetLink } from '@reelmates/commands/account/account'
import { ResetLinkInvalid } from '@reelmates/commands/account/errors'
import { loadState } from '@reelmates/commands/handleCommand'
import { execute } from '../http/execute'
import type { Platform } from '../platform'
import { afterAnswering } from './background'
import { recipientByEmail, type MailRecipient } from './mailRecipient'
import { newLinkToken, readLinkToken } from './tokens'

export const resetLinkLifetimeMs = 60 * 60 * 1000

/** Forgotten password or username (the scheduler mails the answer), and setting a new password from the mailed link. */
export const recoveryRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const { eventStore, config } = platform
  const rateLimit = config.rateLimits.auth

  // Both requests answer the same whether or not the address has an account, and before looking.
  function whenAccountExists(request: FastifyRequest, email: string, work: (to: MailRecipient) => Promise<void>) {
    afterAnswering(platform, request.log, async () => {
      const recipient = await recipientByEmail(platform, email)
      if (recipient) await work(recipient)
    })
  }

  app.post(
    '/forgot-password',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Mail a single-use link (1 hour) to reset the password, if the address has an account',
        body: emailRequest,
        response: { 200: messageAnswer },
      },
    },
    (request, reply) => {
      whenAccountExists(request, request.body.email, async (recipient) => {
        const { userId } = recipient
        const { token, tokenHash } = newLinkToken(userId)
        await execute(request, {
          decider: account,
          streamId: accountStreamId(userId),
          command: {
            type: 'RequestPasswordReset',
            userId,
            tokenHash,
            expiresAt: new Date(platform.now().getTime() + resetLinkLifetimeMs).toISOString(),
            // Sealed in the event: the scheduler mails the link (services/scheduler/src/mail/mails/).
            token,
          },
        })
      })
      void reply.send({ message: messages.passwordResetMailSent })
    },
  )

  app.post(
    '/forgot-username',
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Mail the username to the address, if it has an account',
        body: emailRequest,
        response: { 200: messageAnswer },
      },
    },
    (request, reply) => {
      whenAccountExists(request, request.body.email, async ({ userId }) => {
        await execute(request, {
          decider: account,
          streamId: accountStreamId(userId),
          command: { type: 'RequestUsernameReminder', userId, at: platform.now().toISOString() },
        })
      })
      void reply.send({ message: messages.usernameMailSent })
    },
  )

  /** The account of a reset link, and the link's hash, or the refusal of a link that names none. */
  async function resetLinkAccount(token: string) {
    const parsed = readLinkToken(token)
    if (!parsed) throw new ResetLinkInvalid()
    const state = await loadState(eventStore, account, accountStreamId(parsed.userId))
    if (state.status !== 'active') throw new ResetLinkInvalid()
    return { ...parsed, state }
  }

  app.post(
    '/reset-password/check',
    {
      config: { rateLimit },
      // A POST, as the reset itself: the token stays out of addresses, logs and caches.
      schema: {
        tags: ['account'],
        summary: 'Whether a mailed reset link can still set a password; changes nothing',
        body: resetLinkCheckRequest,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const { state, tokenHash } = await resetLinkAccount(request.body.token)
      refuseResetLink(state, tokenHash, platform.now().toISOString())
      return { message: 'This link can set a new password.' }
    },
  )

  app.post(
    '/reset-password',
    {
      config: { rateLimit },
      // Failures answer `{ message }` like every route (issue 16 over spec §7's plain text): the reset
      // screen shows the message, and a CSRF or content-type refusal is the same JSON as everywhere else.
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the mailed token (a failure answers its reason as `message`)',
        body: resetPasswordRequest,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const { token, newPassword } = request.body
      const { userId, tokenHash } = await resetLinkAccount(token)
      await execute(request, {
        decider: account,
        streamId: accountStreamId(userId),
        actorId: userId,
        command: {
          type: 'ResetPassword',
          userId,
          tokenHash,
          passwordHash: await platform.passwords.hash(newPassword),
          at: platform.now().toISOString(),
        },
      })
      // Whoever knew the old password is signed out everywhere.
      await platform.sessions.eraseUser(userId)
      return { message: 'Your password has been reset. You can now sign in with your new password.' }
    },
  )
}
