import { expect, test, type Browser, type Page } from '@playwright/test'
import { friendshipMessages } from '@reelmates/contracts/friendships'
import { sendJson } from './support/api'
import { newContext } from './support/contexts'
import { member } from './support/members'
import { adminAccount, latestMailTo, linkIn } from './support/server'

/**
 * The accept-friend screen (spec §4, §8, §9) where nothing but the client can be wrong: no token, a
 * refused or unanswered sign-in, a session that never appears, a link opened where another account is
 * signed in. The real friend-request links (success, already friends, a link never sent) are in
 * friends.spec.ts.
 */
const acceptCall = '**/api/friendships/accept-with-token**'

async function expectErrorWithWayOn(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: "Couldn't accept the invitation" })).toBeVisible()
  await expect(page.getByText(text, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/sign_in?returnTo=%2Ffriends')
  await expect(page.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/friends')
}

/** A member asks another to be friends by their address; the link of the mail the asked one gets. */
async function mailedRequest(browser: Browser, baseURL: string, askerPrefix: string, askedPrefix: string) {
  const asker = await member(browser, baseURL, askerPrefix)
  const asked = await member(browser, baseURL, askedPrefix)
  await sendJson(asker.page.request, '/api/friendships', { email: asked.account.email })
  const mailbox = await newContext(browser, { baseURL })
  await adminAccount(mailbox.request)
  const link = linkIn(await latestMailTo(mailbox.request, asked.account.email, 'friend-request'), '/accept-friend')
  await mailbox.close()
  return { asker, asked, link }
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

test('signed out: a refused token says why; no answer at all is an authentication error', async ({ page }) => {
  await page.goto('/accept-friend?token=not-a-real-token')
  // The server's own reason (its 4xx body), not a generic text.
  await expectErrorWithWayOn(page, 'This sign-in link is not valid. Sign in with your password instead.')

  await page.route('**/api/auth/process-token**', (route) => route.abort('internetdisconnected'))
  await page.goto('/accept-friend?token=tok-offline')
  await expectErrorWithWayOn(page, 'An error occurred during authentication. Please try logging in manually.')
})

test('signed out: when the session never appears, it re-checks 3 times (1, 2, 3 s apart), then says so', async ({
  page,
}) => {
  // The page's clock, not the machine's: time moves only when the test moves it, so the gaps are
  // the screen's own delays whatever the load on the machine. Each check's time is its `_ts`.
  const start = new Date('2026-01-05T10:00:00Z')
  await page.clock.install({ time: start })
  // The sign-in answer is held until the clock is paused, so the first delay starts on the paused clock.
  let signInAsked = false
  let answerSignIn: (() => void) | undefined
  const signInAnswered = new Promise<void>((resolve) => {
    answerSignIn = resolve
  })
  await page.route('**/api/auth/process-token**', async (route) => {
    signInAsked = true
    await signInAnswered
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true }) })
  })
  const checkedAt: number[] = []
  await page.route(
    (url) => url.pathname === '/api/session',
    (route) => {
      checkedAt.push(Number(new URL(route.request().url()).searchParams.get('_ts')))
      return route.fulfill({ contentType: 'application/json', body: '{"user":null}' })
    },
  )
  let accepted = false
  await page.route(acceptCall, (route) => {
    accepted = true
    return route.abort()
  })
  await page.goto('/accept-friend?token=tok-ghost')
  await expect.poll(() => signInAsked).toBe(true)
  const pausedAt = start.getTime() + 120_000
  await page.clock.pauseAt(new Date(pausedAt))
  const afterSignIn = checkedAt.length
  answerSignIn?.()

  const notLoggedIn =
    'Authentication appears to have succeeded, but you are not logged in. Please try logging in manually.'
  // Ten seconds of page time in small steps: enough for 1 + 2 + 3 s of re-checks.
  for (let step = 0; step < 100 && !(await page.getByText(notLoggedIn, { exact: true }).isVisible()); step += 1) {
    await page.clock.runFor(100)
  }
  await expectErrorWithWayOn(page, notLoggedIn)
  expect(accepted).toBe(false)
  const rechecks = checkedAt.slice(afterSignIn)
  expect(rechecks).toHaveLength(3)
  const gaps = rechecks.map((at, index) => at - (index === 0 ? pausedAt : (rechecks[index - 1] ?? at)))
  // Never before its delay; and since the page may still be answering a check while the clock takes
  // a step or two, after it by less than the next delay adds: 1 s, then 2 s, then 3 s.
  gaps.forEach((gap, index) => {
    expect(gap).toBeGreaterThanOrEqual((index + 1) * 1000)
    expect(gap).toBeLessThan((index + 2) * 1000)
  })
})

test('signed out, a link mailed before a new password signs nobody in; signing in leads to the request, waiting', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const { asker, asked, link } = await mailedRequest(browser, baseURL ?? '', 'asker', 'moved')
  await sendJson(
    asked.page.request,
    '/api/user/profile',
    { currentPassword: asked.account.password, newPassword: 'a-brand-new-horse' },
    'PUT',
  )

  const visitor = await newContext(browser, { baseURL })
  const page = await visitor.newPage()
  await page.goto(link)
  await expectErrorWithWayOn(page, friendshipMessages.signInEndedByPassword)
  expect((await page.request.get('/api/user')).status()).toBe(401)
  await page.getByRole('link', { name: 'Go to Login' }).click()
  await page.getByLabel('Username').fill(asked.account.username)
  await page.getByLabel('Password').fill('a-brand-new-horse')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/friends$/)
  await expect(page.getByRole('button', { name: `Accept ${asker.account.username}'s friend request` })).toBeVisible()
  await visitor.close()
  await asker.close()
  await asked.close()
})

test('signed in as another account: it says so, and logging out to sign in as the right one accepts the request', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const { asker, asked, link } = await mailedRequest(browser, baseURL ?? '', 'asker', 'asked')
  const other = await member(browser, baseURL ?? '', 'sharer')

  // The asked member opens the mail on a computer where someone else is signed in.
  const page = other.page
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This request was sent to another account' })).toBeVisible()
  await expect(page.getByText(`You're signed in as ${other.account.username}.`)).toBeVisible()
  // Not "Go to Login": the sign-in page sends a member home, a dead end.
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/home')
  await page.getByRole('button', { name: 'Log out and sign in' }).click()
  await expect(page).toHaveURL(/\/sign_in\?returnTo=%2Faccept-friend%3Ftoken%3D/)
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.getByLabel('Username').fill(asked.account.username)
  await page.getByLabel('Password').fill(asked.account.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: "You're now friends!" })).toBeVisible()
  await expect(page.getByText(`You and ${asker.account.username} are now friends.`).first()).toBeVisible()
  await expect(page).toHaveURL(/\/friends$/, { timeout: 5000 })
  await asker.close()
  await asked.close()
  await other.close()
})

test('opened by the one who sent it, where they are signed in: the same way to the account it was sent to', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const { asker, asked, link } = await mailedRequest(browser, baseURL ?? '', 'homeasker', 'homeasked')

  // A shared family computer: the asked member opens the mail where the asker is signed in.
  await asker.page.goto(link)
  await expect(asker.page.getByRole('heading', { name: 'This request was sent to another account' })).toBeVisible()
  await expect(asker.page.getByText(`You're signed in as ${asker.account.username}.`)).toBeVisible()
  await expect(asker.page.getByRole('button', { name: 'Log out and sign in' })).toBeVisible()
  await expect(asker.page.getByRole('link', { name: 'Go to Login' })).toHaveCount(0)
  await asker.close()
  await asked.close()
})
