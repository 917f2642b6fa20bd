import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { myStatsAnswer, myStatsListMax, myStatsQuery } from '@reelmates/contracts/myStats'
import { myStatsQueries } from '@reelmates/projections/watched/myStatsQueries'
import { favouriteGenres } from '../friends/favouriteGenres'
import { currentUserId, requireUser } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

/** `/profile`'s numbers: my own watching, summed up from my watched log. */
export const myStatsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const stats = myStatsQueries(platform.readStore)

  app.get(
    '/user/stats',
    {
      onRequest: requireUser,
      config: readsFrom(myStatsQueries),
      schema: {
        tags: ['account'],
        summary:
          'My watching: this year and in all, average rating, top genres and streaming services, my highest-rated titles',
        querystring: myStatsQuery,
        response: { 200: myStatsAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const { genreCounts, ...figures } = await stats.figures(
        currentUserId(request),
        platform.now(),
        myStatsListMax,
        request.query.timeZone,
      )
      return { ...figures, topGenres: await favouriteGenres(platform.catalog, genreCounts, myStatsListMax) }
    },
  )
}
