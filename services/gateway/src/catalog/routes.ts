import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  autocompleteQuerySchema,
  autocompleteResponseSchema,
  catalogStatusSchema,
  genresResponseSchema,
  mediaDetailsSchema,
  mediaParamsSchema,
  mediaResultListSchema,
  providerParamsSchema,
  providersQuerySchema,
  providerTrendingQuerySchema,
  searchQuerySchema,
  videosResponseSchema,
  watchProvidersResponseSchema,
} from '@reelmates/contracts/catalog'
import {
  autocompleteMinimumLength,
  CatalogUnavailable,
  TitleNotFound,
  type Catalog,
} from '@reelmates/infra/catalog/port'
import { z } from 'zod'

export interface CatalogRoutesOptions {
  catalog: Catalog
}

const errorSchema = z.object({ message: z.string(), error: z.string().optional() })
const tags = ['catalog']

/**
 * The metadata calls of spec §7 plus the details the media page needs. Every answer comes from the
 * catalog port, so the same routes serve TMDB and the offline catalog. None reads the session: the
 * gateway serves them outside the context that loads it (app.ts). The admin's cache refresh is in
 * cacheRoutes.ts.
 */
export const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (app, { catalog }) => {
  // Upstream failures carry the spec's message (§8) with 502: the request was fine, TMDB was not.
  // Everything else goes on to the app's error handler.
  // The log keeps the upstream cause (e.g. "TMDB refused the API token"), which the client never sees.
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TitleNotFound) return reply.code(404).send({ message: error.message, error: 'Not Found' })
    if (error instanceof CatalogUnavailable) {
      request.log.warn({ err: error.cause }, error.message)
      return reply.code(502).send({ message: error.message, error: 'Bad Gateway' })
    }
    throw error
  })
  // The catalog is TMDB's (or the offline copy), not a read model: a search right after a change of
  // one's own (X-Min-Position) has nothing to wait for.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, readModels: [] }
  })

  app.get(
    '/tmdb/status',
    {
      schema: {
        tags,
        summary: 'Which catalog is in use: TMDB or the offline catalog',
        response: { 200: catalogStatusSchema },
      },
    },
    () => catalog.status(),
  )

  app.get(
    '/tmdb/autocomplete',
    {
      schema: {
        tags,
        summary: 'Title suggestions while typing; under 2 characters there are none',
        querystring: autocompleteQuerySchema,
        response: { 200: autocompleteResponseSchema },
      },
    },
    async (request) => {
      const { query } = request.query
      if (query.trim().length < autocompleteMinimumLength) return { results: [] }
      return { results: await catalog.autocomplete(query) }
    },
  )

  app.get(
    '/tmdb/search',
    {
      schema: {
        tags,
        summary: 'Movies and shows matching a query, 20 a page',
        querystring: searchQuerySchema,
        response: { 200: mediaResultListSchema, 502: errorSchema },
      },
    },
    (request) => catalog.search(request.query.query, request.query.page),
  )

  const list = { response: { 200: mediaResultListSchema, 502: errorSchema } }
  app.get('/tmdb/trending/movies', { schema: { tags, summary: 'Trending movies', ...list } }, () =>
    catalog.trendingMovies(),
  )
  app.get('/tmdb/trending/tv', { schema: { tags, summary: 'Trending TV shows', ...list } }, () => catalog.trendingTv())
  app.get('/tmdb/upcoming/movies', { schema: { tags, summary: 'Upcoming movies', ...list } }, () =>
    catalog.upcomingMovies(),
  )

  app.get(
    '/tmdb/genres',
    { schema: { tags, summary: 'Movie and TV genres', response: { 200: genresResponseSchema, 502: errorSchema } } },
    () => catalog.genres(),
  )

  app.get(
    '/tmdb/trending/provider/:providerId',
    {
      schema: {
        tags,
        summary: 'What is popular on one streaming service',
        params: providerParamsSchema,
        querystring: providerTrendingQuerySchema,
        ...list,
      },
    },
    (request) =>
      catalog.trendingForProvider({
        providerId: request.params.providerId,
        limit: request.query.limit,
        region: request.query.region,
        ...(request.query.genreId !== undefined ? { genreId: request.query.genreId } : {}),
        fallback: request.query.fallback,
      }),
  )

  const detailsErrors = { 404: errorSchema, 502: errorSchema }
  app.get(
    '/tmdb/:mediaType/:id',
    {
      schema: {
        tags,
        summary: 'A movie or show with credits, videos, watch providers and similar titles',
        params: mediaParamsSchema,
        response: { 200: mediaDetailsSchema, ...detailsErrors },
      },
    },
    (request) => catalog.details(request.params.mediaType, request.params.id),
  )

  app.get(
    '/tmdb/:mediaType/:id/videos',
    {
      schema: {
        tags,
        summary: 'Videos of a title and the trailer chosen by the spec rule',
        params: mediaParamsSchema,
        response: { 200: videosResponseSchema, ...detailsErrors },
      },
    },
    async (request) => {
      const details = await catalog.details(request.params.mediaType, request.params.id)
      return { results: details.videos, trailer: details.trailer }
    },
  )

  app.get(
    '/tmdb/:mediaType/:id/providers',
    {
      schema: {
        tags,
        summary: 'Where a title can be watched, per region (optionally one region)',
        params: mediaParamsSchema,
        querystring: providersQuerySchema,
        response: { 200: watchProvidersResponseSchema, ...detailsErrors },
      },
    },
    async (request) => {
      const { id, mediaType } = request.params
      const providers = (await catalog.details(mediaType, id)).watch_providers
      const { region } = request.query
      if (region === undefined) return { id, results: providers }
      const inRegion = providers[region]
      return { id, results: inRegion ? { [region]: inRegion } : {} }
    },
  )
}
