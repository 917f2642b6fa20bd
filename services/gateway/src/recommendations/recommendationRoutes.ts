import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  recommendAnswer,
  recommendRequest,
  recommendationAnswer,
  recommendationClaimRequest,
  recommendationParams,
  recommendationsAnswer,
  recommendationsQuery,
} from '@reelmates/contracts/recommendations'
import { NoSuchRecommendation } from '@reelmates/commands/recommendation/errors'
import { answerRecommendation, type Answer } from '@reelmates/commands/recommendation/answerRecommendation'
import { claimRecommendation } from '@reelmates/commands/recommendation/claimRecommendation'
import { sendRecommendations } from '@reelmates/commands/recommendation/sendRecommendations'
import { recommendationQueries } from '@reelmates/projections/recommendations/recommendationQueries'
import { invitedAddressQueries } from '@reelmates/projections/friends/invitedAddresses'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { withPosition } from '../http/execute'
import { memberRateLimit } from '../http/memberRateLimit'
import { readsFrom } from '../http/readYourWrites'
import type { TurnsPerKey } from '../http/turnsPerKey'
import { askerOf } from '../friends/friendshipPorts'
import type { Platform } from '../platform'
import { recordedTitle } from '../library/titleSnapshot'
import { recommendationPorts } from './recommendationPorts'

const refusals = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  404: errorAnswer,
  409: errorAnswer,
  410: errorAnswer,
  429: errorAnswer,
}

/** Recommend a title to friends or an address; my inbox and what I sent; accept, dismiss, undo. */
export const recommendationRoutes: FastifyPluginAsyncZod<{ platform: Platform; addressMailing: TurnsPerKey }> = async (
  app,
  { platform, addressMailing },
) => {
  guardEveryRoute(app, requireUser)
  const ports = recommendationPorts(platform)
  const queries = recommendationQueries(platform.readStore)
  // Each one sent may push to a friend: a budget of its own per member, as comments and reactions have.
  const paced = memberRateLimit(app, platform.config.rateLimits.interactions, 'recommendations')

  /**
   * The recommendations as the asker sees them once the read model has the change. One whose other
   * member deleted their account just after the change has gone with it, and is left out.
   */
  async function shownAfter(ids: readonly string[], userId: string, position: bigint | null) {
    const caughtUp =
      position === null ||
      (await platform.projections.waitForPosition(
        position,
        platform.config.readYourWritesTimeoutMs,
        // The limit on new addresses too, so the next send counts this one.
        [...recommendationQueries.readModels, ...invitedAddressQueries.readModels],
      ))
    const shown = await Promise.all(
      ids.map(async (id) => {
        const item = await queries.one(id, userId)
        if (!item && !caughtUp) throw new Error(`recommendation ${id} was changed but the read model does not have it`)
        return item
      }),
    )
    return shown.filter((item) => item !== null)
  }

  app.post(
    '/recommendations',
    {
      preHandler: paced,
      schema: {
        tags: ['recommendations'],
        summary:
          'Recommend one title to friends (toUsernames) and/or an email address (toEmail), with an optional note. ' +
          '403 for someone who is not a friend; 409 while the same title to the same person is still pending.',
        body: recommendRequest,
        response: { 201: recommendAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const asker = askerOf(request)
      const { tmdbId, mediaType, toUsernames, toEmail, note } = request.body
      const { media } = await recordedTitle(platform.catalog, { tmdbId, mediaType })
      const send = async () => {
        const sent = await sendRecommendations(ports, asker, {
          tmdbId,
          mediaType,
          mediaTitle: media.title,
          mediaPosterPath: media.posterPath,
          toUsernames: toUsernames ?? [],
          toEmail: toEmail ?? null,
          note: note ?? null,
        })
        return { sent, recommendations: await shownAfter(sent.recommendationIds, asker.userId, sent.position) }
      }
      // To an address, in turn with the sender's other mailings (as an invitation by email is): the
      // limit on new addresses counts the ones before it once the read model has them.
      const { sent, recommendations } = toEmail ? await addressMailing.run(asker.userId, send) : await send()
      return reply.code(201).send(withPosition({ recommendations }, sent.position))
    },
  )

  app.get(
    '/recommendations',
    {
      config: readsFrom(recommendationQueries),
      schema: {
        tags: ['recommendations'],
        summary: 'Recommendations I received (pending first) or sent (newest first), with the status of each',
        querystring: recommendationsQuery,
        response: { 200: recommendationsAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const items = request.query.box === 'sent' ? await queries.sent(userId) : await queries.received(userId)
      return { items }
    },
  )

  app.post(
    '/recommendations/claim',
    {
      schema: {
        tags: ['recommendations'],
        summary:
          "Take the recommendation of a mail's sign-up link into my inbox (a member who signed in from it, or " +
          'opened it signed in); the sender asks to be friends. 404/410 say why the link will not work.',
        body: recommendationClaimRequest,
        response: { 200: recommendationAnswer, ...refusals },
      },
    },
    async (request) => {
      const asker = askerOf(request)
      const { recommendationId, position } = await claimRecommendation(ports, asker, request.body.token)
      const [recommendation] = await shownAfter([recommendationId], asker.userId, position)
      if (!recommendation) throw new NoSuchRecommendation()
      return withPosition({ recommendation }, position)
    },
  )

  const answers: [path: string, type: Answer, summary: string][] = [
    ['accept', 'AcceptRecommendation', 'Accept a recommendation sent to me: the title goes onto my watchlist'],
    ['dismiss', 'DismissRecommendation', 'Dismiss a pending recommendation sent to me'],
    ['restore', 'RestoreRecommendation', 'Undo the dismissal of a recommendation: pending again'],
  ]
  for (const [path, type, summary] of answers) {
    app.post(
      `/recommendations/:id/${path}`,
      {
        schema: {
          tags: ['recommendations'],
          summary,
          params: recommendationParams,
          response: { 200: recommendationAnswer, ...refusals },
        },
      },
      async (request) => {
        const asker = askerOf(request)
        const { position } = await answerRecommendation(ports, asker, request.params.id, type)
        const [recommendation] = await shownAfter([request.params.id], asker.userId, position)
        // Its sender deleted their account just after: a moment later the answer would have been refused so.
        if (!recommendation) throw new NoSuchRecommendation()
        return withPosition({ recommendation }, position)
      },
    )
  }
}
