import type { FastifyInstance } from 'fastify'

const positionPattern = /^\d{1,30}$/

/**
 * Read-your-writes: a query that carries `X-Min-Position` (the position a command answered) waits,
 * for a bounded time, until the read models have reached it. A malformed header is a 400; a
 * timeout answers anyway (the read models are merely behind), flagged with `X-Read-Models-Behind`.
 */
export function registerReadYourWrites(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['x-min-position']
    if (header === undefined) return
    const value = Array.isArray(header) ? header[0] : header
    if (value === undefined || !positionPattern.test(value)) {
      await reply
        .code(400)
        .send({ message: 'X-Min-Position must be a log position (digits only).', error: 'Bad Request' })
      return reply
    }
    const { projections, config, eventStore } = app.platform
    const asked = BigInt(value)
    if (await projections.waitForPosition(asked, 0)) return
    // No command ever answered a position past the head of the log: waiting for one would only burn
    // the whole timeout, so such a header asks for the head instead. (Read only when a wait is due.)
    const head = await eventStore.headPosition()
    const reached = await projections.waitForPosition(asked > head ? head : asked, config.readYourWritesTimeoutMs)
    if (!reached) void reply.header('X-Read-Models-Behind', 'true')
  })
}
