import { afterAll, describe, expect, it } from 'vitest'
import { signedInAgent } from '../testing/signedIn'
import { createTestApp } from '../testing/testApp'

/** fastify's and its plugins' own refusals say what to do (`remedies` in errors.ts). */
const t = await createTestApp()
afterAll(() => t.close())

describe("the framework's refusals", () => {
  it('tells a client that sent a CSRF token without the session it belongs to where to get one', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json', 'csrf-token': 'a-token-from-elsewhere' },
      payload: JSON.stringify({ username: 'nosession', email: 'nosession@example.com', password: 'secret123' }),
    })
    expect(answer.statusCode).toBe(403)
    expect(answer.json<{ message: string }>().message).toMatch(/CSRF.*\/api\/csrf-token/)
  })

  it('asks for JSON when the body is a form, and says an empty or broken JSON body is one', async () => {
    const { client } = await signedInAgent(t.app, 'remedies')
    const send = (contentType: string, payload: string) =>
      client.request('PUT', '/api/user/profile', { headers: { 'content-type': contentType }, body: payload })
    const form = await send('application/x-www-form-urlencoded', 'bio=hello')
    expect(form.statusCode).toBe(415)
    expect(form.json()).toMatchObject({ message: 'Send the body as JSON, with Content-Type: application/json.' })
    const empty = await send('application/json', '')
    expect(empty.statusCode).toBe(400)
    expect(empty.json<{ message: string }>().message).toMatch(/^The body is empty/)
    const broken = await send('application/json', '{"bio":')
    expect(broken.statusCode).toBe(400)
    expect(broken.json<{ message: string }>().message).toMatch(/^The body is not valid JSON/)
  })
})

describe('refusals of a query string, on every route', () => {
  const message = async (url: string) => {
    const answer = await t.app.inject({ method: 'GET', url })
    expect(answer.statusCode, url).toBe(400)
    return answer.json<{ message: string; validationErrors: Record<string, string> }>()
  }

  it.each([
    ['/api/tmdb/search?query=a&query=b', 'query'],
    ['/api/tmdb/autocomplete?query=a&query=b', 'query'],
    ['/api/tmdb/search?query=dune&page=1&page=2', 'page'],
    ['/api/tmdb/trending/provider/8?limit=5&limit=6', 'limit'],
  ])('says a parameter given twice must be given once: %s', async (url, name) => {
    const answer = await message(url)
    expect(answer.message).toBe(`${name} must be given once`)
    expect(answer.validationErrors[name]).toBe(`${name} must be given once`)
  })

  it('says so on a member route too', async () => {
    const { client } = await signedInAgent(t.app, 'twice')
    const answer = await client.get('/api/watched?pageSize=5&pageSize=6')
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toBe('pageSize must be given once')
  })

  it.each([
    ['/api/tmdb/search?query=dune&page=99999999999999999999', 'page must be at most 500'],
    ['/api/tmdb/trending/provider/8?limit=99999999999999999999', 'limit must be at most 100'],
    ['/api/tmdb/search?query=dune&page=-99999999999999999999', 'page must be at least 1'],
  ])('says the route’s own bound for a number past the safe integers: %s', async (url, said) => {
    const answer = await message(url)
    expect(answer.message).toBe(said)
    expect(Object.values(answer.validationErrors)).toEqual([said])
  })
})

describe("the router's refusals of an address", () => {
  it('answers a path part longer than any route takes with 414 in the usual shape, without the address', async () => {
    const url = `/api/activities/${'x'.repeat(5000)}/comments`
    const answer = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(answer.statusCode).toBe(414)
    expect(answer.json()).toEqual({ message: 'A part of this address is too long.', error: 'URI Too Long' })
    expect(answer.body).not.toContain('xxxxxxxxxx')
  })

  it('answers a broken percent-encoding with 400 in the usual shape, without the address', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/activities/%E0%A4%A/comments' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      message: 'This address is not valid (bad percent-encoding).',
      error: 'Bad Request',
    })
  })

  it('answer with the security headers every answer has, though no hook runs for them', async () => {
    for (const url of [`/api/activities/${'x'.repeat(300)}/comments`, '/api/activities/%E0%A4%A/comments']) {
      const answer = await t.app.inject({ method: 'GET', url })
      expect(answer.statusCode).toBeGreaterThanOrEqual(400)
      expect(answer.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})
