import { expect, test, type Page } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi, signInByApi, signOutByApi, toastWith } from './support/server'

/** Editing the profile (spec §5 rules, §7 PUT /api/user/profile, §8 toasts) against the real server. */

const save = (page: Page) => page.getByRole('button', { name: 'Save changes' }).click()

test('bio and location are saved, shown at once, and still there after a reload', async ({ page }) => {
  const account = await registerByApi(page.request, 'editor')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible()
  await page.getByLabel('Location').fill('Porto')
  await page.getByLabel('Bio').fill('Slow cinema and loud comedies.')
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().includes('/api/user/profile'),
  )
  await save(page)
  expect((await sent).postDataJSON()).toEqual({ location: 'Porto', bio: 'Slow cinema and loud comedies.' })
  await expect(toastWith(page, 'Profile updated')).toBeVisible()
  await expect(toastWith(page, 'Your profile has been successfully updated.')).toBeVisible()
  // The current user is replaced by the server's answer: the header shows it without a reload.
  const header = page.getByRole('main').locator('header')
  await expect(header).toContainText('Porto')
  await expect(page.getByRole('main').getByText('Slow cinema and loud comedies.').first()).toBeVisible()

  await page.reload()
  await expect(page.getByLabel('Location')).toHaveValue('Porto')
  await expect(page.getByLabel('Bio')).toHaveValue('Slow cinema and loud comedies.')
})

test('email preferences are saved with the rest', async ({ page }) => {
  await registerByApi(page.request, 'prefs')
  await page.goto('/profile')
  const preferences = page.getByRole('group', { name: 'Email preferences' })
  await preferences.getByRole('radio', { name: 'Daily' }).check()
  await preferences.getByRole('checkbox', { name: 'Tips and news emails' }).uncheck()
  // The push switch asks the browser's permission and subscribes on its own: notifications.spec.ts.
  await save(page)
  await expect(toastWith(page, 'Profile updated')).toBeVisible()
  const me = (await (await page.request.get('/api/user')).json()) as Record<string, unknown>
  expect(me).toMatchObject({ digestType: 'daily', receiveCampaignEmails: false })
})

test('the §5 rules are checked before any call', async ({ page }) => {
  await registerByApi(page.request, 'rules')
  await page.goto('/profile')
  let puts = 0
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts += 1
  })
  await page.getByLabel('New password').fill('brand-new-pass')
  await save(page)
  await expect(page.getByText('Current password is required to set new password')).toBeVisible()
  await page.getByLabel('New password').fill('')
  await page.getByLabel('Username').fill('ab')
  await page.getByLabel('Location').fill('x'.repeat(101))
  await page.getByLabel('Bio').fill('x'.repeat(501))
  await save(page)
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()
  await expect(page.getByText('Location must be at most 100 characters')).toBeVisible()
  await expect(page.getByText('Bio must be at most 500 characters')).toBeVisible()
  expect(puts).toBe(0)
})

test('a wrong current password: Profile update failed with the server message', async ({ page }) => {
  await registerByApi(page.request, 'wrongpw')
  await page.goto('/profile')
  await page.getByLabel('Current password').fill('not-my-password')
  await page.getByLabel('New password').fill('brand-new-pass')
  await save(page)
  await expect(toastWith(page, 'Profile update failed')).toBeVisible()
  await expect(toastWith(page, 'Current password is incorrect')).toBeVisible()
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true')
})

/**
 * A bad connection: the server makes the change, the phone never hears its answer, `times` times (the
 * app's own retry under the same key included). Answers every PUT after the first `times` as they come.
 * A lost answer takes its Set-Cookie with it: `route.fetch()` would have stored it in the browser (a new
 * password's new session), so the cookies are put back as they were, as on a real dropped connection.
 */
async function loseAnswers(page: Page, times = 2) {
  const keys: string[] = []
  await page.route('**/api/user/**', async (route) => {
    if (route.request().method() === 'GET') return route.continue()
    keys.push((await route.request().headerValue('idempotency-key')) ?? '')
    if (keys.length > times) return route.continue()
    const cookies = await page.context().cookies()
    await route.fetch()
    await page.context().clearCookies()
    await page.context().addCookies(cookies)
    await route.abort('connectionreset')
  })
  return keys
}

