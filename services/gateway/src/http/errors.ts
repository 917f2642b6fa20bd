import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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
  414: 'URI Too Long',
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
  // The router's own words repeat the whole address, up to kilobytes of it, back into the answer.
  FST_ERR_MAX_PARAM_LENGTH: 'A part of this address is too long.',
  FST_ERR_BAD_URL: 'This address is not valid (bad percent-encoding).',
}

/** A refusal of ours or fastify's, in the shape of every other: `{ message, error }`. */
function refusalOf(error: FastifyError, status: number) {
  return { message: remedies[error.code] ?? error.message, error: reasonPhrase[status] ?? 'Error' }
}

/**
 * The router refuses an address before any route, hook or error handler sees it (a path part over
 * `maxParamLength`, a broken percent-encoding); unanswered here, fastify writes its own body, with
 * `code`, `statusCode` and the whole address in its message.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500
  void (status >= 500
    ? reply.code(500).send({ message: 'Internal server error', error: 'Internal Server Error' })
    : reply.code(status).send(refusalOf(error, status)))
}

/** A refusal that knows when asking again can succeed says so in seconds (RFC 9110 §10.2.3). */
function retryAfterOf(error: DomainError): number | undefined {
  return 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number'
    ? error.retryAfterSeconds
    : undefined
}

type ValidationIssue = FastifyError['validation'] extends (infer Issue)[] | undefined ? Issue : never

/**
 * Zod's own bound on whole numbers (the safe integers) comes before a schema's: `page=99999999999999999999`
 * was told "page can be at most 9007199254740991" where `page=1000` is told "at most 500". It is
 * said only when the schema has no bound of its own there.
 */
const isSafeIntegerBound = (issue: ValidationIssue): boolean =>
  (issue.keyword === 'too_big' || issue.keyword === 'too_small') && issue.params.origin === 'int'

/**
 * A query parameter given twice (`?page=1&page=2`) reaches the schema as a list, which every
 * schema refuses in its words for a missing or wrong value: "query is required", "page must be text".
 */
function messageOf(issue: ValidationIssue, context: string | undefined, query: unknown): string {
  const name = issue.instancePath.slice(1)
  const given = context === 'querystring' && query !== null && typeof query === 'object' ? query : {}
  if (
    issue.keyword === 'invalid_type' &&
    /^[^/]+$/.test(name) &&
    Array.isArray((given as Record<string, unknown>)[name])
  )
    return `${name} must be given once`
  return issue.message ?? 'Invalid value'
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = [
        ...error.validation.filter((issue) => !isSafeIntegerBound(issue)),
        ...error.validation.filter(isSafeIntegerBound),
      ]
      const validationErrors: Record<string, string> = {}
      for (const issue of issues) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? 'request')
        validationErrors[field] ??= messageOf(issue, error.validationContext, request.query)
      }
      const first = issues[0] ? messageOf(issues[0], error.validationContext, request.query) : 'Invalid request'
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
      return reply.code(status).send(refusalOf(error, status))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ message: 'Internal server error', error: 'Internal Server Error' })
  })
}
