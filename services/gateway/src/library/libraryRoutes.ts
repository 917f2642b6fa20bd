import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { latestRating, titleStatus, watchedTitles } from '@reelmates/contracts/watched'
import { watchlistItemParams } from '@reelmates/contracts/watchlist'
import { watchedQueries } from '@reelmates/projections/watched/watchedQueries'
import { watchlistQueries } from '@reelmates/projections/watchlist/watchlistQueries'
import { errorAnswer } from '@reelmates/contracts/answers'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { exportCsv } from './exportCsv'
import { watchedColumns, watchedRows, watchlistColumns, watchlistRows } from './exportRows'

const exportQuery = z.object({
  format: z.enum(['csv', 'json'], { message: 'format must be csv or json' }).default('csv'),
})

/** Per-title status for the media page, and exports: your data is yours, in CSV or JSON. */
export const libraryRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const watchlist = watchlistQueries(platform.readStore)
  const watched = watchedQueries(platform.readStore)

  app.get(
    '/library/status/:mediaType/:tmdbId',
    {
      schema: {
        tags: ['watchlist', 'watched'],
        summary: 'Is this title on my watchlist, and how many times have I watched it?',
        params: watchlistItemParams,
        response: { 200: titleStatus, 400: errorAnswer, 401: errorAnswer },
      },
      config: readsFrom(watchlistQueries, watchedQueries),
    },
    async (request) => {
      const userId = currentUserId(request)
      const [onWatchlist, watches] = await Promise.all([
        watchlist.item(userId, request.params),
        watched.ofTitle(userId, request.params),
      ])
      const last = watches[0]
      return {
        inWatchlist: onWatchlist !== null,
        watchlistNote: onWatchlist?.note ?? null,
        timesWatched: watches.length,
        lastWatchedAt: last?.watchedAt ?? null,
        lastRating: latestRating(watches),
        watches,
      }
    },
  )

  app.get(
    '/library/watched-titles',
    {
      schema: {
        tags: ['watched'],
        summary: 'Every title I have watched, once each, with how often, when last and my latest rating',
        description:
          'One call for the watched marks on every title card (rows, grids, search results), instead of one per card.',
        response: { 200: watchedTitles, 401: errorAnswer },
      },
      config: readsFrom(watchedQueries),
    },
    async (request) => ({ items: await watched.titles(currentUserId(request)) }),
  )

  app.get(
    '/watchlist/export',
    {
      schema: {
        tags: ['watchlist'],
        summary: 'Download the whole watchlist as CSV or JSON',
        querystring: exportQuery,
        response: { 400: errorAnswer, 401: errorAnswer },
      },
      config: {
        ...readsFrom(watchlistQueries),
        answersAs: { description: 'The file, as `format` asks', types: ['text/csv', 'application/json'] },
      },
    },
    async (request, reply) => {
      const items = watchlistRows(await watchlist.all(currentUserId(request)))
      return sendExport(reply, 'reelmates-watchlist', request.query.format, items, watchlistColumns)
    },
  )

  app.get(
    '/watched/export',
    {
      schema: {
        tags: ['watched'],
        summary: 'Download the whole watched log as CSV or JSON',
        querystring: exportQuery,
        response: { 400: errorAnswer, 401: errorAnswer },
      },
      config: {
        ...readsFrom(watchedQueries),
        answersAs: { description: 'The file, as `format` asks', types: ['text/csv', 'application/json'] },
      },
    },
    async (request, reply) => {
      const items = watchedRows(await watched.all(currentUserId(request)))
      return sendExport(reply, 'reelmates-watched', request.query.format, items, watchedColumns)
    },
  )
}

function sendExport<T extends Record<string, unknown>>(
  reply: import('fastify').FastifyReply,
  name: string,
  format: 'csv' | 'json',
  rows: T[],
  columns: readonly (keyof T & string)[],
) {
  void reply.header('Content-Disposition', `attachment; filename="${name}.${format}"`)
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows, null, 2))
  return reply.type('text/csv; charset=utf-8').send(exportCsv(rows, columns))
}
