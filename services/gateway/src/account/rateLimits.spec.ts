import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import type { FastifyInstance } from 'fastify'

const max = 3
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(max), AUTH_RATE_LIMIT_WINDOW_MS: '60000' } })
})
afterAll(() => t.close())

const bodies: Record<string, unknown> = {
  '/api/login': { username: 'someone', password: 'wrong-password' },
  '/api/register': { username: 'x', email: 'bad', password: '1' },
  '/api/forgot-password': { email: 'someone@example.com' },
  '/api/forgot-username': { email: 'someone@example.com' },
  '/api/reset-password': { token: 'x', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
  '/api/reset-password/check': { token: 'x' },
  '/api/auth/magic-link/request': { email: 'someone@example.com' },
}

describe('rate limits on sign-in, sign-up and recovery', () => {
  for (const [url, body] of Object.entries(bodies)) {
    it(`answers a burst on ${url} with 429 and a message`, async () => {
      const client = agent(t.app)
      const statuses: number[] = []
      for (let n = 0; n < max; n++) statuses.push((await client.post(url, body)).statusCode)
      expect(statuses).not.toContain(429)
      const limited = await client.post(url, body)
      expect(limited.statusCode).toBe(429)
      expect(limited.body).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./)
    })
  }

  it('limits the magic link itself', async () => {
    const client = agent(t.app)
    for (let n = 0; n < max; n++) await client.get('/api/auth/magic-link?token=nonsense')
    const limited = await client.get('/api/auth/magic-link?token=nonsense')
    expect(limited.statusCode).toBe(429)
    expect(limited.json<{ message: string }>().message).toMatch(/^Too many attempts/)
  })

  it('does not limit reading the current user', async () => {
    const client = agent(t.app)
    for (let n = 0; n < max * 3; n++) expect((await client.get('/api/user')).statusCode).toBe(401)
  })
})

describe('the client address behind the rate limit', () => {
  const login = (app: FastifyInstance, forwardedFor: string) =>
    agent(app).post(
      '/api/login',
      { username: 'someone', password: 'wrong-password' },
      {
        headers: { 'x-forwarded-for': forwardedFor },
      },
    )

  it('is the connection, not a forged X-Forwarded-For, unless TRUST_PROXY is set', async () => {
    const direct = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(max) } })
    try {
      const statuses: number[] = []
      for (let n = 0; n <= max; n++) statuses.push((await login(direct.app, `203.0.113.${n + 10}`)).statusCode)
      expect(statuses.slice(0, max)).not.toContain(429)
      expect(statuses[max]).toBe(429)
    } finally {
      await direct.close()
    }
  })

  it('is the forwarded one behind a trusted proxy, so two visitors behind it are counted apart', async () => {
    const proxied = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(max), TRUST_PROXY: 'true' } })
    try {
      for (let n = 0; n < max; n++) expect((await login(proxied.app, '198.51.100.1')).statusCode).not.toBe(429)
      expect((await login(proxied.app, '198.51.100.1')).statusCode).toBe(429)
      expect((await login(proxied.app, '198.51.100.2')).statusCode).not.toBe(429)
    } finally {
      await proxied.close()
    }
  })
})
