import { expect, test, type Page } from '@playwright/test'

/**
 * The accept-friend screen (spec §4, §8, §9) where nothing but the client can be wrong: no token, a
 * refused or unanswered sign-in, a session that never appears. The real friend-request links (success,
 * already friends, a link never sent) are in friends.spec.ts.
 */
const acceptCall = '**/api/friendships/accept-with-token**'

async function expectErrorWithWayOn(page: Page, text: string) {
  await expect(page.getByRole('heading', { name: "Couldn't accept the invitation" })).toBeVisible()
  await expect(page.getByText(text, { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/sign_in')
  await expect(page.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/friends')
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
