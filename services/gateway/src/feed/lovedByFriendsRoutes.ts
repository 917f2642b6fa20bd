import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { lovedByFriendsAnswer } from '@reelmates/contracts/lovedByFriends'
import { lovedByFriendsQueries } from '@reelmates/projections/feed/lovedByFriendsQueries'
import { currentUserId, requireUser } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

/** Home's "Loved by your friends" row, read from the feed's read models (docs/feed.md). */
export const lovedByFriendsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.addHook('onRequest', requireUser)
  const loved = lovedByFriendsQueries(platform.readStore)

  app.get(
    '/home/friends-loved',
    {
      config: readsFrom(lovedByFriendsQueries),
      schema: {
        tags: ['feed'],
        summary:
          'Titles my friends recently watched publicly and liked (rated 7 or more, or recommended) that I have not watched: most friends first, then the latest, 20 at most, each with up to three of those friends named.',
        response: { 200: lovedByFriendsAnswer, 401: errorAnswer },
      },
    },
    (request) => loved.titles(currentUserId(request)),
  )
}
