import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import {
  addToWatchlistRequest,
  editWatchlistItemRequest,
  moveWatchlistItemRequest,
  watchlistItemParams,
  watchlistPage,
  watchlistQuery,
} from '@reelmates/contracts/watchlist'
import { watchlist, watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import { watchlistQueries } from '@reelmates/projections/watchlist/watchlistQueries'
import type { Platform } from '../platform'
import { recordedTitle } from './titleSnapshot'

/** The error answers a change of one title can give (the body of each is the shared error JSON). */
const titleErrors = { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer }

/**
 * The one way a move says where (the contract takes exactly one): next to a neighbour, or a place
 * number. Without either, NaN is a place the decider refuses.
 */
function moveTarget({ toIndex, after, before }: z.infer<typeof moveWatchlistItemRequest>) {
  if (after !== undefined) return { place: { after } }
  if (before !== undefined) return { place: { before } }
  return { toIndex: toIndex ?? Number.NaN }
}

/** The signed-in user's watchlist: list, add, edit the note, move, remove, put back. */
export const watchlistRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const queries = watchlistQueries(platform.readStore)

  app.get(
    '/watchlist',
    {
      schema: {
        tags: ['watchlist'],
        summary: "The signed-in user's watchlist, paged and sorted",
        querystring: watchlistQuery,
        response: { 200: watchlistPage, 400: errorAnswer, 401: errorAnswer },
      },
      config: readsFrom(watchlistQueries),
    },
    async (request) => queries.page(currentUserId(request), request.query),
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

  app.post(
    '/watchlist/:mediaType/:tmdbId/restore',
    {
      schema: {
        tags: ['watchlist'],
        summary:
          'Put back a title taken off the watchlist (the undo of a removal): as it was, with its date added, note and recommendation, in the place it was taken from (at the end if the list has got shorter since)',
        params: watchlistItemParams,
        response: { 201: mutationAnswer, ...titleErrors, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: { type: 'PutTitleBackOnWatchlist', userId, ...request.params },
      })
      return reply.code(201).send(withPosition({}, position))
    },
  )

  app.patch(
    '/watchlist/:mediaType/:tmdbId',
    {
      schema: {
        tags: ['watchlist'],
        summary:
          'Edit the note of a title on the watchlist; with previousNote, refused (409) when the note has changed since',
        params: watchlistItemParams,
        body: editWatchlistItemRequest,
        response: { 200: mutationAnswer, ...titleErrors, 409: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: {
          type: 'EditWatchlistNote',
          userId,
          ...request.params,
          note: request.body.note,
          previousNote: request.body.previousNote,
        },
      })
      return withPosition({}, position)
    },
  )

  app.post(
    '/watchlist/:mediaType/:tmdbId/move',
    {
      schema: {
        tags: ['watchlist'],
        summary:
          'Move a title to another place in the watchlist: right after or before a title as the screen showed it (null: first, or last), or to toIndex (0 is the top); refused (409) when that title has left the list since',
        params: watchlistItemParams,
        body: moveWatchlistItemRequest,
        response: { 200: mutationAnswer, ...titleErrors, 409: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const where = moveTarget(request.body)
      const { position } = await execute(request, {
        decider: watchlist,
        streamId: watchlistStreamId(userId),
        command: { type: 'MoveWatchlistTitle', userId, ...request.params, ...where },
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
