import { expect, test } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi } from './support/server'

/**
 * Home on a phone draws only what is in reach (`MediaRow`): a row far down the page has no cards
 * until it is scrolled near, and a row shows the cards that fit across the screen until a hand is on
 * it. Each card is about 25 elements, and styling and laying out all of home's was most of its load.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test.beforeEach(async ({ page }) => {
  await registerByApi(page.request, 'rows')
})

test('a row far down home gets its cards when scrolled near, and keeps them', async ({ page }) => {
  await page.goto('/home')
  const first = page.getByRole('region', { name: 'Trending movies' })
  await expect(first.getByRole('listitem').first()).toBeVisible()
  const last = page.getByRole('region', { name: 'Popular on Hulu' })
  // Its list has landed (the request is the page's), but the row is three screens down.
  await expect(last.getByRole('link', { name: 'See all on Hulu' })).toBeAttached()
  await page.waitForLoadState('networkidle')
  await expect(last.getByRole('listitem')).toHaveCount(0)

  await last.scrollIntoViewIfNeeded()
  await expect(last.getByRole('link', { name: 'More on Hulu' })).toBeVisible()
  const cards = await last.getByRole('listitem').count()
  expect(cards).toBeGreaterThan(1)

  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(first).toBeInViewport()
  await expect(last.getByRole('listitem')).toHaveCount(cards)
})

test('with every list of home landed, nothing on it moves: rows not drawn yet wait as still shapes', async ({
  page,
}) => {
  await page.goto('/home')
  const last = page.getByRole('region', { name: 'Popular on Hulu' })
  await expect(last.getByRole('link', { name: 'See all on Hulu' })).toBeAttached()
  await page.waitForLoadState('networkidle')
  await expect(last.getByRole('listitem')).toHaveCount(0)
  // A pulse says "loading"; these rows are not, and a pulse running far down the page is work for
  // nothing for as long as home is open.
  const moving = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.className ?? ''),
    )
  await expect.poll(moving).toEqual([])
})

test('a row shows the cards that fit across the screen until it is touched, then all of them', async ({ page }) => {
  await page.goto('/home')
  const row = page.getByRole('region', { name: 'Trending movies' })
  const titles = row.getByRole('listitem').getByRole('link')
  await expect(titles.first()).toBeVisible()
  // 390 px: three cards and a cut one can be in sight (cardsAcrossScreen: ceil(390 / 130) + 1).
  await expect(titles).toHaveCount(4)
  const items = await row.getByRole('listitem').count()
  expect(items).toBeGreaterThan(4)

  await titles.first().dispatchEvent('touchstart')
  await expect(titles).toHaveCount(items)
})

test('focus entering a row draws all of its cards, so the keyboard reaches each one', async ({ page }) => {
  await page.goto('/home')
  const row = page.getByRole('region', { name: 'Trending movies' })
  const titles = row.getByRole('listitem').getByRole('link')
  await expect(titles).toHaveCount(4)
  await titles.first().focus()
  await expect(titles).toHaveCount(await row.getByRole('listitem').count())
})

test('home asks who I am once, and for my lists once, not again as each row comes near', async ({ page }) => {
  const asked: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (['/api/session', '/api/watchlist', '/api/library/watched-titles'].includes(pathname)) asked.push(pathname)
  })
  await page.goto('/home')
  await page.waitForLoadState('networkidle')
  const last = page.getByRole('region', { name: 'Popular on Hulu' })
  await last.scrollIntoViewIfNeeded()
  await expect(last.getByRole('link', { name: 'More on Hulu' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(asked.sort()).toEqual(['/api/library/watched-titles', '/api/session', '/api/watchlist'])
})

test('a window made wider draws the cards that now fit, untouched', async ({ page }) => {
  await page.goto('/home')
  const row = page.getByRole('region', { name: 'Trending movies' })
  const titles = row.getByRole('listitem').getByRole('link')
  await expect(titles).toHaveCount(4)
  // Taller only, as a phone's address bar going away makes it: still the cards that fit.
  await page.setViewportSize({ width: 390, height: 900 })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await expect(titles).toHaveCount(4)
  await page.setViewportSize({ width: 1440, height: 900 })
  await expect(titles).toHaveCount(await row.getByRole('listitem').count())
})

test('home starts with the head of my watchlist, in my order, once I keep one', async ({ page }) => {
  await page.goto('/home')
  await expect(page.getByRole('region', { name: 'Trending movies' }).getByRole('listitem').first()).toBeVisible()
  const upNext = page.getByRole('region', { name: 'Up next on your watchlist' })
  await expect(upNext).toHaveCount(0)

  const films = [
    await catalogMovie(page.request, 'casablanca'),
    await catalogMovie(page.request, 'heat'),
    await catalogMovie(page.request, 'alien'),
  ]
  for (const film of films) await sendJson(page.request, '/api/watchlist', { tmdbId: film.tmdbId, mediaType: 'movie' })
  // The last added first: my order, not the order of adding.
  await sendJson(page.request, `/api/watchlist/movie/${films[2]?.tmdbId}/move`, { toIndex: 0 })

  await page.goto('/home')
  // The first row: a new member's "Get started" card (getStarted.spec.ts) is above the rows, not one of them.
  const rows = page
    .getByRole('main')
    .getByRole('region')
    .filter({ hasNot: page.getByRole('heading', { name: 'Get started' }) })
  await expect(rows.first()).toHaveAccessibleName('Up next on your watchlist')
  const cards = upNext.getByRole('listitem')
  await expect(cards).toHaveCount(3)
  for (const [place, film] of [films[2], films[0], films[1]].entries())
    await expect(cards.nth(place)).toContainText(film?.title ?? '?')
  await upNext.getByRole('link', { name: 'See all of your watchlist' }).click()
  await expect(page).toHaveURL(/\/watchlist\?view=grid&sort=order$/)
})

test('a title logged from Up next leaves the row with the keyboard on the next title, not the page', async ({
  page,
}) => {
  const first = await catalogMovie(page.request, 'casablanca')
  const second = await catalogMovie(page.request, 'alien')
  // Either place in the row: the one left takes it, before or after.
  for (const title of [first, second])
    await sendJson(page.request, '/api/watchlist', { tmdbId: title.tmdbId, mediaType: 'movie' })
  await page.goto('/home')
  const upNext = page.getByRole('region', { name: 'Up next on your watchlist' })
  const markFirst = upNext.getByRole('button', { name: `Mark ${first.title} watched` })
  await markFirst.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: first.title })
  await expect(dialog.getByRole('switch', { name: 'Also remove from watchlist' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await dialog.getByRole('button', { name: 'Log it' }).focus()
  await page.keyboard.press('Enter')
  await expect(markFirst).toHaveCount(0)
  await expect(upNext.getByRole('button', { name: `Mark ${second.title} watched` })).toBeFocused()
})
