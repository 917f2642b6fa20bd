import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiJson, apiRequest, fetchCsrfToken, resetRequestClient, withTimestamp } from './api'
import { ApiError, requestMessages } from './apiError'
import { connection } from './connection'
import { newIdempotencyKey } from './idempotencyKey'
import { setSignedInAs } from './signedInAs'

/**
 * The request client against a real HTTP server on 127.0.0.1, which answers like the gateway does
 * (CSRF tokens, JSON errors, a text error, a broken body) and records what it received.
 */
interface Received {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
}

let server: Server
let origin = ''
let received: Received[] = []
let csrfIssued = 0
let validToken = ''

function answer(
  request: IncomingMessage,
  body: string,
): { status: number; type?: string; text: string; retryAfter?: string } {
  const url = new URL(request.url ?? '/', 'http://x')
  const needsCsrf = !['GET', 'HEAD'].includes(request.method ?? 'GET') || url.pathname === '/api/auth/process-token'
  if (url.pathname === '/api/csrf-token') {
    csrfIssued += 1
    validToken = `token-${csrfIssued}`
    return { status: 200, type: 'application/json', text: JSON.stringify({ csrfToken: validToken }) }
  }
  if (needsCsrf && request.headers['csrf-token'] !== validToken)
    return { status: 403, type: 'application/json', text: '{"message":"Invalid csrf token","error":"Forbidden"}' }
  switch (url.pathname) {
    case '/api/watchlist':
      return request.method === 'POST'
        ? {
            status: 201,
            type: 'application/json',
            text: JSON.stringify({ ok: true, echo: JSON.parse(body) as unknown, position: '41' }),
          }
        : { status: 200, type: 'application/json', text: '{"items":[]}' }
    case '/api/auth/process-token':
      return { status: 200, type: 'application/json', text: JSON.stringify({ success: true }) }
    case '/api/later':
      return { status: 200, type: 'application/json', text: JSON.stringify({ ok: true, position: '7' }) }
    case '/api/conflict':
      return {
        status: 409,
        type: 'application/json',
        text: JSON.stringify({ message: 'Taken', validationErrors: { username: 'taken' } }),
      }
    case '/api/busy': {
      // The first two tries find the change still being made (the gateway's idempotency answer).
      const tries = received.filter((each) => each.url.pathname === '/api/busy').length
      if (tries <= 2 || url.searchParams.has('forever'))
        return {
          status: 409,
          type: 'application/json',
          retryAfter: '0',
          text: '{"message":"The same request is still being handled. Please try again in a moment.","error":"Conflict"}',
        }
      return { status: 201, type: 'application/json', text: JSON.stringify({ ok: true, tries }) }
    }
    case '/api/only-error':
      return { status: 400, type: 'application/json', text: JSON.stringify({ error: 'Bad input' }) }
    case '/api/bare':
      return { status: 500, type: 'application/json', text: '{}' }
    case '/api/text-error':
      return { status: 400, type: 'text/plain', text: 'Token expired' }
    case '/api/too-large':
      return {
        status: 413,
        type: 'text/html',
        text: '<html><head><title>413 Request Entity Too Large</title></head><body><h1>413</h1></body></html>',
      }
    case '/api/restarting':
      return {
        status: 502,
        type: 'text/html',
        text: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
      }
    case '/api/broken':
      return { status: 200, type: 'application/json', text: '{"not json' }
    case '/api/forbidden':
      return { status: 403, type: 'application/json', text: '{"message":"Admins only","error":"Forbidden"}' }
    default:
      return { status: 404, type: 'application/json', text: '{"message":"nope"}' }
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: new URL(request.url ?? '/', 'http://x'),
        headers: request.headers,
        body,
      })
      const { status, type, text, retryAfter } = answer(request, body)
      response.writeHead(status, {
        ...(type ? { 'Content-Type': type } : {}),
        ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
      })
      response.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The browser resolves '/api/…' against the page; here the page is the test server.
  const realFetch = globalThis.fetch
  globalThis.fetch = (input, init) =>
    realFetch(typeof input === 'string' && input.startsWith('/') ? origin + input : input, init)
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  received = []
  resetRequestClient()
})

const last = () => received[received.length - 1] as Received

