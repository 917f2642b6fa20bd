import { afterAll, describe, expect, it } from 'vitest'
import { isActingRead } from '@reelmates/contracts/actingReads'
import { createTestApp } from '../testing/testApp'

/**
 * What the API document adds to each route's own schema (`documentedRefusals.ts`). That every status a
 * route answers is documented is checked against real answers in `routeTables.spec.ts` and
 * `fuzz.spec.ts`; these are the parts no answer's status shows.
 */
interface Response {
  description?: string
  content?: Record<string, { schema?: Record<string, unknown> }>
  headers?: Record<string, { schema?: Record<string, unknown> }>
}
interface Operation {
  security?: Record<string, string[]>[]
  responses: Record<string, Response>
}

const t = await createTestApp()
afterAll(() => t.close())
const paths = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>().paths
const operation = (path: string, method: string) => {
  const found = paths[path]?.[method]
  if (!found) throw new Error(`${method} ${path} is not in the document`)
  return found
}

describe('the API document', () => {
  it('asks for the CSRF token on every operation that checks it', () => {
    const unmarked: string[] = []
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        // The one-click unsubscribe carries its own signed token instead (RFC 8058).
        const checked =
          (method !== 'get' || isActingRead(path.replace(/\{(\w+)\}/g, ':$1'))) && path !== '/api/unsubscribe'
        if (checked && !spec.security?.some((requirement) => 'csrf' in requirement))
          unmarked.push(`${method.toUpperCase()} ${path}`)
      }
    }
    expect(unmarked).toEqual([])
  })

  it('gives a redirect its Location header and no body', () => {
    const redirect = operation('/api/unsubscribe', 'get').responses['303']
    expect(redirect?.description).toMatch(/\/unsubscribed\?token=/)
    expect(redirect?.headers).toEqual({ Location: { schema: { type: 'string' } } })
    expect(redirect?.content).toBeUndefined()
  })

  it('describes the shared refusals in words, also where a route lists them itself', () => {
    const avatar = operation('/api/avatars/{userId}', 'get').responses
    expect(avatar['401']?.description).toMatch(/Not signed in/)
    expect(avatar['400']?.description).toMatch(/not valid/)
    expect(operation('/api/watchlist', 'post').responses['415']?.description).toMatch(/JSON/)
  })

  it('gives files and pictures their content types, and a picture the browser has its 304', () => {
    expect(Object.keys(operation('/api/watchlist/export', 'get').responses['200']?.content ?? {})).toEqual([
      'text/csv',
      'application/json',
    ])
    const avatar = operation('/api/avatars/{userId}', 'get').responses
    expect(Object.keys(avatar['200']?.content ?? {})).toEqual(['image/webp'])
    expect(avatar['304']?.description).toMatch(/If-None-Match/)
  })

  it('lets a nullable choice be null, as OpenAPI 3.0 validators read it', () => {
    const item = operation('/api/feed', 'get').responses['200']?.content?.['application/json']?.schema as {
      properties: { items: { items: { properties: Record<string, { nullable?: boolean; enum?: unknown[] }> } } }
    }
    const mediaType = item.properties.items.items.properties.mediaType
    expect(mediaType).toMatchObject({ nullable: true })
    expect(mediaType?.enum).toContain(null)
  })

  it('shows the limits and choices the server checks in code', () => {
    const bodyOf = (path: string) =>
      (
        operation(path, 'post') as unknown as {
          requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } }
        }
      ).requestBody.content['application/json'].schema.properties
    const parameter = (path: string, name: string) =>
      (operation(path, 'get') as unknown as { parameters: { name: string; schema: unknown }[] }).parameters.find(
        (p) => p.name === name,
      )?.schema
    expect(bodyOf('/api/activities/{id}/comments').content).toMatchObject({ minLength: 1, maxLength: 2000 })
    expect(bodyOf('/api/recommendations').note).toMatchObject({ maxLength: 500 })
    expect(parameter('/api/admin/analytics', 'days')).toMatchObject({ enum: [7, 30, 90] })
    expect(parameter('/api/tmdb/trending/provider/{providerId}', 'providerId')).toMatchObject({
      enum: ['8', '9', '337', '384', '15'],
    })
  })
})
