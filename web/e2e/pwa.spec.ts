import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { repoRoot, toastWith } from './support/server'
import { newContext } from './support/contexts'

/** Installability (manifest, service worker), the offline shell, and the update banner (spec §4). */

test('the manifest describes an installable app', async ({ page, request }) => {
  await page.goto('/sign_in')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string
    short_name: string
    start_url: string
    display: string
    theme_color: string
    background_color: string
    icons: { src: string; sizes: string; type: string; purpose?: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Reelmates',
    short_name: 'Reelmates',
    start_url: '/home',
    display: 'standalone',
  })
  expect(manifest.theme_color).toMatch(/^#/)
  expect(manifest.background_color).toMatch(/^#/)
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true)
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src)
    expect(answer.status(), icon.src).toBe(200)
    expect(answer.headers()['content-type']).toBe('image/png')
  }
})

test('version.json names the build', async ({ request }) => {
  const version = (await (await request.get(`/version.json?_ts=${Date.now()}`)).json()) as {
    version: string
    buildTimestamp: string
  }
  expect(version.version).toMatch(/^\d+\.\d+\.\d+/)
  expect(version.buildTimestamp).toMatch(/^\d{13}$/)
})

test('/service-worker.js takes control of the page', async ({ page }) => {
  await page.goto('/sign_in')
  const script = await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    return new URL((await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? '').pathname
  })
  expect(script).toBe('/service-worker.js')
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toContain('/service-worker.js')
})

test('with the service worker in control, the news feed, robots.txt and sitemap.xml come from the server', async ({
  page,
}) => {
  await page.goto('/news')
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  for (const [path, text] of [
    ['/news/rss.xml', '<rss'],
    ['/robots.txt', 'Sitemap:'],
    ['/sitemap.xml', '<urlset'],
  ] as const) {
    const answer = await page.goto(path)
    expect(answer?.fromServiceWorker(), path).toBe(false)
    expect(await answer?.text(), path).toContain(text)
  }
})

test('offline, the service worker answers an address that is no page 404, and pages still open', async ({
  page,
  context,
}) => {
  await page.goto('/sign_in')
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await context.setOffline(true)

  const unknown = await page.goto('/no-such-page')
  expect(unknown?.fromServiceWorker()).toBe(true)
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

  // A page, and a page whose address has a parameter.
  for (const [path, shown] of [
    ['/about', page.getByRole('heading', { name: 'About Us' })],
    ['/reset-password/some-token', page.getByLabel('New password')],
  ] as const) {
    const known = await page.goto(path)
    expect(known?.fromServiceWorker(), path).toBe(true)
    expect(known?.status(), path).toBe(200)
    await expect(shown).toBeVisible()
  }
  await context.setOffline(false)
})

test('the service worker is unregistered on admin routes', async ({ page }) => {
  await page.goto('/sign_in')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.goto('/admin')
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
})

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

