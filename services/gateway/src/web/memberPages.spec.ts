import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAdmin, password, register } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'
import { memberPageExists } from './memberPages'

let t: TestApp
const webDist = mkdtempSync(join(tmpdir(), 'reelmates-web-'))
const indexHtml = '<!doctype html><html><head><title>Reelmates</title></head><body><div id="root"></div></body></html>'

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), indexHtml)
  writeFileSync(join(webDist, 'pages.json'), JSON.stringify(['/', '/profile/$username', '/news/category/$slug']))
  t = await createTestApp({ env: { WEB_DIST: webDist } })
})
afterAll(async () => {
  await t.close()
  rmSync(webDist, { recursive: true, force: true })
})

const status = async (url: string) => (await t.app.inject({ url })).statusCode

describe('whether a profile page names a member, when the read store cannot say', () => {
  it('is taken as so when the look-up fails or is slow: the page is neither held up nor called missing', async () => {
    const failing = memberPageExists({ byUsername: () => Promise.reject(new Error('store down')) })
    expect(await failing('/profile/ann')).toBe(true)
    const slow = memberPageExists({ byUsername: () => new Promise(() => undefined) }, 20)
    const started = performance.now()
    expect(await slow('/profile/ann')).toBe(true)
    expect(performance.now() - started).toBeLessThan(1_000)
    const none = memberPageExists({ byUsername: () => Promise.resolve(null) })
    expect(await none('/profile/ann')).toBe(false)
    expect(await none('/home')).toBe(true)
  })
})

describe('a page that names a member or a news category answers 404 when there is none (issue 15.6)', () => {
  it("answers a member's profile page, in any case and spelling the router reads, and 404 for nobody", async () => {
    await register(t.app, 'Zoe.Page')
    expect(await status('/profile/Zoe.Page')).toBe(200)
    expect(await status('/profile/zoe%2EPAGE/')).toBe(200)
    const page = await t.app.inject({ url: '/profile/nobody_at_all' })
    expect(page.statusCode).toBe(404)
    // The app still shows its own not-found state.
    expect(page.body).toBe(indexHtml)
  })

  it("answers 404 for a deleted member's old profile link", async () => {
    const leaving = await register(t.app, 'leaving_soon')
    expect(await status('/profile/leaving_soon')).toBe(200)
    expect((await leaving.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    await expect.poll(() => status('/profile/leaving_soon')).toBe(404)
  })

  it('answers a news category the team made, and 404 for one it did not', async () => {
    const admin = await register(t.app, 'page_editor')
    await makeAdmin(t.platform, admin.user.id)
    const made = await admin.client.post('/api/admin/blog/categories', {
      name: 'Guides',
      slug: 'guides',
      description: null,
    })
    expect(made.statusCode).toBe(201)
    expect(await status('/news/category/guides')).toBe(200)
    expect(await status('/news/category/guides?page=2')).toBe(200)
    expect(await status('/news/category/nothing-here')).toBe(404)
  })
})
