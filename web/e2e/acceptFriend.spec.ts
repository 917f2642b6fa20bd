import { expect, test, type Browser, type Page, type Route } from '@playwright/test'
import { adminAccount, csrfToken, latestMailTo, linkIn, registerByApi, signOutByApi, toastWith } from './support/server'

/**
 * The accept-friend screen (spec §4, §8, §9). Friendships are later work: the server has no
 * GET /api/friendships/accept-with-token yet, so these tests answer that one call with page.route
 * and check what the client does with each answer. Everything else (the session, process-token)
 * is the real server.
 */
const acceptCall = '**/api/friendships/accept-with-token**'

function answerAccept(page: Page, status: number, body: Record<string, string>) {
  return page.route(acceptCall, (route: Route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  )
}

async function expectErrorWithWayOn(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: "Couldn't accept the invitation" })).toBeVisible()
  await expect(page.getByText(text, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/sign_in')
  await expect(page.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/friends')
}

/** A real single-use sign-in token for an account (the magic-link mail carries one). */
async function signInTokenFor(page: Page, browser: Browser, baseURL: string, email: string): Promise<string> {
  const requested = await page.request.post('/api/auth/magic-link/request', {
    data: { email },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(requested.status()).toBe(200)
  const admin = await browser.newContext({ baseURL })
  const adminPage = await admin.newPage()
  await adminAccount(adminPage.request)
  const mail = await latestMailTo(adminPage.request, email, 'magic-link')
  await admin.close()
  const token = new URL(linkIn(mail, '/magic-link')).searchParams.get('token')
  if (!token) throw new Error('no token in the mail')
  return token
}

test('without a token: the spec message, Go to Login and Go to Friends', async ({ page }) => {
  let asked = false
  await page.route(acceptCall, (route) => {
    asked = true
    return route.abort()
  })
  await page.goto('/accept-friend')
  await expectErrorWithWayOn(page, 'No token provided. This link may be invalid or expired.')
  expect(asked).toBe(false)
})

test('signed in: accepts, toasts, and goes to /friends after 1.5 s', async ({ page }) => {
  await registerByApi(page.request, 'accepter')
  await answerAccept(page, 200, { message: 'You and maya are now friends.' })
  const asked = page.waitForRequest(acceptCall)
  await page.goto('/accept-friend?token=tok-123')
  expect(new URL((await asked).url()).searchParams.get('token')).toBe('tok-123')
  await expect(page.getByRole('heading', { name: "You're now friends!" })).toBeVisible()
  const shownAt = Date.now()
  await expect(toastWith(page, 'You and maya are now friends.')).toBeVisible()
  await expect(page).toHaveURL(/\/accept-friend\?/)
  await expect(page).toHaveURL(/\/friends$/, { timeout: 5000 })
  const waited = Date.now() - shownAt
  expect(waited).toBeGreaterThan(1000)
  expect(waited).toBeLessThan(3500)
})

test('"already been" is no error: Already friends, then /friends', async ({ page }) => {
  await registerByApi(page.request, 'again')
  await answerAccept(page, 400, { error: 'This invitation has already been accepted' })
  await page.goto('/accept-friend?token=tok-456')
  await expect(page.getByRole('heading', { name: 'Already friends' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/friends$/, { timeout: 5000 })
})

test('signed in: another refusal shows the server error with the way on', async ({ page }) => {
  await registerByApi(page.request, 'refused')
  await answerAccept(page, 404, { error: 'This invitation does not exist' })
  await page.goto('/accept-friend?token=tok-789')
  await expectErrorWithWayOn(page, 'This invitation does not exist')
})

test('signed out: the token signs in first (process-token), then the invitation is accepted', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await registerByApi(page.request, 'linked')
  await signOutByApi(page.request)
  const token = await signInTokenFor(page, browser, baseURL ?? '', account.email)

  const order: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path === '/api/auth/process-token' || path === '/api/friendships/accept-with-token') order.push(path)
  })
  await answerAccept(page, 200, { message: 'Friend request accepted' })
  await page.goto('/accept-friend?token=' + encodeURIComponent(token))
  await expect(page.getByRole('heading', { name: "You're now friends!" })).toBeVisible({ timeout: 15_000 })
  expect(order).toEqual(['/api/auth/process-token', '/api/friendships/accept-with-token'])
  const me = await page.request.get('/api/user')
  expect(((await me.json()) as { username: string }).username).toBe(account.username)
  await expect(page).toHaveURL(/\/friends$/, { timeout: 5000 })
})

test('signed out: a refused token says why; no answer at all is an authentication error', async ({ page }) => {
  await page.goto('/accept-friend?token=not-a-real-token')
  // The server's own reason (its 4xx body), not a generic text.
  await expectErrorWithWayOn(page, 'This sign-in link is not valid. Please request a new one.')

  await page.route('**/api/auth/process-token**', (route) => route.abort('internetdisconnected'))
  await page.goto('/accept-friend?token=tok-offline')
  await expectErrorWithWayOn(page, 'An error occurred during authentication. Please try logging in manually.')
})

test('signed out: when the session never appears, it re-checks 3 times (1, 2, 3 s apart), then says so', async ({
  page,
}) => {
  test.setTimeout(30_000)
  await page.route('**/api/auth/process-token**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true }) }),
  )
  const checks: number[] = []
  await page.route(
    (url) => url.pathname === '/api/user',
    (route) => {
      checks.push(Date.now())
      return route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Not signed in"}' })
    },
  )
  let accepted = false
  await page.route(acceptCall, (route) => {
    accepted = true
    return route.abort()
  })
  await page.goto('/accept-friend?token=tok-ghost')
  await expectErrorWithWayOn(
    page,
    'Authentication appears to have succeeded, but you are not logged in. Please try logging in manually.',
  )
  expect(accepted).toBe(false)
  // The checks after process-token are the last three: 1 s, then 2 s, then 3 s apart.
  const rechecks = checks.slice(-4)
  const gaps = rechecks.slice(1).map((at, index) => at - (rechecks[index] ?? at))
  expect(gaps).toHaveLength(3)
  gaps.forEach((gap, index) => {
    expect(gap).toBeGreaterThan((index + 1) * 1000 - 150)
    expect(gap).toBeLessThan((index + 1) * 1000 + 1500)
  })
})
