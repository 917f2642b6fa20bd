import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import {
  apiOperations,
  describeOperation,
  documents,
  stateChanging,
  urlOf,
  type Operation,
} from '../testing/apiOperations'
import { isActingRead } from '@reelmates/contracts/actingReads'
import { signedInAgent } from '../testing/signedIn'
import { agent, createTestApp } from '../testing/testApp'

/**
 * Tables of every documented /api route (read from the app's OpenAPI document, so a route added on
 * any branch is in them): CSRF on every state-changing route and GET that acts, sign-in on every route that is not open
 * to visitors, the Admin role on everything under /api/admin/.
 */

/**
 * What a signed-out visitor may use (spec §7): the session plumbing, sign-in, sign-up, recovery and
 * the catalog. Every other route needs a signed-in user; a new open route is added here on purpose.
 */
const openToVisitors: (string | RegExp)[] = [
  'GET /api/health',
  'GET /api/csrf-token',
  'GET /api/session',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/validate-username',
  'POST /api/register',
  'POST /api/update-email-preferences',
  'POST /api/forgot-password',
  'POST /api/forgot-username',
  'POST /api/reset-password',
  'POST /api/reset-password/check',
  'POST /api/auth/magic-link/request',
  'GET /api/auth/magic-link',
  'GET /api/auth/process-token',
  /^GET \/api\/tmdb\//,
  // The news (issue 14.7): published posts and their categories are open to everyone.
  /^GET \/api\/blog\//,
  // An email's unsubscribe link (RFC 8058 one-click): its signed token is the credential.
  'POST /api/unsubscribe',
  // The same address opened in a browser: it only redirects to the /unsubscribed page.
  'GET /api/unsubscribe',
  // Who sent an invitation link, for its sign-up page to name them: the link's token is the credential.
  'GET /api/invitations/link',
  // What a recommendation mail's sign-up link recommends, for its banner: the token is the credential.
  'GET /api/recommendations/link',
]

/**
 * State-changing routes a mail client calls with no page and no session (RFC 8058 one-click
 * unsubscribe): the signed single-purpose token in the URL is the credential, so a forged cross-site
 * request cannot do anything its sender could not do with the token alone.
 */
const carriesOwnCredential = ['POST /api/unsubscribe']

const isOpen = (operation: Operation) =>
  openToVisitors.some((rule) =>
    typeof rule === 'string' ? rule === describeOperation(operation) : rule.test(describeOperation(operation)),
  )
const isAdmin = (operation: Operation) => operation.path.startsWith('/api/admin/')

const t = await createTestApp()
afterAll(() => t.close())
const operations = apiOperations(t.app)
const { client: user } = await signedInAgent(t.app, 'tablesuser')

function expectRefusal(operation: Operation, answer: LightMyRequestResponse, status: number, message?: RegExp) {
  expect(answer.statusCode, answer.body).toBe(status)
  // …and the API document says so, for clients written from it.
  expect(documents(operation, status), `${describeOperation(operation)} documents ${status}`).toBe(true)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  const body = answer.json<{ message?: unknown }>()
  expect(typeof body.message).toBe('string')
  if (message) expect(body.message).toMatch(message)
}

const table = (filter: (operation: Operation) => boolean) =>
  operations.filter(filter).map((operation) => [describeOperation(operation), operation] as const)

describe('the route tables', () => {
  it('come from the registered routes', () => {
    const names = operations.map(describeOperation)
    expect(names).toEqual(
      expect.arrayContaining(['POST /api/watchlist', 'PUT /api/user/profile', 'GET /api/admin/outbox']),
    )
    // Every open rule still names a route, so the list cannot silently open more than it says.
    for (const rule of openToVisitors) {
      expect(
        names.some((name) => (typeof rule === 'string' ? rule === name : rule.test(name))),
        String(rule),
      ).toBe(true)
    }
  })
})

describe('every state-changing route, and every GET that acts, refuses a request without a valid CSRF token', () => {
  it.each(
    table(
      (operation) =>
        (stateChanging(operation) || isActingRead(operation.path)) &&
        !carriesOwnCredential.includes(describeOperation(operation)),
    ),
  )('%s', async (_name, operation) => {
    const url = urlOf(operation)
    expectRefusal(operation, await agent(t.app).request(operation.method, url, { csrf: false, body: {} }), 403, /CSRF/i)
    expectRefusal(operation, await user.request(operation.method, url, { csrf: false, body: {} }), 403, /CSRF/i)
    const forged = { csrf: false, body: {}, headers: { 'csrf-token': 'forged-token' } }
    expectRefusal(operation, await user.request(operation.method, url, forged), 403, /CSRF/i)
  })

  it.each(table((operation) => carriesOwnCredential.includes(describeOperation(operation))))(
    '%s refuses a request without its own credential instead',
    async (_name, operation) => {
      expectRefusal(operation, await agent(t.app).request(operation.method, operation.path, { csrf: false }), 400)
    },
  )
})

describe('every route that is not open to visitors answers 401 to a signed-out visitor', () => {
  it.each(table((operation) => !isOpen(operation)))('%s', async (_name, operation) => {
    // With the CSRF token and an empty body: sign-in is checked before the body is validated.
    expectRefusal(operation, await agent(t.app).request(operation.method, urlOf(operation), { body: {} }), 401)
  })
})

describe('every admin route answers 403 to a signed-in user who is not an admin', () => {
  it.each(table(isAdmin))('%s', async (_name, operation) => {
    expectRefusal(operation, await user.request(operation.method, urlOf(operation), { body: {} }), 403)
  })
})
