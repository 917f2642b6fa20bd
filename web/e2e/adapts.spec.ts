import { expect, test, type Page } from '@playwright/test'
import { befriend, member } from './support/members'
import { adminAccount, csrfToken, registerByApi } from './support/server'

/**
 * Screens that adapt to the person: states drawn in colour alone vanish for some (a tab told apart by
 * a colour the stylesheet's order undid; under forced colours, Windows contrast themes, every
 * background and box-shadow), and a phone's sticky bars must not cover what the keyboard reaches.
 */
/** Casablanca's id (the offline catalog has it). */
async function casablancaId(page: Page): Promise<number> {
  const found = await page.request.get('/api/tmdb/search?query=casablanca&page=1')
  const [title] = ((await found.json()) as { results: { id: number }[] }).results
  if (!title) throw new Error('the offline catalog should have Casablanca')
  return title.id
}

/** Puts Casablanca on the member's watchlist; answers its id. */
async function casablancaOnWatchlist(page: Page): Promise<number> {
  const tmdbId = await casablancaId(page)
  const added = await page.request.post('/api/watchlist', {
    data: { tmdbId, mediaType: 'movie' },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(added.status()).toBe(201)
  return tmdbId
}

test('on a phone, the tab bar shows the tab one is on in a colour of its own', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await registerByApi(page.request, 'tabs')
  await page.goto('/feed')
  const tabs = page.getByRole('navigation', { name: 'Tabs' })
  const feed = tabs.getByRole('link', { name: /Feed/ })
  await expect(feed).toHaveAttribute('aria-current', 'page')
  const colourOf = (link: typeof feed) => link.evaluate((element) => getComputedStyle(element).color)
  expect(await colourOf(feed)).not.toBe(await colourOf(tabs.getByRole('link', { name: 'Home' })))
})

test('under forced colours, the chosen option, the page one is on and the Private switch keep an edge', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.emulateMedia({ forcedColors: 'active' })
  await registerByApi(page.request, 'contrast')
  const tmdbId = await casablancaOnWatchlist(page)
  await page.goto('/watchlist')
  const type = page.getByRole('radiogroup', { name: 'Type', exact: true })
  await expect(type).toBeVisible()
  const chosen = type.locator('label').filter({ has: page.locator('input:checked') })
  const other = type
    .locator('label')
    .filter({ has: page.locator('input:not(:checked)') })
    .first()
  expect(await chosen.evaluate((label) => getComputedStyle(label).outlineStyle)).toBe('solid')
  expect(await other.evaluate((label) => getComputedStyle(label).outlineStyle)).toBe('none')
  const here = page.locator('nav a[aria-current="page"]:visible').first()
  expect(await here.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe('solid')

  await page.goto(`/media/movie/${String(tmdbId)}`)
  await page.getByRole('button', { name: 'Mark watched' }).click()
  const privateSwitch = page.getByRole('switch', { name: 'Private' })
  const look = () =>
    privateSwitch.evaluate((element) => {
      const seen = getComputedStyle(element)
      return { border: seen.borderTopStyle, background: seen.backgroundColor }
    })
  const off = await look()
  expect(off.border).toBe('solid')
  await privateSwitch.click()
  await expect(privateSwitch).toHaveAttribute('aria-checked', 'true')
  expect((await look()).background).not.toBe(off.background)
})

test('on a phone, a field the keyboard reaches in the watch log is never under its sticky buttons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await registerByApi(page.request, 'sheet')
  // On the watchlist, so the log ends with a second switch (taking it off the list) further down.
  await page.goto(`/media/movie/${String(await casablancaOnWatchlist(page))}`)
  await page.getByRole('button', { name: 'Mark watched' }).click()
  const dialog = page.getByRole('dialog')
  const bar = await dialog.getByRole('button', { name: 'Log it' }).locator('..').boundingBox()
  const last = dialog.getByRole('switch').last()
  // Tab by tab from the dialog's first field, as a keyboard user goes.
  await dialog.getByLabel('Watched on', { exact: true }).focus()
  for (let step = 0; step < 20 && !(await last.evaluate((element) => element === document.activeElement)); step++)
    await page.keyboard.press('Tab')
  await expect(last).toBeFocused()
  const box = await last.boundingBox()
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0)
})

