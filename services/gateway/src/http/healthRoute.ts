import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Platform } from '../platform'

/** `GET /api/health`: liveness, the head of the log and how far each read model has applied it. */
export const healthRoute: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and how far the read models have caught up',
        response: {
          200: z.object({
            status: z.literal('ok'),
            column: z.enum(['embedded', 'distributed']),
            headPosition: z.string(),
            projections: z.array(z.object({ name: z.string(), position: z.string(), state: z.string() })),
          }),
        },
      },
    },
    async () => ({
      status: 'ok' as const,
      column: platform.config.column,
      headPosition: (await platform.eventStore.headPosition()).toString(),
      projections: platform.projections
        .status()
        .map((p) => ({ name: p.name, position: p.position.toString(), state: p.state })),
    }),
  )
}