/** The options the client handed to fetch for each request `requests` made (the requests still go out). */
async function fetchOptionsOf(requests: () => Promise<void>): Promise<RequestInit[]> {
  const seen: RequestInit[] = []
  const previous = globalThis.fetch
  globalThis.fetch = (input, init) => {
    seen.push(init ?? {})
    return previous(input, init)
  }
  try {
    await requests()
  } finally {
    globalThis.fetch = previous
  }
  return seen
}
describe('the request client (spec §7)', () => {
  it('sends a GET with the no-cache headers, a timestamp, and no Content-Type without a body', async () => {
    await apiJson('/api/watchlist')
    const request = last()
    expect(request.method).toBe('GET')
    expect(request.url.searchParams.get('_ts')).toMatch(/^\d+$/)
    expect(request.headers.accept).toBe('application/json')
    expect(request.headers['cache-control']).toBe('no-cache, no-store, must-revalidate')
    expect(request.headers.pragma).toBe('no-cache')
    expect(request.headers['content-type']).toBeUndefined()
    expect(request.headers['csrf-token']).toBeUndefined()
  })

  it('asks fetch for cookies, CORS mode and no HTTP cache on every request', async () => {
    const seen = await fetchOptionsOf(async () => {
      await apiJson('/api/watchlist')
      await apiJson('/api/watchlist', { method: 'POST', body: {} })
    })
    // The GET, the CSRF token fetch, and the POST.
    expect(seen).toHaveLength(3)
    for (const init of seen) expect(init).toMatchObject({ credentials: 'include', mode: 'cors', cache: 'no-store' })
  })

  it('lets a change outlive the page when asked (keepalive), and no other', async () => {
    const seen = await fetchOptionsOf(async () => {
      await apiJson('/api/watchlist', { method: 'POST', body: {}, keepalive: true })
      await apiJson('/api/watchlist', { method: 'POST', body: {} })
    })
    const posts = seen.filter((init) => init.method === 'POST')
    expect(posts.map((init) => init.keepalive === true)).toEqual([true, false])
  })

  it('adds _ts after existing query parameters', () => {
    expect(withTimestamp('/api/tmdb/search?query=dune', 5)).toBe('/api/tmdb/search?query=dune&_ts=5')
    expect(withTimestamp('/version.json', 5)).toBe('/version.json?_ts=5')
  })

  it('sends a state-changing request as JSON with the CSRF token from /api/csrf-token', async () => {
    const answer = await apiJson<{ echo: unknown }>('/api/watchlist', { method: 'POST', body: { tmdbId: 603 } })
    const request = last()
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers['csrf-token']).toBe(validToken)
    expect(answer.echo).toEqual({ tmdbId: 603 })
  })

  it('sends the CSRF token on a GET that spends a mailed token, and on no other GET', async () => {
    await apiJson('/api/auth/process-token?token=abc')
    expect(last().headers['csrf-token']).toBe(validToken)
    expect(last().url.searchParams.get('token')).toBe('abc')
    await apiJson('/api/watchlist')
    expect(last().headers['csrf-token']).toBeUndefined()
  })

  it('fetches a fresh token once when the server no longer knows the old one', async () => {
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    validToken = 'rotated-by-sign-in'
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    expect(
      received.map(
        (request) => `${request.method} ${request.url.pathname} ${String(request.headers['csrf-token'] ?? '')}`,
      ),
    ).toEqual([
      'GET /api/csrf-token ',
      `POST /api/watchlist token-${csrfIssued - 1}`,
      `POST /api/watchlist token-${csrfIssued - 1}`,
      'GET /api/csrf-token ',
      `POST /api/watchlist token-${csrfIssued}`,
    ])
  })

  it("sends an Idempotency-Key with every change: the caller's, or a fresh one per request", async () => {
    await apiJson('/api/watchlist', { method: 'POST', body: {}, idempotencyKey: 'add-dune-1' })
    expect(last().headers['idempotency-key']).toBe('add-dune-1')
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    const own = String(last().headers['idempotency-key'])
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    expect(own).toMatch(/^[0-9a-f-]{32,36}$/)
    expect(last().headers['idempotency-key']).not.toBe(own)
    await apiJson('/api/watchlist')
    expect(last().headers['idempotency-key']).toBeUndefined()
  })

  it('keeps the key of a change when it sends it again with a fresh CSRF token', async () => {
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    validToken = 'rotated-by-sign-in'
    await apiJson('/api/watchlist', { method: 'POST', body: {}, idempotencyKey: 'one-action' })
    const posts = received.filter((request) => request.method === 'POST').slice(-2)
    expect(posts.map((request) => request.headers['idempotency-key'])).toEqual(['one-action', 'one-action'])
  })

  it('sends each change as the member who made it, though another is signed in by the time it goes', async () => {
    setSignedInAs('ann-id')
    const annsChange = newIdempotencyKey()
    setSignedInAs('bob-id')
    await apiJson('/api/watchlist', { method: 'POST', body: {}, idempotencyKey: annsChange })
    expect(last().headers['signed-in-as']).toBe('ann-id')
    // Also through a fresh CSRF token (the session changed at sign-in): still hers.
    validToken = 'rotated-by-sign-in'
    await apiJson('/api/watchlist', { method: 'POST', body: {}, idempotencyKey: annsChange })
    expect(last().headers['signed-in-as']).toBe('ann-id')
    // A change made now, or restored after a reload (a key this page did not make), goes as Bob's.
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    expect(last().headers['signed-in-as']).toBe('bob-id')
    await apiJson('/api/watchlist', { method: 'POST', body: {}, idempotencyKey: 'restored-from-the-device' })
    expect(last().headers['signed-in-as']).toBe('bob-id')
    await apiJson('/api/watchlist')
    expect(last().headers['signed-in-as']).toBeUndefined()
    // Signed out: a change names no one, and the session alone decides.
    resetRequestClient()
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    expect(last().headers['signed-in-as']).toBeUndefined()
  })

  it('sends a change whose connection dropped once more, under the same key', async () => {
    let attempts = 0
    const realFetch = globalThis.fetch
    globalThis.fetch = (input, init) => {
      attempts += 1
      return attempts === 2 ? Promise.reject(new TypeError('Failed to fetch')) : realFetch(input, init)
    }
    try {
      // The first call fetches the CSRF token; the second (the change) drops; the third is the retry.
      const answer = await apiJson<{ ok: boolean }>('/api/watchlist', {
        method: 'POST',
        body: {},
        idempotencyKey: 'k7',
      })
      expect(answer.ok).toBe(true)
    } finally {
      globalThis.fetch = realFetch
    }
    expect(attempts).toBe(3)
    expect(last().headers['idempotency-key']).toBe('k7')
  })

  it('sends a change once while the device is offline, where a second try would fail the same way', async () => {
    await fetchCsrfToken()
    let attempts = 0
    const realFetch = globalThis.fetch
    globalThis.fetch = () => {
      attempts += 1
      return Promise.reject(new TypeError('Failed to fetch'))
    }
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      await expect(apiJson('/api/watchlist', { method: 'POST', body: {}, idempotencyKey: 'k8' })).rejects.toMatchObject(
        {
          status: 0,
        },
      )
    } finally {
      globalThis.fetch = realFetch
      onLine.mockRestore()
    }
    expect(attempts).toBe(1)
  })

  it('asks again, under the same key, after a change the server says it is still making', async () => {
    const answer = await apiJson<{ ok: boolean; tries: number }>('/api/busy', {
      method: 'POST',
      body: {},
      idempotencyKey: 'k9',
    })
    expect(answer).toEqual({ ok: true, tries: 3 })
    const sent = received.filter((request) => request.url.pathname === '/api/busy')
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual(['k9', 'k9', 'k9'])
  })

  it('leaves a change the server is still making after every try unanswered, not refused', async () => {
    await expect(
      apiJson('/api/busy?forever', { method: 'POST', body: {}, idempotencyKey: 'k10' }),
    ).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/still being handled/) as unknown })
    expect(received.filter((request) => request.url.pathname === '/api/busy')).toHaveLength(9)
    // An ordinary 409 is a refusal, said at once.
    await expect(apiJson('/api/conflict', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 409 })
    expect(received.filter((request) => request.url.pathname === '/api/conflict')).toHaveLength(1)
  })

  it('does not repeat a request refused for lack of permission', async () => {
    await expect(apiJson('/api/forbidden', { method: 'DELETE' })).rejects.toMatchObject({
      status: 403,
      message: 'Admins only',
    })
    expect(received.filter((request) => request.url.pathname === '/api/forbidden')).toHaveLength(1)
  })

  it('sends the highest position of its own changes as X-Min-Position on later queries', async () => {
    await apiJson('/api/watchlist')
    expect(last().headers['x-min-position']).toBeUndefined()
    await apiJson('/api/watchlist', { method: 'POST', body: {} })
    expect(last().headers['x-min-position']).toBeUndefined()
    await apiJson('/api/later', { method: 'PUT', body: {} })
    await apiJson('/api/watchlist')
    expect(last().headers['x-min-position']).toBe('41')
  })

  it('returns the raw response after the error check', async () => {
    const response = await apiRequest('/api/watchlist')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ items: [] })
  })
})

