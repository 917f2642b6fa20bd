import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { acceptWithTokenQuery, invitationLinkAnswer } from '@reelmates/contracts/friendships'
import { errorAnswer } from '@reelmates/contracts/answers'
import { inviterOfInvitationLink } from '@reelmates/commands/friendship/invitations'
import type { Platform } from '../platform'
import { friendshipPorts } from './friendshipPorts'

/**
 * What an invitation link's page may say before anyone signs in: who sent it. Open to anyone holding
 * the link (the token is the secret a mailbox received), and answered from the invitation's stream.
 */
export const invitationLinkRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const ports = friendshipPorts(platform)

  app.get(
    '/invitations/link',
    {
      schema: {
        tags: ['friends'],
        summary:
          "Who sent the invitation link with this token, for the sign-up and sign-in pages to name them (the link's from= is anyone's to type). 404/410 say why it would not work.",
        querystring: acceptWithTokenQuery,
        response: { 200: invitationLinkAnswer, 400: errorAnswer, 404: errorAnswer, 410: errorAnswer },
      },
    },
    async (request) => {
      const inviter = await inviterOfInvitationLink(ports, request.query.token)
      return { inviter: { username: inviter.username, avatarUrl: inviter.avatarUrl } }
    },
  )
}
