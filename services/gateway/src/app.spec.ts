import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from './testing/testApp'

describe('the gateway', () => {
  let test: TestApp
  const web = mkdtempSync(join(tmpdir(), 'reelmates-web-'))
  beforeAll(async () => {
    mkdirSync(join(web, 'assets'))
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Reelmates</title>')
    writeFileSync(join(web, 'assets', 'app-1234.js'), 'console.log(1)')
    writeFileSync(join(web, 'service-worker.js'), 'self.addEventListener("fetch", () => {})')
    test = await createTestApp({ env: { WEB_DIST: web } })
  })
  afterAll(async () => {
    await test.close()
    rmSync(web, { recursive: true, force: true })
  })

  it('answers its health with how far the read models are', async () => {
    const answer = await test.app.inject('/api/health')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ status: 'ok', column: 'embedded', headPosition: '0' })
    expect(answer.json<{ projections: { name: string }[] }>().projections.map((p) => p.name)).toContain('users')
  })

  it('publishes its OpenAPI document at /api/docs', async () => {
    const document = (await test.app.inject('/api/docs/json')).json<{
      openapi: string
      paths: Record<string, unknown>
    }>()
    expect(document.openapi).toMatch(/^3\./)
    for (const path of [
      '/api/login',
      '/api/register',
      '/api/user',
      '/api/watchlist',
      '/api/tmdb/search',
      '/api/csrf-token',
    ]) {
      expect(Object.keys(document.paths)).toContain(path)
    }
    expect((await test.app.inject('/api/docs')).statusCode).toBeLessThan(400)
  })

  it('keeps the session in an httpOnly, SameSite=Lax cookie and gives it a new id at sign-in', async () => {
    const client = agent(test.app)
    const token = await client.get('/api/csrf-token')
    const before = token.cookies.find((cookie) => cookie.name === 'reelmates.sid')
    // Only API calls carry it: page and asset requests never touch the session.
    expect(before).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })
    expect(before?.secure).toBeFalsy()
    const registered = await client.post('/api/register', {
      username: 'cookiejar',
      email: 'jar@example.com',
      password: 'secret-123',
    })
    const after = registered.cookies.find((cookie) => cookie.name === 'reelmates.sid')
    expect(after?.value).toBeDefined()
    expect(after?.value).not.toBe(before?.value)
    // The token fetched before sign-in still works after it.
    expect((await client.put('/api/user/profile', { bio: 'still me' })).statusCode).toBe(200)
  })

  it('marks the cookie Secure in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: 'true' } })
    try {
      const answer = await production.app.inject({ url: '/api/csrf-token', headers: { 'x-forwarded-proto': 'https' } })
      expect(answer.cookies.find((cookie) => cookie.name === 'reelmates.sid')).toMatchObject({
        secure: true,
        httpOnly: true,
      })
    } finally {
      await production.close()
    }
  })

  it('refuses a state-changing request without a valid CSRF token', async () => {
    const client = agent(test.app)
    const without = await client.post('/api/login', { username: 'someone', password: 'secret-123' }, { csrf: false })
    expect(without.statusCode).toBe(403)
    expect(without.json<{ message: string }>().message).toMatch(/CSRF/)
    const forged = await client.post(
      '/api/login',
      { username: 'someone', password: 'secret-123' },
      {
        csrf: false,
        headers: { 'csrf-token': 'forged-token' },
      },
    )
    expect(forged.statusCode).toBe(403)
  })

  it('answers malformed input with a 4xx and a message, never a 5xx', async () => {
    const client = agent(test.app)
    await client.get('/api/csrf-token')
    const cases = [
      { payload: '{"username": ', headers: { 'content-type': 'application/json' } },
      { payload: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: JSON.stringify([1, 2]), headers: { 'content-type': 'application/json' } },
      { payload: 'x'.repeat(2 * 1024 * 1024), headers: { 'content-type': 'application/json' } },
    ]
    for (const { payload, headers } of cases) {
      const answer = await client.request('POST', '/api/login', { body: payload, headers })
      expect(answer.statusCode, payload.slice(0, 20)).toBeGreaterThanOrEqual(400)
      expect(answer.statusCode).toBeLessThan(500)
      expect(typeof answer.json<{ message: unknown }>().message).toBe('string')
    }
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const answer = await test.app.inject('/api/nothing-here')
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toMatchObject({ message: 'No such endpoint: GET /api/nothing-here' })
  })

  it('refuses a malformed X-Min-Position', async () => {
    const answer = await test.app.inject({ url: '/api/health', headers: { 'x-min-position': 'soon' } })
    expect(answer.statusCode).toBe(400)
  })

  it('serves the web app, with the shell for every client route', async () => {
    const [film] = (await test.platform.catalog.trendingMovies()).results
    for (const path of ['/', '/sign_in', `/media/movie/${film?.id}`, '/no/such/page']) {
      const answer = await test.app.inject(path)
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('<title>Reelmates</title>')
      expect(answer.headers['cache-control']).toBe('no-cache')
    }
    const asset = await test.app.inject('/assets/app-1234.js')
    expect(asset.headers['cache-control']).toContain('immutable')
    const worker = await test.app.inject('/service-worker.js')
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['cache-control']).toBe('no-cache')
  })

  it('serves the files of a build made while it runs, and a 404 for a file that is not there', async () => {
    writeFileSync(join(web, 'assets', 'app-5678.js'), 'console.log(2)')
    const asset = await test.app.inject('/assets/app-5678.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(2)')
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.headers['content-type']).toMatch(/javascript/)
    for (const path of ['/assets/no-such-file.js', '/assets/..%2Findex.html', '/assets/%2e%2e%2findex.html']) {
      const answer = await test.app.inject(path)
      expect(answer.statusCode, path).toBe(404)
      expect(answer.body, path).not.toContain('console.log')
      expect(answer.body, path).not.toContain('<title>')
    }
  })

  it('serves the images under /logos/ and /icons/ as those under /assets/, and a plain 404 for one that is not there', async () => {
    mkdirSync(join(web, 'logos', 'png'), { recursive: true })
    mkdirSync(join(web, 'icons'), { recursive: true })
    writeFileSync(join(web, 'logos', 'png', 'hulu.png'), 'hulu')
    writeFileSync(join(web, 'icons', 'icon-192.png'), 'icon')
    expect((await test.app.inject('/logos/png/hulu.png')).body).toBe('hulu')
    expect((await test.app.inject('/icons/icon-192.png')).body).toBe('icon')
    for (const path of ['/logos/png/nope.png', '/icons/nope.png', '/logos/png/..%2F..%2Findex.html', '/icons/']) {
      const answer = await test.app.inject(path)
      expect(answer.statusCode, path).toBe(404)
      expect(answer.headers['content-type'], path).toMatch(/^text\/plain/)
      expect(answer.body, path).not.toContain('<title>')
    }
  })
})
