import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { cacheRefreshResponseSchema } from '@reelmates/contracts/catalog'
import type { Catalog } from '@reelmates/infra/catalog/port'

export interface CatalogCacheRoutesOptions {
  catalog: Catalog
  /** Answers 401/403 itself unless the signed-in user is an admin. */
  requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
}

/** The admin's one catalog command: it needs the session, unlike the catalog's reads (routes.ts). */
export const catalogCacheRoutes: FastifyPluginAsyncZod<CatalogCacheRoutesOptions> = async (
  app,
  { catalog, requireAdmin },
) => {
  app.post(
    '/admin/refresh-api-cache',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Empty the shared catalog cache so the next calls read TMDB afresh',
        security: [{ csrf: [] }],
        response: { 200: cacheRefreshResponseSchema },
      },
    },
    async () => {
      const cleared = await catalog.clearCache()
      return { message: `Catalog cache cleared (${cleared} ${cleared === 1 ? 'entry' : 'entries'}).`, cleared }
    },
  )
}
