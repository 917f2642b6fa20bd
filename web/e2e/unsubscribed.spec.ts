import { expect, test, type Page } from '@playwright/test'
import { registerByApi, signInByApi, signOutByApi } from './support/server'

/** The unsubscribed screen (spec §2, §5, §8): the three flags, the email confirmation, the way on. */

const heading = (page: Page) => page.getByRole('heading', { level: 1 })

async function expectWayOn(page: Page) {
  await expect(page.getByRole('link', { name: 'Email preferences' })).toHaveAttribute(
    'href',
    '/profile#email-preferences',
  )
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home')
  await expect(page.getByRole('link', { name: 'support@reelmates.app' })).toHaveAttribute(
    'href',
    'mailto:support@reelmates.app',
  )
}

test('success: says the emails stop, with the way to preferences, home and support', async ({ page }) => {
  await page.goto('/unsubscribed?success=true')
  await expect(heading(page)).toHaveText("You're unsubscribed")
  await expect(page.getByRole('status').filter({ hasText: "You won't receive tips and news emails" })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectWayOn(page)
})

test('error: the Unsubscribe Failed alert, in its own words, never the address’s', async ({ page }) => {
  await page.goto('/unsubscribed?error=true')
  await expect(heading(page)).toHaveText('Unsubscribe Failed')
  await expect(page.getByRole('alert').filter({ hasText: 'Unsubscribe Failed' })).toContainText(
    "We couldn't update your email preferences from that link.",
  )
  // The address stays as the link wrote it (the flag was once written back as error=%22true%22).
  expect(new URL(page.url()).search).toBe('?error=true')
  await page.goto('/unsubscribed?error=' + encodeURIComponent('Your account is locked: call 555-0100'))
  const alert = page.getByRole('alert').filter({ hasText: 'Unsubscribe Failed' })
  await expect(alert).toContainText("We couldn't update your email preferences from that link.")
  await expect(page.getByText('Your account is locked')).toHaveCount(0)
  await expect(page.getByText("You're unsubscribed")).toHaveCount(0)
  await expectWayOn(page)
})

test('no flag: claims nothing, and points to the email preferences', async ({ page }) => {
  await page.goto('/unsubscribed')
  await expect(heading(page)).toHaveText('Email preferences')
  await expect(page.getByText(/unsubscribed/i)).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectWayOn(page)
})

test('special: the address is confirmed, checked, and the emails stop for that account', async ({ page }) => {
  const account = await registerByApi(page.request, 'unsub')
  await signOutByApi(page.request)
  await page.goto('/unsubscribed?special=true&email=' + encodeURIComponent(account.email))
  await expect(heading(page)).toHaveText('Confirm your email')
  const email = page.getByLabel('Email')
  await expect(email).toHaveValue(account.email)

  // Spec §5: non-empty and with an at-sign, said before any call.
  let calls = 0
  page.on('request', (request) => {
    if (request.url().includes('/api/update-email-preferences')) calls += 1
  })
  for (const wrong of ['', '   ', 'no-at-sign']) {
    await email.fill(wrong)
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  }
  expect(calls).toBe(0)

  // The server checks the whole address: its refusal is said under the field too, not as a failure.
  await email.fill('a@b')
  const refused = page.waitForResponse('**/api/update-email-preferences**')
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  expect((await refused).status()).toBe(400)
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Unsubscribe Failed' })).toHaveCount(0)
  expect(calls).toBe(1)

  await email.fill(account.email)
  const sent = page.waitForRequest('**/api/update-email-preferences**')
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  expect((await sent).postDataJSON()).toEqual({ email: account.email, receiveCampaignEmails: false })
  await expect(
    page.getByRole('status').filter({
      hasText: "You won't receive tips and news emails any more. This does not change account emails or your digest.",
    }),
  ).toBeVisible()
  await expect(heading(page)).toHaveText("You're unsubscribed")
  await expect(page.getByLabel('Email')).toHaveCount(0)

  await signInByApi(page.request, account)
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/user')).json()) as { receiveCampaignEmails: boolean })
          .receiveCampaignEmails,
    )
    .toBe(false)
})

test('special: a refusal and a broken connection have their own messages', async ({ page }) => {
  await page.goto('/unsubscribed?special=true&email=someone%40example.com')
  await page.route('**/api/update-email-preferences**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: false, message: '' }) }),
  )
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  const failure = page.getByRole('alert').filter({ hasText: 'Unsubscribe Failed' })
  await expect(failure).toContainText('Failed to update preferences. Please try again.')

  await page.unroute('**/api/update-email-preferences**')
  await page.route('**/api/update-email-preferences**', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(failure).toContainText('An error occurred. Please try again later.')
  await expect(heading(page)).toHaveText('Confirm your email')
})

test('the Email preferences button opens the profile at that section', async ({ page }) => {
  await registerByApi(page.request, 'prefs')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/unsubscribed?success=true')
  await page.getByRole('link', { name: 'Email preferences' }).click()
  await expect(page).toHaveURL(/\/profile#email-preferences$/)
  const section = page.getByRole('group', { name: 'Email preferences' })
  // Mostly in view (left where it was, it would peek in at the bottom edge only).
  await expect(section).toBeInViewport({ ratio: 0.9 })
  await expect(section.getByRole('checkbox', { name: 'Tips and news emails' })).toBeChecked()
})
