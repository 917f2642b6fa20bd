import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const webDist = mkdtempSync(join(tmpdir(), 'reelmates-web-'))
const indexHtml = `<!doctype html><html><head><title>Reelmates</title>${'<meta name="x" content="padding">'.repeat(40)}</head><body><div id="root"></div></body></html>`
const pageScripts = {
  '/sign_in': ['/assets/sign_in-a1.js', '/assets/AuthLayout-b2.js'],
  '/profile/$username': ['/assets/profile._username-c3.js'],
  '/profile': ['/assets/profile-d4.js'],
  '/media/$mediaType/$id': ['/assets/media-e5.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js'],
}
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
const head = (html: string) => html.slice(0, html.indexOf('</head>'))

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), indexHtml)
  writeFileSync(join(webDist, 'pages.json'), JSON.stringify(['/', ...Object.keys(pageScripts)]))
  writeFileSync(join(webDist, 'page-scripts.json'), JSON.stringify(pageScripts))
  t = await createTestApp({ env: { WEB_DIST: webDist } })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

describe("each page's HTML names the scripts it needs beyond the entry (issue 15.2)", () => {
  it('preloads the sign-in page’s own scripts in the head', async () => {
    const answer = await t.app.inject({ url: '/sign_in?returnTo=%2Fhome' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(preloads(head(answer.body))).toEqual(['/assets/sign_in-a1.js', '/assets/AuthLayout-b2.js'])
    expect(answer.body).toContain('<div id="root"></div>')
  })

  it('takes a fixed address before one with parameters, and fills parameters in', async () => {
    expect(preloads((await t.app.inject({ url: '/profile' })).body)).toEqual(['/assets/profile-d4.js'])
    expect(preloads((await t.app.inject({ url: '/profile/ann' })).body)).toEqual(['/assets/profile._username-c3.js'])
  })

  it('writes only our own built files into the HTML', async () => {
    const answer = await t.app.inject({ url: '/media/movie/42' })
    expect(preloads(answer.body)).toEqual(['/assets/media-e5.js'])
    expect(answer.body).not.toContain('alert(1)')
    expect(answer.body).not.toContain('elsewhere.example')
  })

  it('sends a page without scripts of its own, and a 404 page, as the built HTML', async () => {
    expect((await t.app.inject({ url: '/' })).body).toBe(indexHtml)
    const missing = await t.app.inject({ url: '/no-such-page' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toBe(indexHtml)
  })

  it('compresses the page for a browser that accepts it', async () => {
    const answer = await t.app.inject({ url: '/sign_in', headers: { 'accept-encoding': 'gzip' } })
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(preloads(gunzipSync(answer.rawPayload).toString('utf8'))).toHaveLength(2)
    const brotli = await t.app.inject({ url: '/sign_in', headers: { 'accept-encoding': 'gzip, br' } })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toContain('sign_in-a1.js')
    const plain = await t.app.inject({ url: '/sign_in', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('sends the HTML as built when the build wrote no list (an older build)', async () => {
    unlinkSync(join(webDist, 'page-scripts.json'))
    try {
      expect((await t.app.inject({ url: '/sign_in' })).body).toBe(indexHtml)
    } finally {
      writeFileSync(join(webDist, 'page-scripts.json'), JSON.stringify(pageScripts))
    }
  })
})
