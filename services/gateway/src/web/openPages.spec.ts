import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
const webDist = mkdtempSync(join(tmpdir(), 'reelmates-web-'))
beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(
    join(webDist, 'pages.json'),
    JSON.stringify(['/', '/home', '/news/', '/news/$slug', '/media/$mediaType/$id', '/provider/$providerId']),
  )
  t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://reelmates.example' } })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

describe('page addresses, robots.txt and sitemap.xml (issue 15.6)', () => {
  it.each(['/', '/home', '/news', '/news/', '/home?invite=true'])(
    'answers the app with 200 at the page %s',
    async (url) => {
      const answer = await t.app.inject({ url })
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('<div id="root">')
    },
  )

  it('answers a title page with 200 for a title the catalog has, and 404 for one it has not', async () => {
    const [film] = (await t.platform.catalog.trendingMovies()).results
    const [series] = (await t.platform.catalog.trendingTv()).results
    for (const title of [film, series]) {
      const answer = await t.app.inject({ url: `/media/${title?.media_type}/${title?.id}` })
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain('<div id="root">')
    }
    for (const url of ['/media/movie/123456', '/media/tv/42', '/media/movie/abc', '/media/book/1']) {
      const answer = await t.app.inject({ url })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.body, url).toContain('<div id="root">')
    }
  })

  it('answers a provider page with 200 for one of the five services, and 404 for any other id', async () => {
    for (const url of ['/provider/8', '/provider/15', '/provider/337/']) {
      const answer = await t.app.inject({ url })
      expect(answer.statusCode, url).toBe(200)
      expect(answer.body, url).toContain('<div id="root">')
    }
    for (const url of ['/provider/1', '/provider/abc', '/provider/-8', '/provider/8.0']) {
      const answer = await t.app.inject({ url })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.body, url).toContain('<div id="root">')
    }
  })

  it.each(['/nope', '/home/extra', '/media/movie', '/news/a/b'])(
    'answers the app with 404 at %s, which is no page',
    async (url) => {
      const answer = await t.app.inject({ url })
      expect(answer.statusCode).toBe(404)
      expect(answer.headers['content-type']).toMatch(/text\/html/)
      expect(answer.body).toContain('<div id="root">')
    },
  )

  it('serves a robots.txt that keeps crawlers off the API and names the sitemap', async () => {
    const answer = await t.app.inject({ url: '/robots.txt' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/plain/)
    expect(answer.body).toContain('Disallow: /api/')
    expect(answer.body).toContain('Sitemap: https://reelmates.example/sitemap.xml')
  })

  it('serves a sitemap of the open pages', async () => {
    const answer = await t.app.inject({ url: '/sitemap.xml' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/xml/)
    expect(answer.body).toContain('<loc>https://reelmates.example/about</loc>')
    expect(answer.body).not.toContain('/home<')
  })
})