test('a new password whose answer was lost: the member is told it was probably saved, signs in again, and the new one works', async ({
  page,
}) => {
  const account = await registerByApi(page.request, 'lostpw')
  await page.goto('/profile')
  // The app's resend reaches the server with the session the change has just ended: a 401, not a replay.
  const keys = await loseAnswers(page, 1)
  await page.getByLabel('Current password').fill(account.password)
  await page.getByLabel('New password').fill('after-the-drop-7')
  await save(page)
  await expect(page).toHaveURL(/\/sign_in/)
  await expect(toastWith(page, 'Your new password was probably saved')).toBeVisible()
  await expect(toastWith(page, 'Sign in with your new password.')).toBeVisible()
  await expect(toastWith(page, 'Profile update failed')).toHaveCount(0)
  // The resend, and the one after a CSRF refusal (the erased session held the token's secret): one key.
  expect(keys.length).toBeGreaterThanOrEqual(2)
  expect(new Set(keys).size).toBe(1)

  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Password').fill('after-the-drop-7')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { level: 1, name: account.username })).toBeVisible()
})

test('details saved whose answer was lost say they were saved, and the header shows them', async ({ page }) => {
  await registerByApi(page.request, 'lostbio')
  await page.goto('/profile')
  await loseAnswers(page)
  await page.getByLabel('Location').fill('Porto')
  await save(page)
  await expect(toastWith(page, 'The connection dropped, but your changes were saved.')).toBeVisible()
  await expect(toastWith(page, 'Profile update failed')).toHaveCount(0)
  await expect(page.getByRole('main').locator('header')).toContainText('Porto')
})

test('a new password works for the next sign-in', async ({ page }) => {
  const account = await registerByApi(page.request, 'newpw')
  await page.goto('/profile')
  await page.getByLabel('Current password').fill(account.password)
  await page.getByLabel('New password').fill('a-fresh-secret-9')
  await save(page)
  await expect(toastWith(page, 'Profile updated')).toBeVisible()
  await expect(page.getByLabel('New password')).toHaveValue('')
  // Still signed in here (the server gave this session a new id).
  expect((await page.request.get('/api/user')).status()).toBe(200)

  await signOutByApi(page.request)
  await page.goto('/sign_in')
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('The password you entered is incorrect. Please try again.')).toBeVisible()
  await page.getByLabel('Password').fill('a-fresh-secret-9')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/home$/)
})

test('a refused save takes focus to the first invalid field, even far above the button', async ({ page }) => {
  await registerByApi(page.request, 'focus')
  await page.setViewportSize({ width: 390, height: 700 })
  await page.goto('/profile')
  await page.getByLabel('Avatar URL').fill('not a web address')
  await page.getByRole('button', { name: 'Save changes' }).scrollIntoViewIfNeeded()
  await expect(page.getByLabel('Avatar URL')).not.toBeInViewport()
  await save(page)
  await expect(page.getByText('Avatar URL must be a web address')).toBeVisible()
  await expect(page.getByLabel('Avatar URL')).toBeFocused()
  await expect(page.getByLabel('Avatar URL')).toBeInViewport()
})

test('"Save changes" keeps the keyboard focus while it saves and after', async ({ page }) => {
  await registerByApi(page.request, 'savefocus')
  await page.goto('/profile')
  await page.getByLabel('Location').fill('Lisbon')
  // The answer waits until the busy button has been looked at, so the look cannot miss it.
  let answer: () => void = () => undefined
  const looked = new Promise<void>((resolve) => (answer = resolve))
  await page.route('**/api/user/profile*', async (route) => {
    await looked
    await route.continue()
  })
  // Named "Saving…" while busy: the same button under either name.
  const button = page.getByRole('button', { name: /^(Save changes|Saving…)$/ })
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-busy', 'true')
  await expect(button).toHaveText('Saving…')
  await expect(button).toBeFocused()
  answer()
  await expect(toastWith(page, 'Profile updated')).toBeVisible()
  await expect(button).toHaveText('Save changes')
  await expect(button).toBeFocused()
})

