import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { acceptWithTokenQuery, invitationLinkAnswer } from '@reelmates/contracts/friendships'
import { errorAnswer } from '@reelmates/contracts/answers'
import { inviterOfInvitationLink } from '@reelmates/commands/friendship/invitations'
import type { Platform } from '../platform'
import { friendshipPorts } from './friendshipPorts'

/**
 * What an invitation link's page may say before anyone signs in: who sent it. Open to anyone holding
 * the link (the token is the secret a mailbox received), and answered from the invitation's stream.
 * A member signed in also learns whether they sent it or it was mailed to their own address, and
 * whether they are its inviter's friends already.
 */
export const invitationLinkRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const ports = friendshipPorts(platform)

  app.get(
    '/invitations/link',
    {
      schema: {
        tags: ['friends'],
        summary:
          "Who sent the invitation link with this token, for the sign-up and sign-in pages to name them (the link's from= is anyone's to type). " +
          'To a member signed in, also who they are to it (opener: its inviter, the member it was mailed to, or ' +
          'someone else), the masked address it went to, and whether they are friends with its inviter already (friends), ' +
          'refused as accepting it would be. 404/409/410 say why it would not work.',
        querystring: acceptWithTokenQuery,
        response: {
          200: invitationLinkAnswer,
          400: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
          409: errorAnswer,
          410: errorAnswer,
        },
      },
    },
    async (request) => {
      // A member signed in is told who they are to the link too (`opener`), for the app to ask first.
      const { inviter, opener } = await inviterOfInvitationLink(ports, request.query.token, request.session.userId)
      return { inviter: { username: inviter.username, avatarUrl: inviter.avatarUrl }, ...(opener ? { opener } : {}) }
    },
  )
}
