import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messages, registerRequest, userAnswer } from '@reelmates/contracts/account'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { startUserSession } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import type { Platform } from '../platform'
import { hashPassword } from './passwords'
import { errorAnswer } from '@reelmates/contracts/answers'
import { readUser } from './userDocument'
import { acceptInvitationOnSignUp } from '../friends/invitationLinks'

/** Sign-up: a new account, signed in at once. */
export const registrationRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const { vault } = platform

  app.post(
    '/register',
    {
      config: { rateLimit: platform.config.rateLimits.auth },
      schema: {
        tags: ['account'],
        summary: 'Create an account and sign in (409 with validationErrors when the username or email is taken)',
        body: registerRequest,
        response: { 201: userAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const { username, email, password, location, bio, invitationToken } = request.body
      const userId = platform.newId()
      // Uniqueness lives in the vault (keyed hashes), so names are claimed before the event exists
      // and given back if the account is not created after all.
      const [usernameFree, emailFree] = await Promise.all([
        vault.reserve('username', username, userId),
        vault.reserve('email', email, userId),
      ])
      const releaseBoth = () =>
        Promise.all([vault.release('username', username, userId), vault.release('email', email, userId)])
      if (!usernameFree || !emailFree) {
        await releaseBoth()
        const validationErrors: Record<string, string> = {}
        if (!usernameFree) validationErrors.username = messages.usernameTaken
        if (!emailFree) validationErrors.email = messages.emailTaken
        const message = usernameFree ? messages.emailTaken : messages.usernameTaken
        return reply.code(409).send({ message, error: 'Conflict', validationErrors })
      }

      let position: bigint | null
      try {
        ;({ position } = await execute(request, {
          decider: account,
          streamId: accountStreamId(userId),
          actorId: userId,
          command: {
            type: 'RegisterUser',
            userId,
            username,
            email,
            passwordHash: await hashPassword(password),
            location: location ?? null,
            bio: bio ?? null,
            invitationToken: invitationToken ?? null,
            registeredAt: platform.now().toISOString(),
          },
        }))
      } catch (error) {
        await releaseBoth()
        throw error
      }
      await startUserSession(request, { id: userId, role: 'User' })
      if (invitationToken) position = (await acceptInvitationOnSignUp(request, userId, invitationToken)) ?? position
      const user = await readUser(platform, userId, position)
      if (!user) throw new Error(`account ${userId} was registered but the users read model does not have it`)
      return reply.code(201).send(withPosition(user, position))
    },
  )
}
