import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  editWatchedRequest,
  markWatchedRequest,
  watchedEntryParams,
  watchedPage,
  watchedQuery,
} from '@reelmates/contracts/watched'
import { watched, watchedStreamId } from '@reelmates/commands/watched/watched'
import { markWatched } from '@reelmates/commands/watched/markWatched'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { commandMetadata, execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import { watchedQueries } from '@reelmates/projections/watched/watchedQueries'
import type { Platform } from '../platform'
import { recordedTitle } from './titleSnapshot'

/** The error answers a change of one entry can give (the body of each is the shared error JSON). */
const entryErrors = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer }

/** The signed-in user's watched log (a diary: a rewatch is another entry). */
export const watchedRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const queries = watchedQueries(platform.readStore)

  app.get(
    '/watched',
    {
      schema: {
        tags: ['watched'],
        summary: "The signed-in user's watched log, paged, sorted and filtered",
        querystring: watchedQuery,
        response: { 200: watchedPage, 400: errorAnswer, 401: errorAnswer },
      },
      config: readsFrom(watchedQueries),
    },
    async (request) => queries.page(currentUserId(request), request.query),
  )

  app.post(
    '/watched',
    {
      schema: {
        tags: ['watched'],
        summary: 'Mark a title watched (optionally taking it off the watchlist)',
        body: markWatchedRequest,
        response: { 201: z.object({ entryId: z.string(), position: z.string().optional() }), ...entryErrors },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request)
      const { tmdbId, mediaType, removeFromWatchlist, ...fields } = request.body
      const { media, genreIds } = await recordedTitle(platform.catalog, { tmdbId, mediaType })
      const now = platform.now().toISOString()
      const entryId = platform.newId()
      const { position } = await markWatched(platform, {
        type: 'MarkTitleWatched',
        entryId,
        userId,
        tmdbId,
        mediaType,
        now,
        media,
        genreIds,
        watchedAt: fields.watchedAt,
        watchedOn: fields.watchedOn ?? null,
        rating: fields.rating ?? null,
        recommend: fields.recommend ?? null,
        review: fields.review ?? null,
        containsSpoilers: fields.containsSpoilers,
        streamingService: fields.streamingService ?? null,
        isPrivate: fields.isPrivate,
        removeFromWatchlist,
        metadata: commandMetadata(request),
      })
      return reply.code(201).send(withPosition({ entryId }, position))
    },
  )

  // No move route, unlike the watchlist: a diary is in the order things were watched (Letterboxd's
  // works the same way), so "reordering" an entry means correcting when it was watched, which this
  // PATCH does with `watchedAt`; the list's other orders are the sorts of GET /watched.
  app.patch(
    '/watched/:entryId',
    {
      schema: {
        tags: ['watched'],
        summary:
          'Edit a watched entry (a new watchedAt moves it in the diary); with previousReview, a new review is refused (409) when the review has changed since',
        params: watchedEntryParams,
        body: editWatchedRequest,
        response: { 200: mutationAnswer, ...entryErrors, 409: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { previousReview, ...changes } = request.body
      const { position } = await execute(request, {
        decider: watched,
        streamId: watchedStreamId(userId),
        command: {
          type: 'EditWatchedEntry',
          entryId: request.params.entryId,
          userId,
          now: platform.now().toISOString(),
          changes,
          previousReview,
        },
      })
      return withPosition({}, position)
    },
  )

  app.post(
    '/watched/:entryId/restore',
    {
      schema: {
        tags: ['watched'],
        summary:
          'Put back a removed watched entry (the undo of a removal): as it was, with its id, rating, review, and its comments and reactions in the feed',
        params: watchedEntryParams,
        response: { 201: mutationAnswer, ...entryErrors, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watched,
        streamId: watchedStreamId(userId),
        command: { type: 'PutWatchedEntryBack', entryId: request.params.entryId, userId },
      })
      return reply.code(201).send(withPosition({}, position))
    },
  )

  app.delete(
    '/watched/:entryId',
    {
      schema: {
        tags: ['watched'],
        summary: 'Remove a watched entry',
        params: watchedEntryParams,
        response: { 200: mutationAnswer, ...entryErrors },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watched,
        streamId: watchedStreamId(userId),
        command: { type: 'RemoveWatchedEntry', entryId: request.params.entryId, userId },
      })
      return withPosition({}, position)
    },
  )
}