test('an edit not saved is asked about before /profile is left; a saved one is not', async ({ page }) => {
  await registerByApi(page.request, 'leaving')
  await page.goto('/profile')
  const location = page.getByLabel('Location')
  const asked = page.getByRole('dialog', { name: 'Leave this page?' })
  const home = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' })

  // Another page of the app: asked, in the same dialog as the other editors; Stay keeps the words.
  await location.fill('Porto')
  await home.click()
  await expect(asked).toContainText('Your changes will not be saved.')
  await expect(asked.getByRole('button', { name: 'Stay' })).toBeFocused()
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(location).toHaveValue('Porto')

  // A reload is the browser's to ask about; going on with it drops the words, as it warned.
  const prompt = page.waitForEvent('dialog')
  const reloading = page.reload()
  const beforeUnload = await prompt
  expect(beforeUnload.type()).toBe('beforeunload')
  await beforeUnload.accept()
  await reloading
  await expect(location).toHaveValue('')

  // Leave goes, and the words are gone.
  await location.fill('Porto')
  await home.click()
  await asked.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await page.goto('/profile')
  await expect(location).toHaveValue('')

  // Saved, the page is left without a word.
  await location.fill('Porto')
  await save(page)
  await expect(toastWith(page, 'Profile updated')).toBeVisible()
  await home.click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(asked).toHaveCount(0)
})

test('Log out asks about an edit not saved first, from the phone menu too; deleting the account does not', async ({
  page,
}) => {
  const account = await registerByApi(page.request, 'goneanyway')
  const asked = page.getByRole('dialog', { name: 'Leave this page?' })
  await page.goto('/profile')
  await page.getByLabel('Location').fill('Porto')

  // Stay keeps the words and the session.
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(asked).toContainText('Your changes will not be saved.')
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByLabel('Location')).toHaveValue('Porto')
  expect((await page.request.get('/api/user')).status()).toBe(200)

  // From the phone's menu: the menu closes, the same question comes, and Leave logs out.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menuLogout = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log out' })
  // WCAG 2.2's smallest target, in a 12 px line.
  expect((await menuLogout.boundingBox())?.height).toBeGreaterThanOrEqual(24)
  await menuLogout.click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0)
  await asked.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/sign_in$/)
  await expect(asked).toHaveCount(0)
  expect((await page.request.get('/api/user')).status()).toBe(401)

  await page.setViewportSize({ width: 1440, height: 900 })
  await signInByApi(page.request, account)
  await page.goto('/profile')
  await page.getByLabel('Location').fill('Porto')
  await page.getByRole('button', { name: 'Delete my account…' }).click()
  await page.getByRole('dialog').getByLabel('Current password').fill(account.password)
  await page.getByRole('button', { name: 'Delete for good' }).click()
  await expect(page).toHaveURL(/\/account-deleted$/)
})

test('"My watching" holds the place of the numbers while they come: what follows hardly moves when they do', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await registerByApi(page.request, 'counter')
  for (const [query, rating, streamingService] of [
    ['casablanca', 8, 'Netflix'],
    ['godfather', 10, 'Max'],
    ['alien', 6, 'Netflix'],
  ] as const) {
    const title = await catalogMovie(page.request, query)
    await sendJson(page.request, '/api/watched', { tmdbId: title.tmdbId, mediaType: 'movie', rating, streamingService })
  }
  // The numbers come late, as on a slow phone's network.
  await page.route('**/api/user/stats**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.goto('/profile')
  const myComments = page.getByRole('heading', { name: 'My comments' })
  await expect(page.getByLabel('Loading your numbers')).toBeVisible()
  await expect(myComments).toBeAttached()
  const before = await myComments.evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY)
  await expect(page.getByText('Average rating')).toBeVisible({ timeout: 10_000 })
  const after = await myComments.evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY)
  // The tiles' lists are as long as the member's genres and services: the shape, not every line.
  expect(Math.abs(after - before)).toBeLessThan(120)
})
