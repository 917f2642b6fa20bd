import { expect, test, type Page } from '@playwright/test'
import { catalogMovie } from './support/api'
import { newContext } from './support/contexts'
import { registerByApi } from './support/server'

/**
 * A desktop with classic scrollbars (Windows, Linux): a modal dialog hides the page's overflow, which
 * takes the scrollbar away, and the whole page moved sideways by its width on opening and back on
 * closing. Playwright's headless Chromium hides scrollbars (`--hide-scrollbars`), under which nothing
 * ever moves; this test's browser shows them.
 */

/** The page's width beside its scrollbar, and where its heading stands in it. */
const layout = (page: Page, heading: string) =>
  page.evaluate((name) => {
    const title = [...document.querySelectorAll('h1')].find((h1) => h1.textContent === name)
    if (!title) throw new Error(`no heading "${name}"`)
    const box = title.getBoundingClientRect()
    // Not the root's clientWidth: with its overflow hidden that is the whole window, gutter or none.
    return { width: document.body.getBoundingClientRect().width, heading: { left: box.left, right: box.right } }
  }, heading)

test('opening and closing a dialog moves nothing on the page, beside a classic scrollbar', async ({
  playwright,
  baseURL,
}) => {
  const browser = await playwright.chromium.launch({
    ...test.info().project.use.launchOptions,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  })
  try {
    const context = await newContext(browser, { baseURL, viewport: { width: 1280, height: 500 } })
    const page = await context.newPage()
    await registerByApi(context.request, 'gutter')
    const title = await catalogMovie(context.request, 'casablanca')
    await page.goto(`/media/movie/${title.tmdbId}`)
    await expect(page.getByRole('heading', { level: 1, name: title.title })).toBeVisible()
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - innerHeight),
      'the page should be long enough to have a scrollbar',
    ).toBeGreaterThan(0)
    expect(
      await page.evaluate(() => innerWidth - document.documentElement.clientWidth),
      "this browser's scrollbar takes room",
    ).toBeGreaterThan(0)
    const before = await layout(page, title.title)

    await page.getByRole('button', { name: 'Mark watched', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: title.title })
    await expect(dialog).toBeVisible()
    expect(await layout(page, title.title), 'with the dialog open').toEqual(before)

    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    expect(await layout(page, title.title), 'with the dialog closed').toEqual(before)
  } finally {
    await browser.close()
  }
})