describe('the API error object (spec §8)', () => {
  const failure = (path: string) =>
    apiJson(path).then(
      () => undefined,
      (error: unknown) => error as ApiError,
    )

  it('takes the message, status, body and validationErrors of a JSON error', async () => {
    const error = await failure('/api/conflict')
    expect(error).toMatchObject({
      isApiError: true,
      message: 'Taken',
      status: 409,
      validationErrors: { username: 'taken' },
    })
    expect(error?.data).toEqual({ message: 'Taken', validationErrors: { username: 'taken' } })
  })

  it('falls back to the error field, then to the generic text', async () => {
    expect((await failure('/api/only-error'))?.message).toBe('Bad input')
    expect((await failure('/api/bare'))?.message).toBe(requestMessages.fallback)
  })

  it('uses the body text of a non-JSON error', async () => {
    expect(await failure('/api/text-error')).toMatchObject({ message: 'Token expired', status: 400 })
  })

  it('uses the title of an HTML error page, not its markup', async () => {
    expect(await failure('/api/too-large')).toMatchObject({ message: '413 Request Entity Too Large', status: 413 })
  })

  it('takes a proxy’s 502 page for no answer from the server: the server is out of reach', async () => {
    expect(await failure('/api/restarting')).toMatchObject({ message: requestMessages.network, status: 0 })
    expect(connection()).toBe('unreachable')
  })

  it('says the response is invalid when the body does not parse', async () => {
    expect((await failure('/api/broken'))?.message).toBe(requestMessages.invalidResponse)
  })

  it('says the network failed when nothing answers', async () => {
    const error = await apiJson('http://127.0.0.1:1/api/user').then(
      () => undefined,
      (caught: unknown) => caught as ApiError,
    )
    expect(error).toMatchObject({ message: requestMessages.network, status: 0 })
  })
})
