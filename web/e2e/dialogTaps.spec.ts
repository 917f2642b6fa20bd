import { expect, test, type Page } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { newContext } from './support/contexts'
import { registerByApi } from './support/server'

/**
 * A dialog closes in the tap of its action; a quick second tap (a double tap, a thumb that bounced)
 * must not reach what lay under it. On a phone the log's action bar rides over the bottom tabs. Nor
 * does a flick inside a sheet move the page under it.
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

/** Four quick flicks of a finger upwards across `box`, and the time for the page to stop gliding. */
async function flickUp(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const touch = await page.context().newCDPSession(page)
  const x = box.x + box.width / 2
  const from = box.y + box.height * 0.8
  const to = box.y + box.height * 0.2
  for (let flick = 0; flick < 4; flick++) {
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] })
    for (let step = 1; step <= 5; step++)
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: from - ((from - to) * step) / 5 }],
      })
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  }
  await touch.detach()
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const at = scrollY
        await new Promise((resolve) => setTimeout(resolve, 300))
        return scrollY === at
      }),
    )
    .toBe(true)
}

test('flicks inside an open sheet or the bell’s list leave the page behind where it was', async ({
  page,
  browser,
  baseURL,
}) => {
  const me = await registerByApi(page.request, 'stillpage')
  // Enough friend requests for the bell's list to scroll.
  for (let asker = 0; asker < 12; asker++) {
    const context = await newContext(browser, { baseURL })
    await registerByApi(context.request, 'asker')
    await sendJson(context.request, '/api/friendships', { username: me.username })
    await context.close()
  }
  const title = await catalogMovie(page.request, 'casablanca')
  await page.goto(`/media/movie/${title.tmdbId}`)
  await expect(page.getByRole('heading', { level: 1, name: title.title })).toBeVisible()
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - innerHeight),
    'the page should be long enough to scroll',
  ).toBeGreaterThan(300)

  await page.getByRole('button', { name: 'Mark watched', exact: true }).tap()
  const sheet = page.getByRole('dialog', { name: title.title })
  await expect(sheet).toBeVisible()
  await flickUp(page, (await sheet.boundingBox())!)
  expect(await page.evaluate(() => scrollY), 'the page behind the sheet').toBe(0)
  await sheet.getByRole('button', { name: 'Cancel' }).tap()
  await expect(sheet).toBeHidden()

  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .tap()
  const list = page.getByRole('list', { name: 'Notifications' })
  await expect(list.getByRole('listitem')).toHaveCount(12)
  // On the part of the list the screen shows (it runs on below the panel's foot).
  await flickUp(page, (await list.boundingBox().then((box) => box && { ...box, height: Math.min(box.height, 500) }))!)
  expect(await page.evaluate(() => scrollY), 'the page behind the bell').toBe(0)

  // The page itself still scrolls once they are gone.
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await flickUp(page, { x: 0, y: 200, width: 390, height: 400 })
  expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0)
})

/** A finger drawn slowly up the screen by `distance`, held still before it lifts, so the page does not glide on. */
async function dragUp(page: Page, distance: number) {
  const touch = await page.context().newCDPSession(page)
  const x = 195
  const from = 600
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] })
  for (let step = 1; step <= 10; step++)
    await touch.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: from - (distance * step) / 10 }],
    })
  await page.waitForTimeout(300)
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await touch.detach()
}

test('a sheet opened down the page leaves the page where it was, through flicks inside and on closing', async ({
  page,
}) => {
  await registerByApi(page.request, 'stilldown')
  const title = await catalogMovie(page.request, 'casablanca')
  await page.goto(`/media/movie/${title.tmdbId}`)
  await expect(page.getByRole('heading', { level: 1, name: title.title })).toBeVisible()
  await dragUp(page, 150)
  const end = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)

  await page.getByRole('button', { name: 'Mark watched', exact: true }).tap()
  const sheet = page.getByRole('dialog', { name: title.title })
  await expect(sheet).toBeVisible()
  // Where the page stood when the sheet opened: down it, and short of its end, so a flick could move it.
  const at = await page.evaluate(() => scrollY)
  expect(at, 'the page should be scrolled down').toBeGreaterThan(0)
  expect(at, 'the page should be able to scroll further').toBeLessThan(end - 100)

  await flickUp(page, (await sheet.boundingBox())!)
  expect(await page.evaluate(() => scrollY), 'the page behind the sheet').toBe(at)
  await sheet.getByRole('button', { name: 'Cancel' }).tap()
  await expect(sheet).toBeHidden()
  expect(await page.evaluate(() => scrollY), 'the page once the sheet is gone').toBe(at)
})
