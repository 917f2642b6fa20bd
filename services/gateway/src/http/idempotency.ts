import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const keyPattern = /^[\x21-\x7e]{1,128}$/

declare module 'fastify' {
  interface FastifyRequest {
    /** The `Idempotency-Key` this request claimed, to record its answer under. */
    idempotencyClaim?: { scope: string; key: string }
  }
}

/** The same request means the same method, path and (validated) body; `_ts` and the like do not count. */
function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? request.url
  // A raw body (an uploaded picture) is hashed as its bytes, not as a JSON array of them.
  const body = Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? null)
  return createHash('sha256').update(`${request.method} ${path}\n`).update(body).digest('base64url')
}

function headerOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key']
  return Array.isArray(header) ? header[0] : header
}

/**
 * `Idempotency-Key` on a signed-in user's state-changing request: the first request with a key does
 * the change and its answer (status and body, which carries the log position) is recorded; the same
 * request again gets that answer, marked `Idempotent-Replayed`, and changes nothing. The key is the
 * user's own: another user's same key is another request. A different request with a used key is
 * refused (422), since answering it with the first one's answer would be a lie. An answer of 5xx or
 * 429 is not recorded: nothing was done, so the retry does it. A rate limit (http/memberRateLimit.ts)
 * answers in a route's preHandler, after this hook claimed the key: kept, its 429 would have been the
 * answer to every later try of the change, however long the client waited as told.
 */
export function registerIdempotency(app: FastifyInstance): void {
  const { idempotency } = app.platform

  app.addHook('preHandler', async (request, reply) => {
    const key = headerOf(request)
    const userId = request.session.userId
    if (key === undefined || !stateChanging.has(request.method) || userId === undefined) return
    if (!keyPattern.test(key)) {
      await reply.code(400).send({
        message: 'Idempotency-Key must be 1 to 128 visible characters, for example a UUID.',
        error: 'Bad Request',
      })
      return reply
    }
    const hash = requestHash(request)
    const claim = await idempotency.claim(userId, key, hash)
    if (claim.outcome === 'claimed') {
      request.idempotencyClaim = { scope: userId, key }
      return
    }
    if (claim.requestHash !== hash) {
      await reply.code(422).send({
        message: 'This Idempotency-Key was already used for a different request. Send a new key for a new change.',
        error: 'Unprocessable Entity',
      })
      return reply
    }
    if (claim.outcome === 'in_progress') {
      // Retry-After tells the client this is no refusal: the change is being made, and asking again
      // under the same key soon answers what the first request did.
      await reply.code(409).header('Retry-After', '1').send({
        message: 'The same request is still being handled. Please try again in a moment.',
        error: 'Conflict',
      })
      return reply
    }
    const { answer } = claim
    void reply.code(answer.statusCode).header('Idempotent-Replayed', 'true')
    if (answer.contentType !== null) void reply.header('Content-Type', answer.contentType)
    await reply.send(answer.body)
    return reply
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim
    if (!claim) return payload
    request.idempotencyClaim = undefined
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null
    if (reply.statusCode >= 500 || reply.statusCode === 429 || (body === null && payload != null)) {
      await idempotency.release(claim.scope, claim.key)
      return payload
    }
    const contentType = reply.getHeader('content-type')
    await idempotency.complete(claim.scope, claim.key, {
      statusCode: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : null,
      body: body ?? '',
    })
    return payload
  })
}
