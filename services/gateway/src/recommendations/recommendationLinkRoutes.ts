import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { recommendationLinkAnswer, recommendationLinkQuery } from '@reelmates/contracts/recommendations'
import { recommendationOfLink } from '@reelmates/commands/recommendation/claimRecommendation'
import type { Platform } from '../platform'
import { recommendationPorts } from './recommendationPorts'

/**
 * What a recommendation mail's sign-up link may say before anyone signs up: who recommended what.
 * Open to anyone holding the link (the token is the secret the mailbox received); nothing is written.
 */
export const recommendationLinkRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const ports = recommendationPorts(platform)

  app.get(
    '/recommendations/link',
    {
      schema: {
        tags: ['recommendations'],
        summary:
          "Who recommended which title through the sign-up link with this token, for the sign-up page's banner. 404/410 say why it would not work.",
        querystring: recommendationLinkQuery,
        response: { 200: recommendationLinkAnswer, 400: errorAnswer, 404: errorAnswer, 410: errorAnswer },
      },
    },
    (request) => recommendationOfLink(ports, request.query.token),
  )
}
