import { expect, test, type Browser, type Page } from '@playwright/test'
import { adminAccount, csrfToken, latestMailTo, linkIn, registerByApi, signOutByApi } from './support/server'
import { newContext } from './support/contexts'

/** Forgot username, the reset timing, and the magic link's steps (spec §2, §4, §9) on the real server. */

async function mailTo(browser: Browser, baseURL: string | undefined, email: string, category: string) {
  const admin = await newContext(browser, { baseURL })
  const adminPage = await admin.newPage()
  await adminAccount(adminPage.request)
  const mail = await latestMailTo(adminPage.request, email, category)
  await admin.close()
  return mail
}

test('forgot username: Check your email, and the mail names the username', async ({ page, browser, baseURL }) => {
  const account = await registerByApi(page.request, 'forgotname')
  await signOutByApi(page.request)
  await page.goto('/forgot-username')
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByRole('button', { name: 'Send my username' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send my username' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(/if an account with that email address exists/i)).toBeVisible()
  await expect(page.getByRole('link', { name: '← Back to login' })).toHaveAttribute('href', '/sign_in')

  const mail = await mailTo(browser, baseURL, account.email, 'username-reminder')
  expect(mail.subject).toBe('Your Reelmates username')
  expect(mail.text).toContain(`Your username is: ${account.username}`)
})

test('reset password by the /reset-password/{token} address goes to sign-in 3 s after success', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await registerByApi(page.request, 'resettimer')
  await signOutByApi(page.request)
  const asked = await page.request.post('/api/forgot-password', {
    data: { email: account.email },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(asked.status()).toBe(200)
  const link = new URL(linkIn(await mailTo(browser, baseURL, account.email, 'password-reset'), '/reset-password'))
  const token = link.searchParams.get('token') ?? link.pathname.split('/').pop() ?? ''
  expect(token).not.toBe('')

  // The page's clock, not the machine's: the reset's answer is held until the clock is paused, so
  // the 3 s are page time that only the test moves, whatever the load on the machine.
  await page.clock.install()
  let resetAsked = false
  let answerReset: (() => void) | undefined
  const resetAnswered = new Promise<void>((resolve) => (answerReset = resolve))
  // The reset itself, not the look at the link as the page opens (…/check).
  const isReset = (url: URL) => url.pathname === '/api/reset-password'
  await page.route(isReset, async (route) => {
    resetAsked = true
    await resetAnswered
    await route.continue()
  })
  await page.goto(`/reset-password/${encodeURIComponent(token)}`)
  await page.getByLabel('New password').fill('after-reset-77')
  await page.getByLabel('Confirm password').fill('after-reset-77')
  const answered = page.waitForResponse((response) => isReset(new URL(response.url())))
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect.poll(() => resetAsked).toBe(true)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  answerReset?.()
  expect((await answered).status()).toBe(200)
  // The answer shows first, so the 3 s start there, whatever the real time React takes to render it.
  await page.clock.runFor(1)
  await expect(page.getByText('Your password has been reset.')).toBeVisible()
  await page.clock.runFor(2900)
  expect(new URL(page.url()).pathname).toBe(`/reset-password/${encodeURIComponent(token)}`)
  await page.clock.runFor(200)
  await expect(page).toHaveURL(/\/sign_in$/)
})

async function magicLinkFor(page: Page, browser: Browser, baseURL: string | undefined, redirect: string) {
  const account = await registerByApi(page.request, 'magicsteps')
  await signOutByApi(page.request)
  const requested = await page.request.post('/api/auth/magic-link/request', {
    data: { email: account.email, redirect },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(requested.status()).toBe(200)
  const link = new URL(linkIn(await mailTo(browser, baseURL, account.email, 'magic-link'), '/magic-link'))
  return { account, path: link.pathname + link.search }
}

test('a magic link: CSRF token, then the link, then 500 ms, then the session check, then the redirect', async ({
  page,
  browser,
  baseURL,
}) => {
  const { path } = await magicLinkFor(page, browser, baseURL, '/watched')
  const steps: { step: string; csrf?: string }[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (['/api/csrf-token', '/api/auth/magic-link', '/api/session'].includes(pathname))
      steps.push({ step: pathname, csrf: request.headers()['csrf-token'] })
  })
  // The page's own clock stamps each call and each answer: the 500 ms are page time, which the test
  // alone moves once the link's answer is held and the clock paused, whatever the load on the machine.
  await page.addInitScript(() => {
    const stamped: { path: string; at: number; answered: boolean }[] = []
    Object.assign(window, { stampedCalls: stamped })
    const fetchNow = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname
      stamped.push({ path, at: Date.now(), answered: false })
      const response = await fetchNow(input, init)
      stamped.push({ path, at: Date.now(), answered: true })
      return response
    }
  })
  await page.clock.install()
  let linkAsked = false
  let answerLink: (() => void) | undefined
  const linkAnswered = new Promise<void>((resolve) => (answerLink = resolve))
  await page.route(
    (url) => url.pathname === '/api/auth/magic-link',
    async (route) => {
      linkAsked = true
      await linkAnswered
      await route.continue()
    },
  )
  await page.goto(path)
  await expect.poll(() => linkAsked).toBe(true)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  answerLink?.()
  type Stamp = { path: string; at: number; answered: boolean }
  const stamps = () => page.evaluate(() => (window as unknown as { stampedCalls: Stamp[] }).stampedCalls)
  const linkAnswer = async () =>
    (await stamps()).find((stamp) => stamp.path === '/api/auth/magic-link' && stamp.answered)
  await expect.poll(linkAnswer).toBeDefined()
  const answeredAt = (await linkAnswer())?.at ?? 0
  // The app also asks who is signed in when it opens; the link's own check is the one after its answer.
  const check = async () =>
    (await stamps()).find((stamp) => stamp.path === '/api/session' && !stamp.answered && stamp.at >= answeredAt)
  for (let advanced = 0; (await check()) === undefined && advanced < 2000; advanced += 100) await page.clock.runFor(100)
  const checkedAt = (await check())?.at
  expect(checkedAt).toBeDefined()
  expect((checkedAt ?? 0) - answeredAt).toBeGreaterThanOrEqual(500)
  expect((checkedAt ?? 0) - answeredAt).toBeLessThan(2000)
  await expect(page).toHaveURL(/\/watched(\?|$)/, { timeout: 10_000 })

  const first = (step: string) => steps.findIndex((entry) => entry.step === step)
  expect(first('/api/csrf-token')).toBeGreaterThanOrEqual(0)
  expect(first('/api/csrf-token')).toBeLessThan(first('/api/auth/magic-link'))
  expect(steps[first('/api/auth/magic-link')]?.csrf).toBeTruthy()
})

test('a magic link whose session check fails goes on to its target after 3 s, which says the server failed', async ({
  page,
  browser,
  baseURL,
}) => {
  const { path } = await magicLinkFor(page, browser, baseURL, '/home')
  // The page's clock: the failing check is held until the clock is paused, so the 3 s are page time.
  await page.clock.install()
  let linkUsed = false
  let checkAsked = false
  let failCheck: (() => void) | undefined
  const checkFailed = new Promise<void>((resolve) => (failCheck = resolve))
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/magic-link') linkUsed = true
  })
  // Only the check after the link fails; the app's own first look at the session goes through.
  await page.route(
    (url) => url.pathname === '/api/session',
    async (route) => {
      if (!linkUsed) return route.continue()
      checkAsked = true
      await checkFailed
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Session store down"}' })
    },
  )
  await page.goto(path)
  await expect.poll(() => checkAsked).toBe(true)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  failCheck?.()
  // The failure shows first (the query's batched update is a page timer), so the 3 s start there,
  // whatever the real time React takes to render it.
  await page.clock.runFor(1)
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible()
  await expect(page.getByText('Session store down')).toBeVisible()
  await page.clock.runFor(2900)
  expect(new URL(page.url()).pathname).toMatch(/\/magic-link/)
  await page.clock.runFor(200)
  // The check still fails there: the page says so, rather than send a member who may be signed in
  // to the sign-in page (spec §4: only a 401 means nobody).
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('heading', { name: 'Something went wrong on our side' })).toBeVisible()
})

test('Forgot password offers a sign-in link instead: mailed, it signs in once, then says it was used', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await registerByApi(page.request, 'linkasker')
  await signOutByApi(page.request)
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(/we have sent a sign-in link to it\. The link signs you in once/)).toBeVisible()

  // The link is the one the mail carries, for this account, not a reset link.
  const link = new URL(linkIn(await mailTo(browser, baseURL, account.email, 'magic-link'), '/magic-link'))
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page).toHaveURL(/\/home$/)
  const me = (await (await page.request.get('/api/user')).json()) as { username: string }
  expect(me.username).toBe(account.username)

  await signOutByApi(page.request)
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByText('This sign-in link has already been used.', { exact: false })).toBeVisible()
})
