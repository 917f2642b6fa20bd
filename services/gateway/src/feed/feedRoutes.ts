import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import {
  activityAnswer,
  activityParams,
  feedAnswer,
  feedIdsAnswer,
  feedIdsQuery,
  feedQuery,
  myCommentsAnswer,
  unreadAnswer,
} from '@reelmates/contracts/feed'
import { recordFeedVisit } from '@reelmates/commands/feed/interactions'
import { NoSuchActivity } from '@reelmates/commands/feed/errors'
import { feedQueries } from '@reelmates/projections/feed/feedQueries'
import { lovedByFriendsAnswer } from '@reelmates/contracts/lovedByFriends'
import { lovedByFriendsQueries } from '@reelmates/projections/feed/lovedByFriendsQueries'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { askerOf, feedPorts } from './feedPorts'

/** The feed, its unread count and one activity with its comments (issue 11); home's titles loved by friends. */
export const feedRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const feed = feedQueries(platform.readStore)
  const ports = feedPorts(platform)
  const loved = lovedByFriendsQueries(platform.readStore)

  app.get(
    '/feed',
    {
      config: readsFrom(feedQueries),
      schema: {
        tags: ['feed'],
        summary:
          "My friends' activities and my own, newest first. `nextCursor` (null on the last page) asks for the next page.",
        querystring: feedQuery,
        response: { 200: feedAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    (request) => feed.page(currentUserId(request), request.query),
  )

  app.get(
    '/feed/ids',
    {
      config: readsFrom(feedQueries),
      schema: {
        tags: ['feed'],
        summary:
          'The ids of my feed now, from the newest down to `to` (a keyset cursor), at most 2,000 (`complete` false past them): ' +
          'a list loaded far down drops what it holds and this lacks (made private, an unfriended member’s) without asking for every page again.',
        querystring: feedIdsQuery,
        response: { 200: feedIdsAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    (request) => feed.idsDownTo(currentUserId(request), request.query.to),
  )

  app.get(
    '/feed/unread',
    {
      config: readsFrom(feedQueries),
      schema: {
        tags: ['feed'],
        summary: "How many of my friends' activities arrived since I last opened the feed (the Feed tab's badge)",
        response: { 200: unreadAnswer, 401: errorAnswer },
      },
    },
    async (request) => ({ count: await feed.unread(currentUserId(request)) }),
  )

  app.post(
    '/feed/visits',
    {
      schema: {
        tags: ['feed'],
        summary: 'I opened the feed: what arrived before now is read, and the badge clears',
        response: { 200: mutationAnswer, 401: errorAnswer },
      },
    },
    async (request) => withPosition({}, (await recordFeedVisit(ports, askerOf(request))).position),
  )

  app.get(
    '/user/comments',
    {
      config: readsFrom(feedQueries),
      schema: {
        tags: ['feed'],
        summary:
          'My own comments, newest first, with the activity each is on and whether I may still open it: ' +
          'one on an activity I no longer see (after an unfriending) can still be deleted from here.',
        querystring: feedQuery,
        response: { 200: myCommentsAnswer, 400: errorAnswer, 401: errorAnswer },
      },
    },
    (request) => feed.myComments(currentUserId(request), request.query),
  )

  app.get(
    '/activities/:id',
    {
      config: readsFrom(feedQueries),
      schema: {
        tags: ['feed'],
        summary:
          'One activity and its comments. 404 when there is none, or when I am neither its owner, nor their friend, nor in its audience.',
        params: activityParams,
        response: { 200: activityAnswer, 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const answer = await feed.activity(currentUserId(request), request.params.id)
      if (!answer) throw new NoSuchActivity()
      return answer
    },
  )

  app.get(
    '/home/friends-loved',
    {
      config: readsFrom(lovedByFriendsQueries),
      schema: {
        tags: ['feed'],
        summary:
          'Home\'s "Loved by your friends": titles my friends recently watched publicly and liked (rated 7 or more, or recommended) that I have not watched; most friends first, then the latest; 20 at most, each with up to three of those friends named.',
        response: { 200: lovedByFriendsAnswer, 401: errorAnswer },
      },
    },
    (request) => loved.titles(currentUserId(request)),
  )
}
