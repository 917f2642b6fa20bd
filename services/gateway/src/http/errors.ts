import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { DomainError } from '@reelmates/commands/decider'
import { SubjectErasedError } from '@reelmates/infra/personalData/keyVault'
import { DuplicateKeyError } from '@reelmates/infra/readStore/port'

/** The one place that turns failures into the spec's error JSON: `{ message, error?, validationErrors? }`. */
const statusOfDomainError: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many: 429,
}

const reasonPhrase: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
}

/**
 * fastify's and its plugins' own refusals, in words that say what to do: "Missing csrf secret" and
 * "Unsupported Media Type" name the mechanism, not the remedy. The web app recognises a CSRF refusal by
 * the word CSRF in it, which both keep.
 */
const remedies: Record<string, string> = {
  FST_CSRF_MISSING_SECRET:
    'This session has no CSRF token yet: fetch one from /api/csrf-token with the same cookie and send it as the CSRF-Token header.',
  FST_CSRF_INVALID_TOKEN:
    "This CSRF token is not this session's (a sign-in changes it): fetch a new one from /api/csrf-token.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as JSON, with Content-Type: application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty: send a JSON object, or no Content-Type.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON (keys such as __proto__ are refused too).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is larger than this request takes.',
}

/** A refusal that knows when asking again can succeed says so in seconds (RFC 9110 §10.2.3). */
function retryAfterOf(error: DomainError): number | undefined {
  return 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number'
    ? error.retryAfterSeconds
    : undefined
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validationErrors: Record<string, string> = {}
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'request')
        validationErrors[field] ??= issue.message ?? 'Invalid value'
      }
      const first = error.validation[0]?.message ?? 'Invalid request'
      return reply.code(400).send({ message: first, error: 'Bad Request', validationErrors })
    }
    if (error instanceof DomainError) {
      const status = statusOfDomainError[error.kind]
      const retryAfter = retryAfterOf(error)
      if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter))
      return reply.code(status).send({ message: error.message, error: reasonPhrase[status], ...error.details })
    }
    // A change still on its way when its member's account was deleted (another device, or a friend's
    // request naming them): the erasure came first, so nothing was stored, and nothing will be.
    if (error instanceof SubjectErasedError) {
      const message =
        error.subjectId === request.session.userId
          ? 'Your account has been deleted.'
          : "This member's account has been deleted."
      return reply.code(410).send({ message, error: reasonPhrase[410] })
    }
    if (error instanceof DuplicateKeyError) {
      return reply.code(409).send({ message: 'This already exists.', error: 'Conflict' })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema')
      return reply.code(500).send({ message: 'Internal server error', error: 'Internal Server Error' })
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      const message = remedies[error.code] ?? error.message
      return reply.code(status).send({ message, error: reasonPhrase[status] ?? 'Error' })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ message: 'Internal server error', error: 'Internal Server Error' })
  })
}
