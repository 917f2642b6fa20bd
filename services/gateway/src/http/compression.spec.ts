import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const webDist = mkdtempSync(join(tmpdir(), 'reelmates-web-'))
const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
beforeAll(async () => {
  mkdirSync(join(webDist, 'assets'))
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>')
  writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), script)
  writeFileSync(join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(script))
  writeFileSync(join(webDist, 'assets', 'app-1a2b.js.gz'), gzipSync(script))
  t = await createTestApp({ env: { WEB_DIST: webDist } })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

describe('compressed delivery (issue 15.2)', () => {
  it('sends the brotli or gzip file the build wrote, cached for a year as immutable', async () => {
    for (const [encoding, file] of [
      ['br', 'app-1a2b.js.br'],
      ['gzip', 'app-1a2b.js.gz'],
    ] as const) {
      const answer = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': encoding } })
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(answer.headers['content-type']).toMatch(/javascript/)
      expect(answer.rawPayload.equals(readFileSync(join(webDist, 'assets', file)))).toBe(true)
    }
    const plain = await t.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('compresses API JSON over 1 KiB on the fly, and leaves small answers alone', async () => {
    const big = await t.app.inject({ url: '/api/tmdb/trending/movies', headers: { 'accept-encoding': 'gzip' } })
    expect(big.statusCode).toBe(200)
    expect(big.headers['content-encoding']).toBe('gzip')
    expect(big.headers.vary).toMatch(/accept-encoding/i)
    const json = JSON.parse(gunzipSync(big.rawPayload).toString('utf8')) as { results: unknown[] }
    expect(json.results.length).toBeGreaterThan(0)

    const small = await t.app.inject({ url: '/api/csrf-token', headers: { 'accept-encoding': 'gzip, br' } })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('sends the app page compressed for any page address', async () => {
    const answer = await t.app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.headers['content-type']).toMatch(/text\/html/)
  })
})
