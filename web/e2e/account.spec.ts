import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import {
  adminAccount,
  csrfToken,
  latestMailTo,
  linkIn,
  password,
  registerByApi,
  signInByApi,
  signOutByApi,
  toastWith,
  uniqueName,
} from './support/server'
import { newContext } from './support/contexts'

/** The account screens of spec §2 against the real server, with the messages of spec §8. */

async function fillSignIn(page: Page, username: string, secret: string) {
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(secret)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

test('sign-up creates the account and lands on home, signed in', async ({ page }) => {
  const username = uniqueName('new')
  await page.goto('/sign_up?email=' + encodeURIComponent(`${username}@example.com`))
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(`${username}@example.com`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(toastWith(page, 'Registration successful')).toBeVisible()
  await expect(toastWith(page, `Welcome to Reelmates, ${username}!`)).toBeVisible()
  const me = await page.request.get('/api/user')
  expect(((await me.json()) as { username: string }).username).toBe(username)
})

test('sign-up says which field is already taken (409)', async ({ page }) => {
  const taken = await registerByApi(page.request, 'taken')
  await signOutByApi(page.request)
  await page.goto('/sign_up')
  await page.getByLabel('Username').fill(taken.username)
  await page.getByLabel('Email').fill(taken.email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  const usernameTaken = page.getByText('This username is already taken. Please choose a different one.')
  const emailTaken = page.getByText('This email is already registered. Please use a different email or sign in.')
  await expect(usernameTaken.or(emailTaken).first()).toBeVisible()
})

test('a refused sign-up puts the keyboard on the first field in error, described by its error', async ({ page }) => {
  await page.goto('/sign_up')
  await page.getByLabel('Username').fill('al')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Password').fill('123')
  await page.keyboard.press('Enter')
  const username = page.getByLabel('Username')
  await expect(username).toBeFocused()
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  await expect(username).toHaveAccessibleDescription('Username must be at least 3 characters')

  // Enter again in the field that has the focus: the error is said, as an alert.
  await page.keyboard.press('Enter')
  await expect(username).toBeFocused()
  await expect(page.getByRole('alert').filter({ hasText: 'Username must be at least 3 characters' })).toHaveCount(1)
})

test('sign-in validates the fields before calling the server', async ({ page }) => {
  await page.goto('/sign_in')
  await fillSignIn(page, 'ab', '123')
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible()
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible()
})

test('sign-in says when the username does not exist', async ({ page }) => {
  await page.goto('/sign_in')
  await fillSignIn(page, uniqueName('ghost'), password)
  await expect(
    page.getByRole('alert').filter({ hasText: "This username doesn't exist. Please check your username or sign up." }),
  ).toBeVisible()
  // A wrong username or password is said on the form only (spec §8: a 401 has no toast).
  await expect(page.getByText('Login failed')).toHaveCount(0)
})

test('sign-in says when the password is wrong', async ({ page }) => {
  const account = await registerByApi(page.request)
  await signOutByApi(page.request)
  await page.goto('/sign_in')
  await fillSignIn(page, account.username, 'not-the-password')
  await expect(
    page.getByRole('alert').filter({ hasText: 'The password you entered is incorrect. Please try again.' }),
  ).toBeVisible()
})

test('sign-in says sign-in failed when the username check fails', async ({ page }) => {
  await page.route('**/api/validate-username**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
  )
  await page.goto('/sign_in')
  await fillSignIn(page, uniqueName('ghost'), password)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Sign in failed. Please check your information and try again.' }),
  ).toBeVisible()
})

test('sign-in shows an unexpected error when the network fails, with the Login failed toast', async ({ page }) => {
  await page.goto('/sign_in')
  await page.route('**/api/login**', (route) => route.abort('internetdisconnected'))
  await fillSignIn(page, 'someone', password)
  await expect(
    page.getByRole('alert').filter({ hasText: 'An unexpected error occurred. Please try again.' }),
  ).toBeVisible()
  await expect(toastWith(page, 'There was a problem signing you in. Please try again later.')).toBeVisible()
})

test('sign-in welcomes the user back and follows returnTo', async ({ page }) => {
  const account = await registerByApi(page.request)
  await signOutByApi(page.request)
  await page.goto('/watchlist')
  await expect(page).toHaveURL(/\/sign_in\?returnTo=%2Fwatchlist/)
  await fillSignIn(page, account.username, account.password)
  await expect(page).toHaveURL(/\/watchlist/)
  await expect(toastWith(page, `Welcome back, ${account.username}!`)).toBeVisible()
})

test('an invitation names its inviter from its token on sign-in and sign-up, keeps it on the way, and a made-up one names nobody', async ({
  page,
  browser,
  baseURL,
}) => {
  const host = await newContext(browser, { baseURL: baseURL ?? '' })
  const maya = await registerByApi(host.request, 'maya')
  const address = `${uniqueName('guest')}@example.com`
  const invited = await host.request.post('/api/friendships', {
    data: { email: address },
    headers: { 'CSRF-Token': await csrfToken(host.request) },
  })
  expect(invited.status()).toBe(201)
  const mailbox = await adminAccountIn(host)
  const token = new URL(
    linkIn(await latestMailTo(mailbox.request, address, 'friend-invitation'), '/sign_up'),
  ).searchParams.get('token')
  await host.close()

  // The name in the link is whatever anyone typed there; the banner names whoever the token says.
  const invitation = `invite=true&from=somebody_else&token=${encodeURIComponent(token ?? '')}&email=${encodeURIComponent(address)}`
  await page.goto(`/sign_in?${invitation}`)
  await expect(page.getByText(`${maya.username} invited you to Reelmates`)).toBeVisible()
  await page.goto(`/sign_up?${invitation}`)
  await expect(page.getByText(`${maya.username} invited you to Reelmates`)).toBeVisible()
  await expect(page.getByText('somebody_else')).toHaveCount(0)
  await expect(page.getByText("You've received a recommendation!")).toHaveCount(0)
  await page.getByRole('link', { name: 'Already have an account? Sign in' }).click()
  await expect(page).toHaveURL(/\/sign_in\?/)
  const search = new URL(page.url()).searchParams
  expect([search.get('invite'), search.get('token'), search.get('email')]).toEqual(['true', token, address])
  // And back: the account is still to be made, for the address the invitation was mailed to.
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(address)
  await expect(page.getByText(`${maya.username} invited you to Reelmates`)).toBeVisible()

  await page.goto('/sign_up?invite=true&from=YourBank&token=tok123')
  const refused = page.getByRole('status').filter({ hasText: "This invitation link won't connect you" })
  await expect(refused).toContainText('This invitation link is invalid.')
  await expect(page.getByText('YourBank')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible()
})

test('the address a sign-up link prefills stays through Sign in and Create an account', async ({ page }) => {
  const address = `${uniqueName('mailed')}@example.com`
  await page.goto(`/sign_up?returnTo=%2Fwatchlist&email=${encodeURIComponent(address)}`)
  await expect(page.getByLabel('Email')).toHaveValue(address)
  await page.getByRole('link', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(address)
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/watchlist')
})

test('a recommendation link shows the green banner on sign-up, saying who recommended what; returnTo alone promises nothing', async ({
  page,
  browser,
  baseURL,
}) => {
  const sender = await newContext(browser, { baseURL: baseURL ?? '' })
  const ann = await registerByApi(sender.request, 'ann')
  const address = `${uniqueName('guest')}@example.com`
  const search = await sender.request.get('/api/tmdb/autocomplete?query=casablanca')
  const [movie] = ((await search.json()) as { results: { id: number; title: string }[] }).results
  const sent = await sender.request.post('/api/recommendations', {
    data: { tmdbId: movie?.id, mediaType: 'movie', toEmail: address },
    headers: { 'CSRF-Token': await csrfToken(sender.request) },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const mailbox = await adminAccountIn(sender)
  const link = linkIn(await latestMailTo(mailbox.request, address, 'recommendation-invitation'), '/sign_up')
  await sender.close()

  await page.goto(link)
  const banner = page.getByRole('status').filter({ hasText: "You've received a recommendation!" })
  await expect(banner).toContainText(`${ann.username} recommended ${movie?.title} to you.`)

  // Sent to sign up from a page that asked to sign in first: no recommendation waits.
  await page.goto('/sign_up?returnTo=%2Fwatchlist')
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible()
  await expect(page.getByText("You've received a recommendation!")).toHaveCount(0)
})

test('forgot password → the mail in the outbox → reset → sign in with the new password', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await registerByApi(page.request, 'forgetful')
  await signOutByApi(page.request)

  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(/if an account with that email address exists/i)).toBeVisible()

  const adminContext = await newContext(browser, { baseURL })
  const mail = await latestMailTo((await adminAccountIn(adminContext)).request, account.email)
  await adminContext.close()
  const link = new URL(linkIn(mail, '/reset-password'))

  await page.goto(link.pathname + link.search)
  await page.getByLabel('New password').fill('brand-new-pass')
  await page.getByLabel('Confirm password').fill('brand-new-pass-typo')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm password').fill('brand-new-pass')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Your password has been reset.')).toBeVisible()
  await expect(page).toHaveURL(/\/sign_in$/, { timeout: 6000 })

  await fillSignIn(page, account.username, 'brand-new-pass')
  await expect(page).toHaveURL(/\/home$/)
})

async function adminAccountIn(context: BrowserContext) {
  const page = await context.newPage()
  await adminAccount(page.request)
  return page
}

test('reset password without a token is an invalid link', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password')
})

test('a reset link the server refuses is an invalid link as the page opens: its reason and a new one', async ({
  page,
}) => {
  const looked = page.waitForResponse('**/api/reset-password/check?**')
  await page.goto('/reset-password/no-such-token')
  expect((await looked).status()).toBe(400)
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password')
  await expect(page.getByLabel('New password')).toHaveCount(0)
})

test('a reset that never reached the server offers no new link: trying again may work', async ({ page }) => {
  // The look at the link as the page opens is lost too, and leaves the form.
  await page.route('**/api/reset-password**', (route) => route.abort('internetdisconnected'))
  await page.goto('/reset-password/some-token')
  await page.getByLabel('New password').fill('brand-new-pass')
  await page.getByLabel('Confirm password').fill('brand-new-pass')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to reset password' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveCount(0)
})

/** A new member, signed out, with the sign-in link to /watchlist they asked for, read from the outbox. */
async function signedOutWithMagicLink(page: Page, browser: Browser, baseURL: string | undefined, prefix: string) {
  const account = await registerByApi(page.request, prefix)
  await signOutByApi(page.request)
  const requested = await page.request.post('/api/auth/magic-link/request', {
    data: { email: account.email, redirect: '/watchlist' },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(requested.status()).toBe(200)
  const adminContext = await newContext(browser, { baseURL })
  const mail = await latestMailTo((await adminAccountIn(adminContext)).request, account.email, 'magic-link')
  await adminContext.close()
  return { account, link: new URL(linkIn(mail, '/magic-link')) }
}

test('a magic link signs in and goes to its redirect', async ({ page, browser, baseURL }) => {
  const { account, link } = await signedOutWithMagicLink(page, browser, baseURL, 'magic')

  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/watchlist/, { timeout: 10_000 })
  const me = await page.request.get('/api/user')
  expect(((await me.json()) as { username: string }).username).toBe(account.username)
})

test('a magic link opened while someone else is signed in asks first: Stay keeps them and the link, Continue switches', async ({
  page,
  browser,
  baseURL,
}) => {
  const { account, link } = await signedOutWithMagicLink(page, browser, baseURL, 'magicswap')
  const other = await registerByApi(page.request, 'signedin')
  let spent = 0
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/magic-link') spent += 1
  })
  const whoIsSignedIn = async () =>
    ((await (await page.request.get('/api/user')).json()) as { username: string }).username

  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Sign in with this link?' })).toBeVisible()
  await expect(page.getByText(`You're signed in as ${other.username}. Sign in with this link instead?`)).toBeVisible()
  await page.getByRole('link', { name: `Stay signed in as ${other.username}` }).click()
  await expect(page).toHaveURL(/\/home$/)
  expect(spent).toBe(0)
  expect(await whoIsSignedIn()).toBe(other.username)

  // The link was not spent: opened again, Continue signs in with it.
  await page.goto(link.pathname + link.search)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/watchlist/, { timeout: 10_000 })
  expect(await whoIsSignedIn()).toBe(account.username)
  await expect(page.getByText(account.username, { exact: true }).first()).toBeVisible()
  await expect(page.getByText(other.username, { exact: true })).toHaveCount(0)
})

