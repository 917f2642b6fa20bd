import { expect, test } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { registerByApi, screenshotsDir } from './support/server'

/**
 * A new member's home starts with "Get started": three steps checked from their own lists. Hiding
 * it records `onboardingCompleted` on the account, so it stays gone after a reload.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('a new member gets started from home, checks a step off, and hides the card for good', async ({ page }) => {
  mkdirSync(screenshotsDir, { recursive: true })
  await registerByApi(page.request, 'newcomer')
  await page.goto('/home')
  const card = page.getByRole('region', { name: 'Get started' })
  const steps = card.getByRole('listitem')
  await expect(steps).toHaveCount(3)
  await expect(steps.nth(0)).toContainText('Not done yet: Add a title to your watchlist')
  await expect(card).toContainText('0 of 3 steps done.')

  // The bookmark on the first trending film, as the step says.
  const trending = page.getByRole('region', { name: 'Trending movies' })
  await trending
    .getByRole('button', { name: /^Add .+ to watchlist$/ })
    .first()
    .click()
  await expect(steps.nth(0)).toContainText('Done: Add a title to your watchlist')
  await expect(card).toContainText('1 of 3 steps done.')
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${screenshotsDir}/get-started-${viewport.width}x${viewport.height}.png` })
    await card.screenshot({ path: `${screenshotsDir}/get-started-card-${viewport.width}.png` })
  }

  const saved = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/user/profile' && answer.request().method() === 'PUT',
  )
  await card.getByRole('button', { name: 'Hide Get started' }).click()
  await expect(card).toHaveCount(0)
  expect((await saved).status()).toBe(200)

  await page.reload()
  await expect(trending.getByRole('listitem').first()).toBeVisible()
  // The lists the card counts from have answered too: were it to come back, it would be here now.
  await page.waitForLoadState('networkidle')
  await expect(card).toHaveCount(0)
})

test('the card holds its place while the member’s lists come: nothing below it moves when it is drawn', async ({
  page,
}) => {
  await registerByApi(page.request, 'slowlists')
  // The friends list, one of the three the card counts from, comes late (a slow phone's network).
  await page.route(
    (url) => url.pathname === '/api/friendships',
    async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 4000))
      await route.continue()
    },
  )
  await page.goto('/home')
  const trending = page.getByRole('region', { name: 'Trending movies' })
  await expect(trending.getByRole('listitem').first()).toBeVisible()
  const card = page.getByRole('region', { name: 'Get started' })
  const before = await trending.boundingBox()
  await expect(card).toHaveCount(0)
  await expect(card).toBeVisible({ timeout: 10_000 })
  const after = await trending.boundingBox()
  expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0))).toBeLessThanOrEqual(2)
})
