import { expect, test, type Page } from '@playwright/test'
import { adminAccount, registerByApi } from './support/server'

/** Every route of spec §2, and who may see it (spec §6). */
const publicRoutes = [
  '/sign_in',
  '/sign_up',
  '/register',
  '/forgot-password',
  '/forgot-username',
  '/reset-password',
  '/reset-password/some-token',
  '/unsubscribed?success=true',
  '/accept-friend',
  '/magic-link',
]
const loggedInRoutes = [
  '/home',
  '/search',
  '/watchlist',
  '/watched',
  '/feed',
  '/activity/an-activity',
  '/friends',
  '/profile',
  '/media/movie/238',
  '/provider/8',
  '/trending-movies',
  '/trending-tv',
  '/upcoming-movies',
  '/recommendations',
]
const adminRoutes = [
  '/admin',
  '/admin/email-campaigns',
  '/admin/blog/posts',
  '/admin/blog/posts/a-post',
  '/admin/refresh-api-cache',
  '/admin/user-notifications',
  '/admin/user-management',
  '/admin/events',
  '/admin/projections',
  '/test-digest',
]
const openRoutes = [
  '/profile/somebody',
  '/news',
  '/news/a-post',
  '/news/category/releases',
  '/about',
  '/how-it-works',
  '/contact',
  '/terms',
  '/privacy',
]

const accessDenied = "Access Denied - You don't have permission to access this page."

const pathOf = (page: Page) => new URL(page.url()).pathname

async function expectAccessDenied(page: Page, route: string) {
  await page.goto(route)
  await expect(page.getByRole('heading', { name: accessDenied })).toBeVisible()
}

async function expectStays(page: Page, route: string) {
  await page.goto(route)
  // The screen's own content is not this test's business (a title may not be in the catalog): only who gets in.
  await expect(page.locator('main').first()).toBeVisible()
  expect(pathOf(page)).toBe(route.split('?')[0])
  await expect(page.getByText('Page not found')).toHaveCount(0)
  await expect(page.getByText(accessDenied)).toHaveCount(0)
}

test.describe('an anonymous visitor', () => {
  test('goes from / and /auth to /sign_in', async ({ page }) => {
    for (const route of ['/', '/auth']) {
      await page.goto(route)
      await expect(page).toHaveURL(/\/sign_in$/)
    }
  })

  test('reaches the public and open routes', async ({ page }) => {
    for (const route of [...publicRoutes, ...openRoutes]) await expectStays(page, route)
  })

  test('is sent to /sign_in from every logged-in route, with returnTo', async ({ page }) => {
    for (const route of loggedInRoutes) {
      await page.goto(route)
      await expect(page).toHaveURL(/\/sign_in\?/)
      // returnTo is the full address asked for, including search params the screen filled in.
      const returnTo = new URL(page.url()).searchParams.get('returnTo') ?? ''
      expect(new URL(returnTo, 'http://app.test').pathname).toBe(route)
    }
  })

  test('sees Access Denied on every admin route, then goes to /sign_in with returnTo', async ({ page }) => {
    for (const route of adminRoutes) await expectAccessDenied(page, route)
    await expect(page).toHaveURL(/\/sign_in\?/, { timeout: 6000 })
    const returnTo = new URL(page.url()).searchParams.get('returnTo') ?? ''
    expect(new URL(returnTo, 'http://app.test').pathname).toBe(adminRoutes.at(-1)?.split('?')[0])
  })

  test('sees the not-found page on an unknown path, with the footer and a way to sign in', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveTitle('Page not found · Reelmates')
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/sign_in$/)
  })
})

test.describe('a signed-in user', () => {
  test.beforeEach(async ({ page }) => {
    await registerByApi(page.request)
  })

  test('reaches every logged-in and open route', async ({ page }) => {
    for (const route of [...loggedInRoutes, ...openRoutes]) await expectStays(page, route)
  })

  test('is sent on from sign-in and sign-up to /home, or to returnTo', async ({ page }) => {
    for (const route of ['/sign_in', '/sign_up', '/register']) {
      await page.goto(route)
      await expect(page).toHaveURL(/\/home$/)
    }
    await page.goto('/sign_in?returnTo=%2Fwatchlist')
    await expect(page).toHaveURL(/\/watchlist/)
  })

  test('is sent on from the recovery pages to /home, but may still use a reset link', async ({ page }) => {
    for (const route of ['/forgot-password', '/forgot-username']) {
      await page.goto(route)
      await expect(page).toHaveURL(/\/home$/)
    }
    // The reset token is the credential; someone signed in who forgot the password still needs it.
    await expectStays(page, '/reset-password/some-token')
    // The reset screen itself: a made-up token is refused as the page opens.
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  })

  test('sees Access Denied on every admin route', async ({ page }) => {
    for (const route of adminRoutes) await expectAccessDenied(page, route)
  })

  test('sees the not-found page on an unknown path, with the footer and a way home', async ({ page }) => {
    await page.goto('/definitely-not-a-route')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Go home' }).click()
    await expect(page).toHaveURL(/\/home$/)
  })

  test('sees one frame around a screen that finds nothing, never one frame inside another', async ({ page }) => {
    await page.goto('/media/no-such-kind/1')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toHaveCount(1)
    await expect(page.getByRole('main')).toHaveCount(1)
    await expect(page.getByRole('navigation', { name: 'Ways on' }).getByRole('link', { name: 'Go home' })).toBeVisible()
  })
})

test.describe('when the server cannot say who is signed in', () => {
  const session = (url: URL) => url.pathname === '/api/session'

  test('a server failure is said as one, not as being signed out, and Try again asks again', async ({ page }) => {
    const account = await registerByApi(page.request)
    await page.route(session, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Session store down"}' }),
    )
    await page.goto('/watchlist')
    await expect(page.getByRole('heading', { name: 'Something went wrong on our side' })).toBeVisible()
    await expect(page.getByText("You haven't been signed out", { exact: false })).toBeVisible()
    expect(pathOf(page)).toBe('/watchlist')
    await page.unroute(session)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Watchlist' })).toBeVisible()
    await expect(page.getByText(account.username, { exact: true }).first()).toBeVisible()
    expect(pathOf(page)).toBe('/watchlist')
  })

  test('unreached, with nobody known on this device: says so, and a visitor still gets to sign in after', async ({
    page,
  }) => {
    await page.route(session, (route) => route.abort('internetdisconnected'))
    await page.goto('/friends')
    await expect(page.getByRole('heading', { name: "We couldn't reach Reelmates" })).toBeVisible()
    expect(pathOf(page)).toBe('/friends')
    await page.unroute(session)
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page).toHaveURL(/\/sign_in\?returnTo=%2Ffriends$/)
  })

  test('the sign-in page still shows, so signing in stays possible', async ({ page }) => {
    await page.route(session, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Unavailable"}' }),
    )
    await page.goto('/sign_in')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  })

  test('the sign-in page of a tab that was signed in does not say it was signed out', async ({ page }) => {
    await registerByApi(page.request)
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await page.route(session, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Session store down"}' }),
    )
    await page.goto('/sign_in')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    await expect(page.getByText('You were signed out', { exact: false })).toHaveCount(0)
  })
})

test.describe('an admin', () => {
  test('reaches every admin route', async ({ page }) => {
    await adminAccount(page.request)
    for (const route of adminRoutes) await expectStays(page, route)
    await page.goto('/home')
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin' }).click()
    await expect(page).toHaveURL(/\/admin(\?days=\d+)?$/)
  })
})
