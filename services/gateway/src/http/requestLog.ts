import type { FastifyInstance } from 'fastify'
import { redactUrl } from './logging'

/**
 * One log line per answered request, at info, with what an operator looks for: the request id (the
 * logger's `reqId`), method, URL (secret tokens redacted), status and time taken in milliseconds.
 * Fastify's own request logging (turned off by the log controller's `disableRequestLogging`) wrote two lines per request,
 * each through the serializers and redaction: a fixed cost on every answer (docs/performance.md).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTime: reply.elapsedTime,
      },
      'request completed',
    )
    done()
  })
}
