import type { FastifySchema } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { isActingRead } from '@reelmates/contracts/actingReads'
import { requireAdmin, requireUser } from './auth'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A success that is not JSON (a file, a picture): its content types, for the API document. */
    answersAs?: { description: string; types: string[]; notModified?: string }
    /** A success that is a redirect with no body: its status and where the Location header points. */
    redirects?: { status: 301 | 302 | 303 | 307 | 308; description: string }
  }
}

type Transform = typeof jsonSchemaTransform
type TransformInput = Parameters<Transform>[0]
type JsonObject = Record<string, unknown>

/**
 * The refusals the gateway's shared guards give on every route they guard. Each route documents what
 * its own handler refuses; these are added where a route has not said more, so a client written from
 * the document expects every status the server can answer.
 */
const refusals = {
  badRequest: errorAnswer.describe(
    'The request is not valid: `message` says why and `validationErrors` names each field (also a malformed X-Min-Position or Idempotency-Key header)',
  ),
  signIn: errorAnswer.describe(
    'Not signed in; or, for a change sent with Signed-In-As, the session is now someone else’s and nothing was changed',
  ),
  forbidden: errorAnswer.describe('No valid CSRF-Token header, or the signed-in member is not allowed this'),
  tooLarge: errorAnswer.describe('The body is larger than the route takes (1 MB; an avatar, 2 MB)'),
  uriTooLong: errorAnswer.describe('A path parameter is over 200 characters'),
  notJson: errorAnswer.describe('The body is not of a type the route takes (JSON; for an avatar, a picture)'),
} as const

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Ending a session is allowed whoever it belongs to now (`signedInAs.ts`). */
const anyMember = new Set(['/api/logout'])

function methodOf(route: TransformInput['route']): string {
  const methods = [route.method].flat()
  return methods.find((method) => method !== 'HEAD') ?? methods[0] ?? 'GET'
}

/**
 * OpenAPI 3.0 has no null type: zod writes a nullable enum as `nullable: true` beside an `enum`
 * without null, which strict validators (ajv among them) read as refusing null.
 */
function allowNullInNullableEnums(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) allowNullInNullableEnums(item)
    return
  }
  if (schema === null || typeof schema !== 'object') return
  const object = schema as JsonObject
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null)) object.enum.push(null)
  for (const value of Object.values(object)) allowNullInNullableEnums(value)
}

/**
 * `jsonSchemaTransform` with the shared guards' refusals added to each operation (400 for validation and
 * the read-your-writes and idempotency headers, 401 for sign-in and Signed-In-As, 403 for CSRF and the
 * admin role, 413 and 415 for bodies, 414 for long path parameters), `security` on every operation that
 * needs the CSRF token, a non-JSON success described by its content types, and a redirect by its
 * Location header. Only the document changes: the route's own schema, which serialises its answers, is
 * not touched.
 */
export function documentingRefusals(transform: Transform = jsonSchemaTransform): Transform {
  return (input) => {
    const { route, url } = input
    const schema: FastifySchema = input.schema
    if (!url.startsWith('/api/') || schema.hide === true) return transform(input)
    const method = methodOf(route)
    const hooks: unknown[] = [route.onRequest ?? []].flat()
    const admin = hooks.includes(requireAdmin)
    const signedIn = admin || hooks.includes(requireUser)
    const changes = !readMethods.has(method)
    const needsCsrf = (changes || isActingRead(url)) && route.config?.csrfExempt !== true
    const added: Record<string, unknown> = { 400: refusals.badRequest }
    if (signedIn || (changes && !anyMember.has(url))) added[401] = refusals.signIn
    if (admin || needsCsrf) added[403] = refusals.forbidden
    if (url.includes(':')) added[414] = refusals.uriTooLong
    if (changes) Object.assign(added, { 413: refusals.tooLarge, 415: refusals.notJson })
    const own = (schema.response ?? {}) as Record<string, unknown>
    const response = { ...added, ...own }
    // A route that lists a shared refusal with the bare error shape gets the refusal's description.
    for (const [status, refusal] of Object.entries(added)) if (own[status] === errorAnswer) response[status] = refusal
    const result = transform({ ...input, schema: { ...schema, response } })
    const transformed = result.schema as JsonObject
    if (needsCsrf && transformed.security === undefined) transformed.security = [{ csrf: [] }]
    const answersAs = route.config?.answersAs
    if (answersAs) {
      const content = Object.fromEntries(answersAs.types.map((type) => [type, { schema: { type: 'string' } }]))
      transformed.response = {
        200: { description: answersAs.description, content },
        ...(answersAs.notModified ? { 304: { description: answersAs.notModified } } : {}),
        ...(transformed.response as JsonObject),
      }
    }
    const redirects = route.config?.redirects
    if (redirects) {
      transformed.response = {
        [redirects.status]: {
          // As a JSON schema for @fastify/swagger, which turns `headers` into the response's headers
          // and `type: 'null'` into a response with no content.
          type: 'null',
          description: redirects.description,
          headers: { Location: { type: 'string' } },
        },
        ...(transformed.response as JsonObject),
      }
    }
    allowNullInNullableEnums(transformed)
    return result
  }
}
