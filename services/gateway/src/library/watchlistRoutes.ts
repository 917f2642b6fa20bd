import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  addToWatchlistRequest,
  editWatchlistItemRequest,
  moveWatchlistItemRequest,
  watchlistItem,
  watchlistItemParams,
  watchlistPage,
  watchlistQuery,
} from '@reelmates/contracts/watchlist'
import { watchlist, watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import { currentUserId, requireUser } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import type { Platform } from '../platform'
import { recordedTitle } from './titleSnapshot'

/** The error answers a change of one title can give (the body of each is the shared error JSON). */
const titleErrors = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer }
const sortFields = {
  order: 'order',
  addedAt: 'addedAt',
  title: 'title',
  releaseDate: 'releaseDate',
  rating: 'voteAverage',
} as const

/** The signed-in user's watchlist: list, add, edit the note, move, remove. */
export const watchlistRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.addHook('onRequest', requireUser)
  const items = () => platform.readStore.collection('watchlist_items')

  app.get(
    '/watchlist',
    {
      schema: {
        tags: ['watchlist'],
        summary: "The signed-in user's watchlist, paged and sorted",
        querystring: watchlistQuery,
        response: { 200: watchlistPage, 400: errorAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const { page, pageSize, sort, direction, mediaType, provider } = request.query
      const filter = {
        userId: currentUserId(request),
        ...(mediaType ? { mediaType } : {}),
        ...(provider ? { streamingOn: provider } : {}),
      }
      const order = direction === 'asc' ? 1 : -1
      const [found, total] = await Promise.all([
        items().find(filter, {
          // Ties keep the user's own order; sorting by that order itself needs no tie-breaker.
          sort: sort === 'order' ? { order } : { [sortFields[sort]]: order, order: 1 },
          skip: (page - 1) * pageSize,
          limit: pageSize,
        }),
        items().countDocuments(filter),
      ])
      return { items: found.map((doc) => watchlistItem.parse(doc)), page, pageSize, total }
    },
  )

  app.post(
    '/watchlist',
    {
      schema: {
        tags: ['watchlist'],
        summary: 'Add a title to the watchlist (409 when it is already there)',
        body: addToWatchlistRequest,
        response: { 201: mutationAnswer, ...titleErrors, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request)
      const { tmdbId, mediaType, note } = request.body
      const { media, streamingOn } = await recordedTitle(platform.catalog, { tmdbId, mediaType })
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: {
          type: 'AddTitleToWatchlist',
          userId,
          tmdbId,
          mediaType,
          note: note ?? null,
          addedAt: platform.now().toISOString(),
          media,
          streamingOn,
        },
      })
      return reply.code(201).send(withPosition({}, position))
    },
  )

  app.patch(
    '/watchlist/:mediaType/:tmdbId',
    {
      schema: {
        tags: ['watchlist'],
        summary: 'Edit the note of a title on the watchlist',
        params: watchlistItemParams,
        body: editWatchlistItemRequest,
        response: { 200: mutationAnswer, ...titleErrors },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: { type: 'EditWatchlistNote', userId, ...request.params, note: request.body.note },
      })
      return withPosition({}, position)
    },
  )

  app.post(
    '/watchlist/:mediaType/:tmdbId/move',
    {
      schema: {
        tags: ['watchlist'],
        summary: 'Move a title to another place in the watchlist (0 is the top)',
        params: watchlistItemParams,
        body: moveWatchlistItemRequest,
        response: { 200: mutationAnswer, ...titleErrors },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: { type: 'MoveWatchlistTitle', userId, ...request.params, toIndex: request.body.toIndex },
      })
      return withPosition({}, position)
    },
  )

  app.delete(
    '/watchlist/:mediaType/:tmdbId',
    {
      schema: {
        tags: ['watchlist'],
        summary: 'Take a title off the watchlist',
        params: watchlistItemParams,
        response: { 200: mutationAnswer, ...titleErrors },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: { type: 'RemoveTitleFromWatchlist', userId, ...request.params },
      })
      return withPosition({}, position)
    },
  )
}
