import type { FastifyInstance } from 'fastify'
import type { ReadModelQueries } from '@reelmates/projections/queries'

const positionPattern = /^\d{1,30}$/

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The read models (projector names) a route's queries read: `X-Min-Position` waits for those
     * only. A route that does not say waits for every read model.
     */
    readModels?: readonly string[]
  }
}

/** The route config of a route that reads through these queries: `config: readsFrom(watchlistQueries)`. */
export function readsFrom(...queries: ReadModelQueries<unknown>[]): { readModels: readonly string[] } {
  return { readModels: [...new Set(queries.flatMap((query) => query.readModels))] }
}

/**
 * Read-your-writes: a query that carries `X-Min-Position` (the position a command answered) waits,
 * for a bounded time, until the read models its route reads have reached it; a slow read model it
 * does not read never holds it up. A malformed header is a 400. The answer names, in
 * `X-Read-Models-Behind`, every read model it read that is not up to date: still behind after the
 * wait, or failed, or rebuilding (those answer as of where they stopped, header or not), so that
 * stale data is never passed off as current.
 */
export function registerReadYourWrites(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const { readModels } = request.routeOptions.config
    const { projections, config, eventStore } = app.platform
    const header = request.headers['x-min-position']
    if (header === undefined) {
      if (readModels !== undefined) flagBehind(projections.readModelsBehind(0n, readModels))
      return
    }
    const value = Array.isArray(header) ? header[0] : header
    if (value === undefined || !positionPattern.test(value)) {
      await reply
        .code(400)
        .send({ message: 'X-Min-Position must be a log position (digits only).', error: 'Bad Request' })
      return reply
    }
    let asked = BigInt(value)
    if (!(await projections.waitForPosition(asked, 0, readModels))) {
      // No command ever answered a position past the head of the log: waiting for one would only burn
      // the whole timeout, so such a header asks for the head instead. (Read only when a wait is due.)
      const head = await eventStore.headPosition()
      if (asked > head) asked = head
      await projections.waitForPosition(asked, config.readYourWritesTimeoutMs, readModels)
    }
    flagBehind(projections.readModelsBehind(asked, readModels))

    function flagBehind(behind: string[]): void {
      if (behind.length > 0) void reply.header('X-Read-Models-Behind', behind.join(', '))
    }
  })
}
