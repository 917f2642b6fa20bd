import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { recommendationLinkAnswer, recommendationLinkQuery } from '@reelmates/contracts/recommendations'
import { recommendationOfLink } from '@reelmates/commands/recommendation/claimRecommendation'
import type { Platform } from '../platform'
import { recommendationPorts } from './recommendationPorts'

/**
 * What a recommendation mail's sign-up link may say before anyone signs up: who recommended what.
 * Open to anyone holding the link (the token is the secret the mailbox received); nothing is written.
 * A member signed in also learns whether they sent it or it was mailed to their own address, and
 * whether they are its sender's friends already.
 */
export const recommendationLinkRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const ports = recommendationPorts(platform)

  app.get(
    '/recommendations/link',
    {
      schema: {
        tags: ['recommendations'],
        summary:
          "Who recommended which title through the sign-up link with this token, for the sign-up page's banner. " +
          'To a member signed in, also who they are to it (opener: its sender, the member it was mailed to, or ' +
          'someone else), the masked address it went to, and whether they are friends with its sender already ' +
          '(friends: no friend request comes with it then). 404/410 say why it would not work.',
        querystring: recommendationLinkQuery,
        response: { 200: recommendationLinkAnswer, 400: errorAnswer, 404: errorAnswer, 410: errorAnswer },
      },
    },
    // A member signed in is told who they are to the link too (`opener`), for the app to ask first.
    (request) => recommendationOfLink(ports, request.query.token, request.session.userId),
  )
}
