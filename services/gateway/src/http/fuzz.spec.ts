import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { apiOperations, describeOperation, documents, type Operation } from '../testing/apiOperations'
import { malformedRequests, type MalformedRequest } from '../testing/malformedRequests'
import { signedInAgent } from '../testing/signedIn'
import { agent, createTestApp, injectRawTarget } from '../testing/testApp'

/**
 * Issue 16 §5: every documented route and method gets at least 30 malformed requests, signed out and
 * signed in, each with a valid CSRF token so it gets past the guard to the parsers, validators and
 * handlers. None may answer 5xx, every 4xx is JSON with a message, and the server works after.
 */
const t = await createTestApp()
afterAll(() => t.close())
const operations = apiOperations(t.app)

interface Caller {
  name: string
  headers: () => Promise<Record<string, string>>
}

/** A session's cookie and CSRF token; signed in again whenever a fuzzed request ended the session. */
function caller(name: string, signIn: boolean): Caller {
  let headers: Record<string, string> | undefined
  let accounts = 0
  const open = async () => {
    // A new account each time: a fuzzed sign-out or account deletion may have ended the last one.
    const client = signIn ? (await signedInAgent(t.app, `fuzz${name}${accounts++}`)).client : agent(t.app)
    const token = (await client.get('/api/csrf-token')).json<{ csrfToken: string }>().csrfToken
    const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ')
    return { cookie, 'csrf-token': token }
  }
  return {
    name,
    async headers() {
      headers ??= await open()
      if (
        signIn &&
        (await t.app.inject({ url: '/api/user', headers: { cookie: headers.cookie } })).statusCode !== 200
      ) {
        headers = await open()
      }
      return headers
    },
  }
}

const visitor = caller('visitor', false)
const member = caller('member', true)

function problemWith(
  answer: LightMyRequestResponse,
  operation: Operation,
  request: MalformedRequest,
): string | undefined {
  if (answer.statusCode >= 500) return `answered ${answer.statusCode}`
  // The OpenAPI document is the contract clients are written from: a refusal it does not list is one
  // they cannot expect.
  if (!request.addressesNoRoute && !documents(operation, answer.statusCode))
    return `answered ${answer.statusCode}, which the document does not list`
  if (answer.statusCode < 400) return undefined
  const type = String(answer.headers['content-type'])
  if (!type.startsWith('application/json')) return `answered ${answer.statusCode} as ${type}`
  const body = answer.json<{ message?: unknown }>()
  if (typeof body.message !== 'string' || body.message.trim() === '')
    return `answered ${answer.statusCode} without a message`
  return undefined
}

async function send(request: MalformedRequest, session: Record<string, string>): Promise<LightMyRequestResponse> {
  return injectRawTarget(t.app, request.target, {
    method: request.method,
    headers: { ...session, ...request.headers },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  })
}

describe('malformed requests to every route', () => {
  it('cover every documented route with at least 30 requests each', () => {
    expect(operations.length).toBeGreaterThan(30)
    for (const operation of operations) expect(malformedRequests(operation).length).toBeGreaterThanOrEqual(30)
  })

  it.each(operations.map((operation) => [describeOperation(operation), operation] as const))(
    '%s answers each with a documented 4xx JSON message, or success, never a 5xx',
    async (_name, operation) => {
      const problems: string[] = []
      const requests = malformedRequests(operation)
      for (const who of [visitor, member]) {
        const session = await who.headers()
        // A few at a time: password checks run on libuv's threads, so sign-in routes finish sooner.
        for (let start = 0; start < requests.length; start += 8) {
          await Promise.all(
            requests.slice(start, start + 8).map(async (request) => {
              const problem = problemWith(await send(request, session), operation, request)
              if (problem) problems.push(`${who.name}, ${request.name}: ${problem}`)
            }),
          )
        }
      }
      expect(problems).toEqual([])
    },
    120_000,
  )

  it('leave the server healthy: it answers, signs in and takes a write', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    const { client } = await signedInAgent(t.app, 'afterfuzz')
    expect((await client.put('/api/user/profile', { bio: 'still here' })).statusCode).toBe(200)
    expect((await client.get('/api/user')).json()).toMatchObject({ username: 'afterfuzz', bio: 'still here' })
  })
})
