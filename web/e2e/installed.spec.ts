import { expect, test, type Page } from '@playwright/test'
import { runAsInstalledApp } from './support/installedApp'
import { registerByApi } from './support/server'

/**
 * The installed app (spec §4 splash, §9 persisted auth and current-user freshness), emulated in the
 * browser (support/installedApp.ts).
 */

/** Records, on the page's own clock, when the splash came and went. */
async function watchSplash(page: Page) {
  await page.addInitScript(() => {
    const seen: { shownAt?: number; goneAt?: number } = {}
    ;(window as unknown as { splash: typeof seen }).splash = seen
    new MutationObserver(() => {
      const splash = document.querySelector('[aria-label="Reelmates is starting"]')
      if (splash && seen.shownAt === undefined) seen.shownAt = performance.now()
      if (!splash && seen.shownAt !== undefined && seen.goneAt === undefined) seen.goneAt = performance.now()
    }).observe(document, { childList: true, subtree: true })
  })
}

/** How long the splash stayed after the current-user answer arrived (page clock, ms). */
async function splashAfterAuthKnown(page: Page): Promise<{ before: boolean; after: number }> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { splash: { goneAt?: number } }).splash.goneAt))
    .toBeDefined()
  return page.evaluate(() => {
    const { shownAt = 0, goneAt = 0 } = (window as unknown as { splash: { shownAt?: number; goneAt?: number } }).splash
    const answer = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === '/api/session') as PerformanceResourceTiming | undefined
    const answeredAt = answer?.responseEnd ?? Number.NaN
    return { before: shownAt < answeredAt, after: goneAt - answeredAt }
  })
}

/** The current-user answer is held back so the splash has something to wait for. */
async function slowCurrentUser(page: Page, ms: number) {
  await page.route(
    (url) => url.pathname === '/api/session',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms))
      await route.continue()
    },
  )
}

function countCurrentUserCalls(page: Page): { count: number } {
  const calls = { count: 0 }
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session') calls.count += 1
  })
  return calls
}

const splash = (page: Page) => page.getByRole('status', { name: 'Reelmates is starting' })

for (const { who, signedIn, atLeastMs } of [
  { who: 'a visitor', signedIn: false, atLeastMs: 300 },
  { who: 'a signed-in user', signedIn: true, atLeastMs: 500 },
]) {
  test(`the splash waits for the auth state, then stays ${atLeastMs} ms for ${who}`, async ({ page }) => {
    if (signedIn) await registerByApi(page.request, 'installed')
    await runAsInstalledApp(page)
    await watchSplash(page)
    await slowCurrentUser(page, 600)
    await page.goto('/about')
    await expect(splash(page)).toBeVisible()
    await expect(splash(page)).toHaveCount(0)
    const { before, after } = await splashAfterAuthKnown(page)
    expect(before).toBe(true)
    // Timers are never early, but a busy machine makes them late: the exact 300/500 ms rule is
    // checked on a fake clock in Splash.spec.tsx; here only that the splash waited at least so long
    // (less a little for the page clock's coarse resolution).
    expect(after).toBeGreaterThanOrEqual(atLeastMs - 20)
  })
}

// A page behind a guard (signed-in or guest) is not drawn until the guard knows who is signed in:
// a splash drawn inside the pages came only then, after seconds of an empty screen on a slow network.
for (const { who, signedIn, path, atLeastMs } of [
  { who: 'a visitor', signedIn: false, path: '/sign_in', atLeastMs: 300 },
  { who: 'a signed-in user', signedIn: true, path: '/home', atLeastMs: 500 },
]) {
  test(`the splash shows while the session is asked, on a guarded page, for ${who}`, async ({ page }) => {
    if (signedIn) await registerByApi(page.request, 'installed')
    await runAsInstalledApp(page)
    await watchSplash(page)
    // The answer is held until the splash has been seen, so a busy machine cannot make it come first.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let asked = false
    await page.route(
      (url) => url.pathname === '/api/session',
      async (route) => {
        asked = true
        await released
        await route.continue()
      },
    )
    await page.goto(path, { waitUntil: 'commit' })
    await expect(splash(page)).toBeVisible()
    // The splash may be drawn a moment before the question goes out.
    await expect.poll(() => asked).toBe(true)
    await expect(splash(page)).toBeVisible()
    release()
    await expect(splash(page)).toHaveCount(0)
    const { after } = await splashAfterAuthKnown(page)
    expect(after).toBeGreaterThanOrEqual(atLeastMs - 20)
    // Late timers on a busy machine, not a splash that waits for anything else, are what this allows.
    expect(after).toBeLessThan(atLeastMs + 2_000)
  })
}

test('in a browser tab there is no splash', async ({ page }) => {
  await watchSplash(page)
  await page.goto('/about')
  await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { splash: { shownAt?: number } }).splash.shownAt),
  ).toBeUndefined()
})

type Persisted = { user: { username: string } | null; isAuthenticated: boolean; timestamp: number } | null
const persisted = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('reelmates.auth') ?? 'null') as Persisted)

test('the installed app keeps the auth state for 24 h and trusts the user for 5 minutes', async ({ page }) => {
  const account = await registerByApi(page.request, 'persisted')
  await runAsInstalledApp(page)
  const calls = countCurrentUserCalls(page)
  await page.goto('/home')
  await expect(page).toHaveURL(/\/home$/)
  await expect.poll(async () => (await persisted(page))?.user?.username).toBe(account.username)
  const first = await persisted(page)
  expect(first?.isAuthenticated).toBe(true)
  expect(Math.abs(Date.now() - (first?.timestamp ?? 0))).toBeLessThan(60_000)
  expect(calls.count).toBeGreaterThan(0)

  // Opened again within 5 minutes: the persisted user is fresh, the server is not asked.
  calls.count = 0
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible()
  expect(calls.count).toBe(0)

  // Six minutes old: still used to open at once, but checked again.
  await page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('reelmates.auth') ?? '{}') as { timestamp: number }
    localStorage.setItem('reelmates.auth', JSON.stringify({ ...state, timestamp: Date.now() - 6 * 60_000 }))
  })
  await page.reload()
  await expect.poll(() => calls.count).toBe(1)

  // Older than 24 hours: forgotten, and written again from the server's answer.
  await page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('reelmates.auth') ?? '{}') as { timestamp: number }
    localStorage.setItem('reelmates.auth', JSON.stringify({ ...state, timestamp: Date.now() - 25 * 60 * 60_000 }))
  })
  await page.reload()
  await expect.poll(async () => Date.now() - ((await persisted(page))?.timestamp ?? 0)).toBeLessThan(60_000)
})

test('in a browser tab, opening a page asks who is signed in once', async ({ page }) => {
  const calls = countCurrentUserCalls(page)
  await page.goto('/sign_in')
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  expect(calls.count).toBe(1)
})

test('in a browser tab the user is checked on every visit and nothing is persisted', async ({ page }) => {
  await registerByApi(page.request, 'tab')
  const calls = countCurrentUserCalls(page)
  await page.goto('/home')
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  calls.count = 0
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  // The reload asks once: the screens drawn with its guard's answer take that answer.
  expect(calls.count).toBe(1)
  // Fresh for 0 ms otherwise: once the answer is more than two seconds old, the profile screen asks
  // again when it mounts.
  await page.waitForTimeout(2_100)
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect.poll(() => calls.count).toBe(2)
  expect(await persisted(page)).toBeNull()
})
