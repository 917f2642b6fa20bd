import { expect, test } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi } from './support/server'

/**
 * A dialog closes in the tap of its action; a quick second tap (a double tap, a thumb that bounced)
 * must not reach what lay under it. On a phone the log's action bar rides over the bottom tabs.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test('a double tap of "Log it" logs the watch once and stays on the page, not following the Feed tab under it', async ({
  page,
}) => {
  await registerByApi(page.request, 'doubletap')
  const title = await catalogMovie(page.request, 'casablanca')
  await sendJson(page.request, '/api/watchlist', { tmdbId: title.tmdbId, mediaType: 'movie' })
  await page.goto('/watchlist')
  await page.getByRole('button', { name: `Mark ${title.title} watched`, exact: true }).tap()
  const dialog = page.getByRole('dialog', { name: title.title })
  await expect(dialog).toBeVisible()

  // A point on "Log it" with the Feed tab right under it.
  const logIt = await dialog.getByRole('button', { name: 'Log it' }).boundingBox()
  const feedTab = await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: /Feed/ }).boundingBox()
  if (!logIt || !feedTab) throw new Error('"Log it" and the Feed tab should both be on the screen')
  const x = Math.max(logIt.x + 4, Math.min(feedTab.x + feedTab.width / 2, logIt.x + logIt.width - 4))
  const top = Math.max(logIt.y, feedTab.y)
  const bottom = Math.min(logIt.y + logIt.height, feedTab.y + feedTab.height)
  expect(bottom, 'the Log it bar should lie over the Feed tab').toBeGreaterThan(top)
  const y = (top + bottom) / 2

  const logged = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/watched' && answer.request().method() === 'POST',
  )
  await page.touchscreen.tap(x, y)
  await page.touchscreen.tap(x, y)
  await expect(dialog).toBeHidden()
  expect((await logged).status()).toBeLessThan(300)
  // Time for the second tap's navigation, had it been followed.
  await page.waitForTimeout(500)
  await expect(page).toHaveURL(/\/watchlist(\?|$)/)

  // Past the moment, the tab answers a tap as ever.
  await page.touchscreen.tap(feedTab.x + feedTab.width / 2, feedTab.y + feedTab.height / 2)
  await expect(page).toHaveURL(/\/feed(\?|$)/)
})
