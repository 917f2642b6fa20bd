import { expect, test } from '@playwright/test'
import { registerByApi } from './support/server'

/**
 * On a desktop a poster row offers arrows to page it (`MediaRow`): only where it can go, so no
 * "back" arrow at its start and no "on" arrow at its end, following the row as it scrolls.
 */

test.use({ viewport: { width: 1440, height: 900 } })

test('a row offers to scroll back only once scrolled, and on only until its end', async ({ page }) => {
  await registerByApi(page.request, 'arrows')
  await page.goto('/home')
  const row = page.getByRole('region', { name: 'Trending movies' })
  const track = row.getByRole('list')
  await expect(track.getByRole('link').first()).toBeVisible()
  const back = row.getByRole('button', { name: 'Scroll left' })
  const on = row.getByRole('button', { name: 'Scroll right' })

  await row.hover()
  await expect(on).toBeVisible()
  await expect(back).toHaveCount(0)

  await on.click()
  await expect(back).toBeVisible()
  await expect(on).toBeVisible()

  await track.evaluate((list) => list.scrollTo({ left: list.scrollWidth, behavior: 'instant' }))
  await expect(on).toHaveCount(0)
  await expect(back).toBeVisible()

  await back.click()
  await expect(on).toBeVisible()
  await track.evaluate((list) => list.scrollTo({ left: 0, behavior: 'instant' }))
  await expect(back).toHaveCount(0)
  await expect(on).toBeVisible()
})
