import { expect, test, type Browser, type Page } from '@playwright/test'
import { registerByApi, toastWith } from './support/server'
import { newContext } from './support/contexts'

/**
 * The update banner's other triggers and timings (spec §4, §9); pwa.spec.ts covers the version-file
 * trigger. The real service worker is blocked so that only what each test sends can raise the banner.
 */
const bannerText = 'A new version of Reelmates is available.'

async function openWithoutWorker(browser: Browser, baseURL: string | undefined) {
  const context = await newContext(browser, { baseURL, serviceWorkers: 'block' })
  const page = await context.newPage()
  return { context, page }
}

/** What the service worker posts to its pages (spec §7: messages received from it). */
async function workerSays(page: Page, type: string) {
  await page.evaluate((messageType) => {
    navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: messageType } }))
  }, type)
}

/** Answers version.json with another build; null serves the real file again. */
async function serveBuild(page: Page, buildTimestamp: string | null) {
  await page.unroute('**/version.json**')
  if (buildTimestamp === null) return
  await page.route('**/version.json**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ version: '9.9.9', buildTimestamp }) }),
  )
}

test('the worker messages UPDATE_AVAILABLE and UPDATE_NEEDED raise the banner; others do not', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openWithoutWorker(browser, baseURL)
  await page.goto('/sign_in')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await workerSays(page, 'SKIP_WAITING_COMPLETE')
  await expect(page.getByText(bannerText)).toHaveCount(0)

  await workerSays(page, 'UPDATE_AVAILABLE')
  await expect(page.getByText(bannerText)).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(page.getByText(bannerText)).toHaveCount(0)
  await workerSays(page, 'UPDATE_NEEDED')
  await expect(page.getByText(bannerText)).toBeVisible()

  // Dismissing says to refresh later, and the banner stays away on this page.
  await page.getByRole('button', { name: 'Dismiss update' }).click()
  await expect(page.getByText(bannerText)).toHaveCount(0)
  await expect(toastWith(page, 'Update later')).toBeVisible()
  await expect(toastWith(page, 'Refresh the page later to get the latest version of Reelmates.')).toBeVisible()
  await workerSays(page, 'UPDATE_AVAILABLE')
  await expect(page.getByText(bannerText)).toHaveCount(0)
  await context.close()
})

test('the version is checked every 5 minutes', async ({ browser, baseURL }) => {
  const { context, page } = await openWithoutWorker(browser, baseURL)
  await page.clock.install()
  let checks = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/version.json') checks += 1
  })
  await page.goto('/sign_in')
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect.poll(() => checks).toBe(1)

  await page.clock.fastForward('04:00')
  // A check due by now would have been asked for inside the timers just run, so before this probe.
  const probe = page.waitForRequest('**/api/health?probe')
  await page.evaluate(() => fetch('/api/health?probe'))
  await probe
  expect(checks).toBe(1)
  await page.clock.fastForward('01:01')
  await expect.poll(() => checks).toBe(2)
  await expect(page.getByText(bannerText)).toHaveCount(0)

  await serveBuild(page, '1')
  await page.clock.fastForward('05:00')
  await expect.poll(() => checks).toBe(3)
  await expect(page.getByText(bannerText)).toBeVisible()
  await context.close()
})

test('after Update Now the banner stays away for 30 s, then comes back', async ({ browser, baseURL }) => {
  const { context, page } = await openWithoutWorker(browser, baseURL)
  await page.clock.install()
  await serveBuild(page, '1')
  await page.goto('/sign_in')
  await page.getByRole('button', { name: 'Update Now' }).click()
  await expect(page).toHaveURL(/[?&]refresh=\d+/)
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()

  const visible = async () => {
    const checked = page.waitForResponse('**/version.json**')
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await checked
  }
  await page.clock.fastForward('00:20')
  await visible()
  await workerSays(page, 'UPDATE_NEEDED')
  await expect(page.getByText(bannerText)).toHaveCount(0)

  await page.clock.fastForward('00:11')
  await visible()
  await expect(page.getByText(bannerText)).toBeVisible()
  await context.close()
})

test('offline the banner stands aside, and Update Now with the server out of reach stays on the page', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openWithoutWorker(browser, baseURL)
  await serveBuild(page, '1')
  await page.goto('/sign_in')
  await expect(page.getByText(bannerText)).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText(bannerText)).toHaveCount(0)
  await context.setOffline(false)
  await expect(page.getByText(bannerText)).toBeVisible()

  // The server stops answering between the banner and the tap: the page stays, and says why.
  await page.unroute('**/version.json**')
  await page.route('**/version.json**', (route) => route.abort('connectionrefused'))
  const address = page.url()
  await page.getByRole('button', { name: 'Update Now' }).click()
  await expect(toastWith(page, 'Reelmates can’t be reached')).toBeVisible()
  expect(page.url()).toBe(address)
  await expect(page.getByRole('button', { name: 'Update Now' })).toBeVisible()
  await context.close()
})

test('Update Now asks about unsaved changes first, and Stay leaves everything as it was', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await openWithoutWorker(browser, baseURL)
  await registerByApi(page.request, 'upd')
  await page.goto('/profile')
  const location = page.getByLabel('Location')
  await location.fill('Lisbon')
  const before = await page.evaluate(() => Object.keys(window.localStorage).sort())
  await serveBuild(page, '1')
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await page.getByRole('button', { name: 'Update Now' }).click()
  const asked = page.getByRole('dialog', { name: 'Leave this page?' })
  await expect(asked).toBeVisible()
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  expect(page.url()).not.toMatch(/[?&]refresh=/)
  await expect(location).toHaveValue('Lisbon')
  expect(await page.evaluate(() => Object.keys(window.localStorage).sort())).toEqual(before)

  // Leave goes on with the update, without the browser asking a second time.
  await page.getByRole('button', { name: 'Update Now' }).click()
  page.on('dialog', (dialog) => void dialog.dismiss())
  await asked.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/[?&]refresh=\d+/)
  await context.close()
})
