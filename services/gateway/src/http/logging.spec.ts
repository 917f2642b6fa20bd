import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { redactUrl } from './logging'

describe('logs', () => {
  let test: TestApp
  let written = ''

  beforeAll(async () => {
    const destination = new PassThrough()
    destination.on('data', (chunk: Buffer) => (written += chunk.toString()))
    test = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logDestination: destination })
  })
  afterAll(() => test.close())

  it('never contain passwords, tokens or cookies', async () => {
    const client = agent(test.app)
    const registered = await client.post('/api/register', {
      username: 'loggeduser',
      email: 'logged@example.com',
      password: 'hunter2-secret-password',
    })
    expect(registered.statusCode).toBeLessThan(300)
    await client.post('/api/login', { username: 'loggeduser', password: 'hunter2-secret-password' })
    await client.get('/api/auth/magic-link?token=tok-very-secret-123&redirect=/home')
    await client.get('/api/auth/process-token?token=another-secret-456')
    await client.get('/api/user')
    // The reset mail's link is a page path, served by the SPA fallback and logged like any request.
    await client.get('/reset-password/reset-secret-789')

    expect(written).toContain('"url":"/api/auth/magic-link?token=[redacted]&redirect=/home"')
    expect(written).not.toContain('hunter2-secret-password')
    expect(written).not.toContain('tok-very-secret-123')
    expect(written).not.toContain('another-secret-456')
    expect(written).not.toContain('reset-secret-789')
    for (const value of client.cookies.values()) expect(written).not.toContain(value)
    expect(written).not.toContain('logged@example.com')
  })

  it('hold one line per answered request: request id, method, URL, status and time taken', async () => {
    const before = written.length
    const answer = await test.app.inject({ method: 'GET', url: '/api/health?probe=1' })
    expect(answer.statusCode).toBe(200)
    const lines = written
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('/api/health?probe=1'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 30, method: 'GET', url: '/api/health?probe=1', statusCode: 200 })
    expect(lines[0]!.reqId).toEqual(expect.any(String))
    expect(lines[0]!.responseTime).toEqual(expect.any(Number))
  })

  it('redact secret query parameters wherever they appear', () => {
    expect(redactUrl('/api/friendships/accept-with-token?token=abc&x=1')).toBe(
      '/api/friendships/accept-with-token?token=[redacted]&x=1',
    )
    expect(redactUrl('/a?x=1&invitationToken=zzz')).toBe('/a?x=1&invitationToken=[redacted]')
    expect(redactUrl('/api/tmdb/search?query=token')).toBe('/api/tmdb/search?query=token')
    expect(redactUrl('/reset-password/abc123?x=1')).toBe('/reset-password/[redacted]?x=1')
    expect(redactUrl('/news/reset-password/abc')).toBe('/news/reset-password/abc')
  })
})
