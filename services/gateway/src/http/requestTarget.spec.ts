import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, injectRawTarget, type TestApp } from '../testing/testApp'
import { normaliseRequestTarget } from './requestTarget'
import type { IncomingMessage } from 'node:http'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const origin = 'http://127.0.0.1:3000'
const json = { 'content-type': 'application/json' }

function cookieOf(answer: { cookies: { name: string; value: string }[] }): string {
  // The last value of each cookie, and none that is being cleared (regeneration clears the old one first).
  const live = new Map(answer.cookies.map((cookie) => [cookie.name, cookie.value]))
  return [...live]
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
}

describe('a request target in absolute form', () => {
  it('is refused without the CSRF token, before any account is made', async () => {
    const answer = await injectRawTarget(t.app, `${origin}/api/register`, {
      method: 'POST',
      headers: json,
      payload: JSON.stringify({ username: 'absolute', email: 'absolute@example.com', password: 'correct-horse' }),
    })
    expect(answer.statusCode).toBe(403)
    expect(answer.json<{ message: string }>().message).toMatch(/CSRF/)
    const available = await agent(t.app).get('/api/validate-username?username=absolute')
    expect(available.json()).toEqual({ available: true })
  })

  it('registers, signs out and signs in like its origin form, with the session on the /api path', async () => {
    const csrf = await t.app.inject({ url: '/api/csrf-token' })
    const headers = { ...json, cookie: cookieOf(csrf), 'csrf-token': csrf.json<{ csrfToken: string }>().csrfToken }
    const body = { username: 'absolute2', email: 'absolute2@example.com', password: 'correct-horse' }
    const registered = await injectRawTarget(t.app, `${origin}/api/register`, {
      method: 'POST',
      headers,
      payload: JSON.stringify(body),
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const signedIn = { ...headers, cookie: cookieOf(registered) }
    const user = await injectRawTarget(t.app, `${origin}/api/user?x=1`, { headers: { cookie: signedIn.cookie } })
    expect(user.json()).toMatchObject({ username: 'absolute2' })

    const signedOut = await injectRawTarget(t.app, `${origin}/api/logout`, {
      method: 'POST',
      headers: signedIn,
      payload: '{}',
    })
    expect(signedOut.statusCode, signedOut.body).toBeLessThan(300)

    const again = await t.app.inject({ url: '/api/csrf-token' })
    const login = await injectRawTarget(t.app, `HTTP://LOCALHOST/api/login`, {
      method: 'POST',
      headers: { ...json, cookie: cookieOf(again), 'csrf-token': again.json<{ csrfToken: string }>().csrfToken },
      payload: JSON.stringify({ username: body.username, password: body.password }),
    })
    expect(login.statusCode, login.body).toBe(200)
  })

  it.each(['*', '//api/register', 'api/register', 'http://', 'http://[bad/api/register'])(
    'answers %s, which is no path, with a JSON 4xx',
    async (target) => {
      const answer = await injectRawTarget(t.app, target, { method: 'POST', headers: json, payload: '{}' })
      expect([400, 404]).toContain(answer.statusCode)
      expect(typeof answer.json<{ message: unknown }>().message).toBe('string')
    },
  )
})

describe('normaliseRequestTarget', () => {
  const target = (url: string) => normaliseRequestTarget(Object.assign(Object.create(null) as IncomingMessage, { url }))
  it('keeps origin-form targets as they are and reduces absolute-form ones to path and query', () => {
    expect(target('/api/user?x=1')).toBe('/api/user?x=1')
    expect(target('https://example.com:8443/api/user?x=1#frag')).toBe('/api/user?x=1')
    expect(target('http://example.com')).toBe('/')
    expect(target('*')).toBe('*')
  })
})