test('at 320 px (a 1280 px screen at 400 %), the admin overview and the top bar stay within the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  await adminAccount(page.request)
  await page.goto('/admin')
  await expect(page.locator('figcaption').filter({ hasText: 'Sign-ups per day' })).toBeVisible()
  await expect(page.locator('.recharts-surface').first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  // The name beside the mark is one word on one line, inside the bar's height.
  const name = page.getByRole('banner').getByRole('link', { name: 'Reelmates home' })
  expect((await name.boundingBox())?.height).toBeLessThanOrEqual(40)
})

test("a title card's buttons stay on the card at every width, stacked down the poster on a narrow card", async ({
  page,
}) => {
  await registerByApi(page.request, 'cards')
  // 768 and 1024: the sidebar takes its share, and a row's cards are 84 and 101 px wide.
  for (const width of [320, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/home')
    const cards = page.locator('li').filter({ has: page.getByRole('button', { name: /to watchlist$/ }) })
    await expect(cards.first()).toBeVisible()
    for (const card of (await cards.all()).slice(0, 3)) {
      const edge = await card.boundingBox()
      const buttons = await card
        .getByRole('button', { name: /to watchlist$/ })
        .locator('..')
        .boundingBox()
      expect((buttons?.x ?? 0) + (buttons?.width ?? 0), `${width} px`).toBeLessThanOrEqual(
        (edge?.x ?? 0) + (edge?.width ?? 0) + 0.5,
      )
      expect(buttons?.x ?? 0, `${width} px`).toBeGreaterThanOrEqual(edge?.x ?? 0)
      // The score under the poster stays one line, never "9." over "2".
      const score = card.getByRole('img', { name: /^Rated / })
      if ((await score.count()) > 0) expect((await score.boundingBox())?.height, `${width} px`).toBeLessThan(24)
    }
  }
})

test('with WCAG text spacing at 320 px, the words of a button stay inside it', async ({ browser, baseURL }) => {
  const me = await member(browser, baseURL ?? '', 'spacing')
  const friend = await member(browser, baseURL ?? '', 'spacer')
  await befriend(me, friend)
  const recommended = await friend.page.request.post('/api/recommendations', {
    data: { tmdbId: await casablancaId(friend.page), mediaType: 'movie', toUsernames: [me.account.username] },
    headers: { 'CSRF-Token': await csrfToken(friend.page.request) },
  })
  expect(recommended.status()).toBe(201)
  const page = me.page
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/recommendations')
  await expect(page.getByRole('button', { name: /Add .* to watchlist|Add to watchlist/ }).first()).toBeVisible()
  // WCAG 1.4.12's own test: these spacings must lose no content.
  await page.addStyleTag({
    content:
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important } p { margin-bottom: 2em !important }',
  })
  const spilled = await page
    .getByRole('main')
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter(
          (button) => button.scrollHeight > button.clientHeight + 1 || button.scrollWidth > button.clientWidth + 1,
        )
        .map((button) => button.textContent),
    )
  expect(spilled).toEqual([])
  await me.close()
  await friend.close()
})

test("the Get started card's steps go three across only where the card is wide enough for whole words", async ({
  page,
}) => {
  await registerByApi(page.request, 'starter')
  const steps = page.getByRole('region', { name: 'Get started' }).getByRole('listitem')
  const tops = async () => Promise.all((await steps.all()).map(async (step) => (await step.boundingBox())?.y ?? 0))
  // Beside the sidebar on a tablet the card is about 440 px wide: one step under another.
  await page.setViewportSize({ width: 768, height: 900 })
  await page.goto('/home')
  await expect(steps).toHaveCount(3)
  expect(new Set(await tops()).size).toBe(3)
  // On a desktop, side by side.
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect.poll(async () => new Set(await tops()).size).toBe(1)
})
