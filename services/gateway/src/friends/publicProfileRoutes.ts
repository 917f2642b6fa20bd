import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userSearchAnswer, userSearchQuery } from '@reelmates/contracts/friendships'
import {
  mediaFriendsAnswer,
  mediaFriendsParams,
  publicProfileAnswer,
  publicProfileParams,
  publicWatchesAnswer,
  publicWatchesQuery,
} from '@reelmates/contracts/profiles'
import { errorAnswer } from '@reelmates/contracts/answers'
import { friendsQueries } from '@reelmates/projections/friends/friendsQueries'
import { publicQueries } from '@reelmates/projections/friends/publicQueries'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { recommendationQueries } from '@reelmates/projections/recommendations/recommendationQueries'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { favouriteGenres } from './favouriteGenres'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

const searchLimit = 10

/**
 * What members may see of each other. Signed in only, and never on the sign-in rate limit; a deleted
 * or unknown name is the same 404, and nothing here reads an email or a private watch.
 */
export const publicProfileRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const friends = friendsQueries(platform.readStore)
  const users = userQueries(platform.readStore)
  const activity = publicQueries(platform.readStore)
  const recommendations = recommendationQueries(platform.readStore)

  app.get(
    '/users/search',
    {
      config: readsFrom(userQueries, friendsQueries),
      schema: {
        tags: ['friends'],
        summary: 'Members whose username starts with q (find people to ask), with how I stand with each',
        querystring: userSearchQuery,
        response: { 200: userSearchAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const me = currentUserId(request)
      // One more than is shown, only to tell whether there are more: a count would read every match.
      const matches = await users.search(request.query.q, searchLimit + 1)
      const found = matches.slice(0, searchLimit)
      const states = await friends.relations(
        me,
        found.map((user) => user.id),
      )
      return {
        users: found.map((user) => ({ ...user, friendship: states.get(user.id) ?? 'none' })),
        more: matches.length > searchLimit,
      }
    },
  )

  app.get(
    '/users/:username',
    {
      config: readsFrom(userQueries, friendsQueries, publicQueries, recommendationQueries),
      schema: {
        tags: ['friends'],
        summary:
          "A member's public profile: counts, favourite genres and recent public watches, and how I stand with them",
        params: publicProfileParams,
        response: { 200: publicProfileAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const member = await users.byUsername(request.params.username)
      if (!member) return reply.code(404).send({ message: 'User not found', error: 'Not Found' })
      const me = currentUserId(request)
      const [shared, genreCounts, friendCount, relation, recommended] = await Promise.all([
        activity.activity(member.id),
        activity.genreCounts(member.id),
        friends.friendCount(member.id),
        friends.relation(me, member.id),
        recommendations.stats(member.id, me),
      ])
      const { id: _id, ...user } = member
      return {
        user,
        stats: { watched: shared.watched, watchlist: shared.watchlist, friends: friendCount },
        favouriteGenres: await favouriteGenres(platform.catalog, genreCounts),
        recent: shared.recent,
        recentNextCursor: shared.recentNextCursor,
        friendship: relation.state,
        friendshipId: relation.friendshipId,
        recommendations: recommended,
      }
    },
  )

  app.get(
    '/users/:username/watched',
    {
      config: readsFrom(userQueries, publicQueries),
      schema: {
        tags: ['friends'],
        summary:
          "More of a member's public watches, newest first: the pages after their profile's recent ones (never a private watch)",
        params: publicProfileParams,
        querystring: publicWatchesQuery,
        response: { 200: publicWatchesAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const member = await users.byUsername(request.params.username)
      if (!member) return reply.code(404).send({ message: 'User not found', error: 'Not Found' })
      return activity.watches(member.id, request.query)
    },
  )

  app.get(
    '/media/:mediaType/:tmdbId/friends',
    {
      config: readsFrom(friendsQueries, publicQueries),
      schema: {
        tags: ['friends'],
        summary: 'Which of my friends watched this title (public watches only), and whose watchlist it is on',
        params: mediaFriendsParams,
        response: { 200: mediaFriendsAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const friendIds = await friends.friendIds(currentUserId(request))
      return activity.mediaFriends(friendIds, request.params)
    },
  )
}
