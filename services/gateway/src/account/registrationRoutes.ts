import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registerRequest, userAnswer } from '@reelmates/contracts/account'
import { registerAccount } from '@reelmates/commands/account/registerAccount'
import { startUserSession } from '../http/auth'
import { commandMetadata, withPosition } from '../http/execute'
import type { Platform } from '../platform'
import { errorAnswer } from '@reelmates/contracts/answers'
import { readUser } from './userDocument'
import { acceptInvitationOnSignUp } from '../friends/invitationLinks'
import { claimRecommendationOnSignUp, claimRecommendationsMailedHere } from '../recommendations/recommendationOnSignUp'

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
      const { username, email, password, location, bio, invitationToken, recommendationToken } = request.body
      const userId = platform.newId()
      const registered = await registerAccount(
        { eventStore: platform.eventStore, vault },
        {
          userId,
          username,
          email,
          passwordHash: await platform.passwords.hash(password),
          location: location ?? null,
          bio: bio ?? null,
          invitationToken: invitationToken ?? null,
          metadata: commandMetadata(request, userId),
        },
      )
      await startUserSession(request, { id: userId, role: 'User' })
      const invited = invitationToken ? await acceptInvitationOnSignUp(request, userId, invitationToken) : null
      const recommended = recommendationToken
        ? await claimRecommendationOnSignUp(request, userId, recommendationToken)
        : null
      // A link mailed to the address the account is made with proves the mailbox is theirs.
      const ownAddress = email.trim().toLowerCase()
      const provenAddress = [invited?.inviteeEmail, recommended?.toEmail].some(
        (address) => address?.toLowerCase() === ownAddress,
      )
      const mailedHere = provenAddress ? await claimRecommendationsMailedHere(request, userId, ownAddress) : null
      const position = mailedHere ?? recommended?.position ?? invited?.position ?? registered.position
      const user = await readUser(platform, userId, position)
      if (!user) throw new Error(`account ${userId} was registered but the users read model does not have it`)
      return reply.code(201).send(withPosition(user, position))
    },
  )
}
