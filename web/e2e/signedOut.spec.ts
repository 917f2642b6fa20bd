import { expect, test, type Page } from '@playwright/test'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { member } from './support/members'
import { adminAccount, csrfToken, freshAdminAccount, registerByApi } from './support/server'
import { newContext } from './support/contexts'
import { catalogMovie, sendJson } from './support/api'

/**
 * A member whose session ends while the app is open (signed out in another tab, an admin's
 * suspension, expiry) is told so on the sign-in page, in a status that stays; a member who logged
 * out here, and a first-time visitor, are told nothing.
 */
const signedOut = 'You were signed out. Sign in again to continue.'
const signedOutNotice = (page: Page) => page.getByRole('status').filter({ hasText: signedOut })

/**
 * The member comes back to the tab, which asks who is signed in again (as on every return to a tab).
 * Headless Chromium never hides a page, so the browser's event is sent here.
 */
async function comeBackTo(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })))
}

test('logged out in another tab: this tab says so on the sign-in page; neither that tab nor a visitor is told', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL })
  const here = await context.newPage()
  // The page's clock, flowing as the machine's, so that "a while later" is a jump, not a wait.
  await here.clock.install()
  // First, as a visitor: nobody was signed in in this tab, and the page says only how to sign in.
  await here.goto('/home')
  await expect(here).toHaveURL(/\/sign_in\?returnTo=/)
  await expect(here.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(here.getByText(signedOut)).toHaveCount(0)

  const account = await registerByApi(here.request, 'twotabs')
  await here.goto('/friends')
  await expect(here.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible()

  const other = await context.newPage()
  await other.goto('/profile')
  await other.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(other).toHaveURL(/\/sign_in$/)
  await expect(other.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await expect(other.getByText(signedOut)).toHaveCount(0)

  await comeBackTo(here)
  // Signing in again comes back to the page the session ended on.
  await expect(here).toHaveURL(/\/sign_in\?returnTo=%2Ffriends$/)
  await expect(signedOutNotice(here)).toBeVisible()
  // A status, not a toast: it is still there a while later.
  await here.clock.fastForward(6000)
  await expect(signedOutNotice(here)).toBeVisible()
  await here.getByLabel('Username').fill(account.username)
  await here.getByLabel('Password').fill(account.password)
  await here.getByRole('button', { name: 'Sign In' }).click()
  await expect(here).toHaveURL(/\/friends$/)
  await expect(here.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible()
  await context.close()
})

test('another member signs in in another tab: this tab follows at once, and never shows their list under the first name', async ({
  browser,
  baseURL,
}) => {
  const bobContext = await newContext(browser, { baseURL })
  const bob = await registerByApi(bobContext.request, 'tab_bob')
  await bobContext.close()

  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const here = await context.newPage()
  const alice = await registerByApi(here.request, 'tab_alice')
  const title = await catalogMovie(here.request, 'casablanca')
  await sendJson(here.request, '/api/watchlist', { tmdbId: title.tmdbId, mediaType: 'movie' })
  await here.goto('/watchlist')
  await expect(here.getByRole('main').getByText(title.title).first()).toBeVisible()
  await expect(here.getByText(alice.username, { exact: true }).first()).toBeVisible()

  const other = await context.newPage()
  await other.goto('/profile')
  await other.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(other.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await other.getByLabel('Username').fill(bob.username)
  await other.getByLabel('Password').fill(bob.password)
  await other.getByRole('button', { name: 'Sign In' }).click()
  await expect(other).toHaveURL(/\/home$/)

  // The first tab is not touched (headless Chromium never hides it): it follows all the same.
  await expect(here.getByText(bob.username, { exact: true }).first()).toBeVisible()
  await expect(here.getByText(alice.username, { exact: true })).toHaveCount(0)
  await expect(here.getByRole('main').getByText(title.title)).toHaveCount(0)
  await context.close()
})

test('signed in again in another tab: a tab left on the sign-in page goes on at once', async ({ browser, baseURL }) => {
  const context = await newContext(browser, { baseURL })
  const here = await context.newPage()
  const account = await registerByApi(here.request, 'tab_again')
  await here.goto('/friends')
  await expect(here.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible()

  const other = await context.newPage()
  await other.goto('/profile')
  await other.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(other).toHaveURL(/\/sign_in$/)
  await comeBackTo(here)
  await expect(here).toHaveURL(/\/sign_in\?returnTo=%2Ffriends$/)

  await here.getByLabel('Username').fill(account.username)
  await here.getByLabel('Password').fill(account.password)
  await here.getByRole('button', { name: 'Sign In' }).click()
  await expect(here).toHaveURL(/\/friends$/)
  // The tab that logged out is not touched (headless Chromium never hides it): it goes home all the same.
  await expect(other).toHaveURL(/\/home$/)
  await expect(other.getByRole('heading', { name: 'Welcome back' })).toHaveCount(0)
  await context.close()
})

test('a visitor who signs in from an open page (a shared post, About) comes back to it', async ({
  browser,
  baseURL,
}) => {
  const accountContext = await newContext(browser, { baseURL })
  const account = await registerByApi(accountContext.request, 'returning')
  await accountContext.close()
  const context = await newContext(browser, { baseURL })
  const page = await context.newPage()
  await page.goto('/about#credits')
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/sign_in\?returnTo=%2Fabout%23credits$/)
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/about#credits$/)
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  await context.close()
})

test('a visitor who joins from an open page comes back to it, signed in', async ({ browser, baseURL }) => {
  const context = await newContext(browser, { baseURL })
  const page = await context.newPage()
  await page.goto('/about#credits')
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Join free' }).click()
  await expect(page).toHaveURL(/\/sign_up\?returnTo=%2Fabout%23credits$/)
  const username = `joiner${Date.now().toString(36)}`
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(`${username}@example.com`)
  await page.getByLabel('Password').fill('long enough password')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/about#credits$/)
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  const me = await page.request.get('/api/user')
  expect(((await me.json()) as { username: string }).username).toBe(username)
  await context.close()
})

test('suspended by an admin: the next page is the sign-in page, which says so, and signing in says why', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const suspended = await member(browser, baseURL ?? '', 'suspended')
  await suspended.page.goto('/friends')
  await expect(suspended.page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible()
  const { id } = (await (await suspended.page.request.get('/api/user')).json()) as { id: string }

  const adminContext = await newContext(browser, { baseURL })
  const admin = adminContext.request
  await adminAccount(admin)
  const answer = await admin.post(`/api/admin/users/${id}/suspend`, {
    headers: { 'CSRF-Token': await csrfToken(admin) },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  await adminContext.close()

  // The member goes on to their feed (a full load, as from a bookmark or a reload).
  await suspended.page.goto('/feed')
  await expect(suspended.page).toHaveURL(/\/sign_in\?returnTo=/)
  await expect(signedOutNotice(suspended.page)).toBeVisible()
  await suspended.page.getByLabel('Username').fill(suspended.account.username)
  await suspended.page.getByLabel('Password').fill(suspended.account.password)
  await suspended.page.getByRole('button', { name: 'Sign In' }).click()
  await expect(suspended.page.getByRole('alert').filter({ hasText: suspendedMessage })).toBeVisible()
  await suspended.close()
})

test('suspended while a page is open: the first refused request takes the member to the sign-in page, which says so', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const kept = await member(browser, baseURL ?? '', 'keptopen')
  await kept.page.goto('/friends')
  await expect(kept.page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible()
  const { id } = (await (await kept.page.request.get('/api/user')).json()) as { id: string }

  const adminContext = await newContext(browser, { baseURL })
  const admin = adminContext.request
  await adminAccount(admin)
  const headers = { 'CSRF-Token': await csrfToken(admin) }
  expect((await admin.post(`/api/admin/users/${id}/suspend`, { headers })).status()).toBe(200)

  // No reload, no other page and no return to the tab: the member looks for someone on this page.
  await kept.page.getByRole('searchbox', { name: 'Username' }).fill('somebody')
  await expect(kept.page).toHaveURL(/\/sign_in/)
  await expect(signedOutNotice(kept.page)).toBeVisible()
  await adminContext.close()
  await kept.close()
})

test('logged out in another tab while editing the profile: saving it takes the member to the sign-in page', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL })
  const here = await context.newPage()
  await registerByApi(here.request, 'profsave')
  await here.goto('/profile')
  await here.getByLabel('Location').fill('Lisbon')

  const other = await context.newPage()
  await other.goto('/profile')
  await other.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(other).toHaveURL(/\/sign_in$/)

  // No return to the tab (which would ask by itself): the save is refused, and the app asks again.
  await here.getByRole('button', { name: 'Save changes' }).click()
  await expect(here).toHaveURL(/\/sign_in\?returnTo=%2Fprofile$/)
  await expect(signedOutNotice(here)).toBeVisible()
  await context.close()
})

test('demoted while in the admin area: the next refused admin request closes it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  // Its own admin: the test takes its role away.
  await freshAdminAccount(page.request)
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: string }
  await page.goto('/admin/user-management')
  await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible()

  const otherContext = await newContext(browser, { baseURL })
  const other = otherContext.request
  await adminAccount(other)
  const demoted = await other.put(`/api/admin/users/${id}/role`, {
    data: { role: 'User' },
    headers: { 'CSRF-Token': await csrfToken(other) },
  })
  expect(demoted.status(), await demoted.text()).toBe(200)
  await otherContext.close()

  await page.getByRole('searchbox', { name: 'Search users' }).fill('someone')
  await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible()
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 })
  await context.close()
})
