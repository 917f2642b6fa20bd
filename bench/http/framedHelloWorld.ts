/**
 * A second baseline: the same hello-world framed as the gateway frames every answer, with its logger
 * (pino, asynchronous standard output, to a file), its one request log line and its security headers,
 * and nothing else. Its ratio to the bare hello-world is the most any gateway route can reach with
 * logging on (docs/performance.md). Listens on 127.0.0.1 and the port in HELLO_PORT.
 */
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify'
import { createLogger } from '@reelmates/gateway/http/logging'
import { registerRequestLog } from '@reelmates/gateway/http/requestLog'
import { registerSecurityHeaders } from '@reelmates/gateway/http/securityHeaders'

// Typed as the gateway types it (app.ts), which the shared hooks expect.
const logger: FastifyBaseLogger = createLogger({ logLevel: 'info' })
const app = Fastify({
  loggerInstance: logger,
  logController: new LogController({ disableRequestLogging: true }),
})
registerRequestLog(app)
registerSecurityHeaders(app, { https: false })
app.get('/hello', async () => ({ hello: 'world' }))
await app.listen({ host: '127.0.0.1', port: Number(process.env.HELLO_PORT) })
