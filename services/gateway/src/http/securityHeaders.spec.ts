import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const webDist = mkdtempSync(join(tmpdir(), 'reelmates-web-'))
beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>')
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)')
  t = await createTestApp({ env: { WEB_DIST: webDist, AUTH_RATE_LIMIT_MAX: '1' } })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

function directives(answer: LightMyRequestResponse): Map<string, string> {
  const header = answer.headers['content-security-policy'] ?? ''
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/)
        return [name, values.join(' ')] as const
      }),
  )
}

function expectSecurityHeaders(answer: LightMyRequestResponse) {
  const csp = directives(answer)
  expect(csp.get('script-src')).toBe("'self'")
  expect(csp.get('default-src')).toBe("'self'")
  expect(csp.get('frame-ancestors')).toBe("'none'")
  expect(csp.get('object-src')).toBe("'none'")
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['x-frame-options']).toBe('DENY')
  expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  // Plain http in tests: no HSTS, and no upgrade of same-origin requests to a port without TLS.
  expect(answer.headers['strict-transport-security']).toBeUndefined()
  expect(csp.has('upgrade-insecure-requests')).toBe(false)
}

describe('security headers', () => {
  it.each([
    ['the app shell', '/home', 200, /text\/html/],
    ['a built asset', '/assets/app.js', 200, /javascript/],
    ['an API answer', '/api/health', 200, /json/],
    ['the API docs', '/api/docs/json', 200, /json/],
    ['an unknown endpoint', '/api/no-such-thing', 404, /json/],
    ['a refusal', '/api/user', 401, /json/],
  ])('are on %s', async (_what, url, status, type) => {
    const answer = await t.app.inject({ url })
    expect(answer.statusCode).toBe(status)
    expect(answer.headers['content-type']).toMatch(type)
    expectSecurityHeaders(answer)
  })

  it('are on validation errors, CSRF refusals and rate-limit answers', async () => {
    const client = agent(t.app)
    expectSecurityHeaders(await client.post('/api/login', { username: 'x' }, { csrf: false }))
    const invalid = await client.post('/api/login', { username: 'x' })
    expect(invalid.statusCode).toBe(400)
    expectSecurityHeaders(invalid)
    const limited = await client.post('/api/login', { username: 'x' })
    expect(limited.statusCode).toBe(429)
    expectSecurityHeaders(limited)
  })

  it('leave the web app working: its shell has no inline script', () => {
    // vite turns this file into web/dist/index.html, adding only <script src> and <link> tags
    // (vite-plugin-pwa's injectRegister is off: the bundle registers the service worker).
    const shell = readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'web', 'index.html'), 'utf8')
    expect(shell).toMatch(/<script[^>]*\bsrc=/)
    expect(shell).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(shell).not.toMatch(/\son[a-z]+=/i)
  })
})