test.describe('with its own server', () => {
  let server: ChildProcess | undefined
  test.afterEach(() => {
    server?.kill('SIGTERM')
  })

  test('the app shell opens with the server stopped after a first visit', async ({ browser }) => {
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-offline-'))
    // The bundle `npm start` runs, built before the suite's own server started.
    server = spawn(process.execPath, ['--enable-source-maps', 'dist/gateway/main.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    })
    const baseURL = `http://localhost:${port}`
    await expect
      .poll(
        async () =>
          fetch(`${baseURL}/api/csrf-token`).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200)

    const context = await newContext(browser, { baseURL })
    const page = await context.newPage()
    await page.goto('/sign_in')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

    const stopped = new Promise((resolve) => server?.once('exit', resolve))
    server.kill('SIGTERM')
    await stopped
    server = undefined
    expect(
      await fetch(`${baseURL}/version.json`).then(
        () => 'answered',
        () => 'down',
      ),
    ).toBe('down')

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await page.goto('/about')
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible()
    await context.close()
  })
})

test.describe('a new release while a page is open', () => {
  let server: ChildProcess | undefined
  test.afterEach(() => {
    server?.kill('SIGTERM')
  })

  /** The gateway as `npm start` runs it, serving `webDist`, on `port`; resolves once it answers. */
  async function startServer(port: number, dataDir: string, webDist: string): Promise<ChildProcess> {
    const started = spawn(process.execPath, ['--enable-source-maps', 'dist/gateway/main.mjs'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    })
    await expect
      .poll(
        () =>
          fetch(`http://localhost:${port}/api/csrf-token`).then(
            (answer) => answer.status,
            () => 0,
          ),
        {
          timeout: 60_000,
        },
      )
      .toBe(200)
    return started
  }

  async function stopServer(): Promise<void> {
    const stopped = new Promise((resolve) => server?.once('exit', resolve))
    server?.kill('SIGTERM')
    await stopped
    server = undefined
  }

  /**
   * The next release, as the browser sees one: a service worker whose script differs (the same files
   * to precache) and a version file naming another build.
   */
  function nextRelease(webDist: string): string {
    const next = mkdtempSync(join(tmpdir(), 'reelmates-release-'))
    cpSync(webDist, next, { recursive: true })
    const worker = join(next, 'service-worker.js')
    writeFileSync(worker, `${readFileSync(worker, 'utf8')}\n// the next release\n`)
    for (const compressed of ['service-worker.js.br', 'service-worker.js.gz', 'version.json.br', 'version.json.gz'])
      rmSync(join(next, compressed), { force: true })
    const version = JSON.parse(readFileSync(join(next, 'version.json'), 'utf8')) as { buildTimestamp: string }
    writeFileSync(
      join(next, 'version.json'),
      JSON.stringify({ ...version, buildTimestamp: `${version.buildTimestamp}1` }),
    )
    return next
  }

  test('Update Now puts the new worker in charge, and the app still opens offline after it', async ({ browser }) => {
    test.setTimeout(240_000)
    const webDist = resolve(repoRoot, process.env.WEB_DIST ?? 'web/dist')
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-release-data-'))
    server = await startServer(port, dataDir, webDist)
    const context = await newContext(browser, { baseURL: `http://localhost:${port}` })
    const page = await context.newPage()
    await page.goto('/sign_in')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
    const firstWorker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL,
    )
    expect(firstWorker).toBeDefined()

    // Deployed while the page stays open; the page notices when it is looked at again.
    await stopServer()
    server = await startServer(port, dataDir, nextRelease(webDist))
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await page.getByRole('button', { name: 'Update Now' }).click()
    await expect(page).toHaveURL(/[?&]refresh=\d+/, { timeout: 60_000 })
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()

    // The new worker controls the page, none is left waiting, and its precache holds the app.
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      const precache = (await caches.keys()).find((name) => name.startsWith('workbox-precache'))
      return {
        waiting: Boolean(registration?.waiting),
        controlled: Boolean(navigator.serviceWorker.controller),
        precached: precache ? (await (await caches.open(precache)).keys()).length : 0,
      }
    })
    expect(after).toMatchObject({ waiting: false, controlled: true })
    expect(after.precached).toBeGreaterThan(10)

    // And with the server gone, the app still opens.
    await stopServer()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await page.goto('/about')
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible()
    await context.close()
  })
})

test('the update banner appears when version.json names another build, and Later dismisses it', async ({
  browser,
  baseURL,
}) => {
  // Without a service worker, so the check is the version file alone.
  const context = await newContext(browser, { baseURL, serviceWorkers: 'block' })
  const page = await context.newPage()
  await page.goto('/sign_in')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update Now' })).toHaveCount(0)

  await page.route('**/version.json**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ version: '9.9.9', buildTimestamp: '1' }) }),
  )
  // The app checks again whenever it becomes visible.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByText('A new version of Reelmates is available.')).toBeVisible()
  await page.getByRole('button', { name: 'Dismiss update' }).click()
  await expect(page.getByText('A new version of Reelmates is available.')).toHaveCount(0)
  await expect(toastWith(page, 'Update later')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('button', { name: 'Update Now' })).toBeVisible()
  await page.getByRole('button', { name: 'Update Now' }).click()
  await expect(page).toHaveURL(/[?&]refresh=\d+/)
  // Suppressed for 30 s after the attempt, although the server still names another build.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  const checked = page.waitForResponse('**/version.json**')
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await checked
  await expect(page.getByRole('button', { name: 'Update Now' })).toHaveCount(0)
  await context.close()
})