test('a magic link of the member signed in already is used without a question', async ({ page, browser, baseURL }) => {
  const { account, link } = await signedOutWithMagicLink(page, browser, baseURL, 'magicsame')
  await signInByApi(page.request, account)
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/watchlist/, { timeout: 10_000 })
  await expect(page.getByRole('heading', { name: 'Sign in with this link?' })).toHaveCount(0)
})

test('a magic link whose session check is lost goes on to its redirect after 3 s', async ({
  page,
  browser,
  baseURL,
}) => {
  const { link } = await signedOutWithMagicLink(page, browser, baseURL, 'magiclost')

  // The link signs in; every session check after it gets no answer until the failure is on screen.
  let linkUsed = false
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/magic-link') linkUsed = true
  })
  const lost = (url: URL) => url.pathname === '/api/session'
  await page.route(lost, (route) => (linkUsed ? route.abort('internetdisconnected') : route.continue()))
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('The session check failed; taking you on in a moment.')).toBeVisible()
  await page.unroute(lost)
  await expect(page).toHaveURL(/\/watchlist/, { timeout: 10_000 })
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toHaveCount(0)
})

test('a magic link without a token fails with the details shown', async ({ page }) => {
  await page.goto('/magic-link')
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible()
  await expect(page.getByText('The magic link is invalid. It may be missing required parameters.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible()
})

test('a spent magic link shows Authentication Failed with the server’s reason first, then its status', async ({
  page,
}) => {
  await page.goto('/magic-link?token=not-a-real-token')
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible()
  const reason = page.getByText('This sign-in link is not valid. Sign in with your password instead.')
  await expect(reason).toBeVisible()
  // Said before the technical details, not inside them.
  await expect(page.getByRole('group').getByText('This sign-in link is not valid.', { exact: false })).toHaveCount(0)
  await expect(page.getByText(/Authentication failed with status \d{3}/)).toBeVisible()
  await expect(page.getByText('Technical details')).toBeVisible()
})

test('a logout the server could not take keeps the member signed in, on the page, with "Logout failed"', async ({
  page,
}) => {
  await registerByApi(page.request)
  await page.goto('/profile')
  const logOut = page.getByRole('main').getByRole('button', { name: 'Log out' })
  await page.route(/\/api\/logout\b/, (route) => route.abort('internetdisconnected'))
  await logOut.click()
  await expect(toastWith(page, 'Logout failed')).toBeVisible()
  // The cookie still signs this browser in: a sign-in page here would say otherwise.
  await expect(page).toHaveURL(/\/profile$/)
  expect((await page.request.get('/api/user')).status()).toBe(200)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()

  await page.unroute(/\/api\/logout\b/)
  await logOut.click()
  await expect(page).toHaveURL(/\/sign_in$/)
  await expect(toastWith(page, "You've been successfully logged out.")).toBeVisible()
  // Pressed by the member: no "You were signed out" notice.
  await expect(page.getByText(/You were signed out/)).toHaveCount(0)
  expect((await page.request.get('/api/user')).status()).toBe(401)
})

test('logout clears the session, the cached data and the local account state', async ({ page }) => {
  await registerByApi(page.request)
  await page.goto('/profile')
  await page.evaluate(async () => {
    localStorage.setItem('reelmates.auth', JSON.stringify({ user: null, isAuthenticated: true, timestamp: Date.now() }))
    localStorage.setItem('reelmates.avatar.me', 'data:')
    sessionStorage.setItem('reelmates.catalog:trending/movies', JSON.stringify({ value: {}, expiresAt: 9e15 }))
    await caches.open('reelmates-assets')
    await caches.open('reelmates-avatars-v1')
  })
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/sign_in$/)
  await expect(toastWith(page, "You've been successfully logged out.")).toBeVisible()
  const left = await page.evaluate(async () => ({
    auth: localStorage.getItem('reelmates.auth'),
    avatar: localStorage.getItem('reelmates.avatar.me'),
    catalog: Object.keys(sessionStorage).filter((key) => key.startsWith('reelmates.catalog:')),
    caches: (await caches.keys()).filter((name) => name.startsWith('reelmates-')),
  }))
  expect(left).toEqual({ auth: null, avatar: null, catalog: [], caches: [] })
  expect((await page.request.get('/api/user')).status()).toBe(401)
  await page.goto('/home')
  await expect(page).toHaveURL(/\/sign_in/)
})
