import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { member, type Member } from './support/members'
import { csrfToken, screenshotsDir } from './support/server'
import { chooseWatchlistAction } from './support/watchlistMenu'

/**
 * My own data where titles appear (issue 15 item 7): a watched mark with my rating on every title
 * card, fetched once per screen; every watch of a title with its review on the title's page;
 * labelled watchlist actions and unabridged titles on a phone; a "Title not found" state; and the
 * same count of a service's originals on home and on its page.
 */
mkdirSync(screenshotsDir, { recursive: true })
// A screen's first answers can take a while when many test runs share the machine's two cores.
const expect = baseExpect.configure({ timeout: 30_000 })
const sizes = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const

interface Movie {
  tmdbId: number
  title: string
}

async function send(request: APIRequestContext, method: 'POST' | 'DELETE', path: string, data?: unknown) {
  const answer = await request.fetch(path, { method, data, headers: { 'CSRF-Token': await csrfToken(request) } })
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300)
  return (await answer.json()) as { entryId?: string }
}

/** The films a search for `query` shows, in its order, as the search screen lists them. */
async function searchResults(request: APIRequestContext, query: string): Promise<Movie[]> {
  const answer = await request.get(`/api/tmdb/search?query=${encodeURIComponent(query)}&page=1`)
  const { results } = (await answer.json()) as { results: { id: number; media_type: string; title?: string }[] }
  return results
    .filter((result) => result.media_type === 'movie' && result.title)
    .map((result) => ({ tmdbId: result.id, title: result.title ?? '' }))
}

const watch = (request: APIRequestContext, movie: Movie, fields: Record<string, unknown>) =>
  send(request, 'POST', '/api/watched', { tmdbId: movie.tmdbId, mediaType: 'movie', ...fields })

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

/** A title card in a row or grid: the list item that names exactly this title. */
const cardOf = (scope: Page | Locator, title: string) => {
  // `has` is matched inside each list item, so it starts from the page, not from the scope.
  const page = 'mainFrame' in scope ? scope : scope.page()
  return scope
    .getByRole('listitem')
    .filter({ has: page.getByRole('paragraph').getByText(title, { exact: true }) })
    .first()
}

async function screenshots(page: Page, name: string) {
  for (const size of sizes) {
    await page.setViewportSize(size)
    await page.screenshot({ path: join(screenshotsDir, `${name}-${size.width}x${size.height}.png`) })
  }
}

// Each walk visits several screens at two sizes on a machine shared by many test runs.
test.describe.configure({ timeout: 180_000 })

let me: Member | undefined
test.afterEach(async () => {
  await me?.close()
})

test('watched titles carry my mark and rating on every card, from one request per screen', async ({
  browser,
  baseURL,
}) => {
  me = await member(browser, baseURL ?? '', 'cards')
  const { page } = me
  const [rated, unrated, untouched] = await searchResults(page.request, 'godfather')
  if (!rated || !unrated || !untouched) throw new Error('the offline catalog should have three Godfather films')
  await watch(page.request, rated, { rating: 8, watchedAt: daysAgo(3) })
  await watch(page.request, unrated, { watchedAt: daysAgo(2) })
  await expect
    .poll(async () => ((await (await page.request.get('/api/library/watched-titles')).json()) as { items: [] }).items)
    .toHaveLength(2)

  const markCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/library/watched-titles')) markCalls.push(request.url())
  })
  await page.goto('/search?q=godfather')
  const ratedMark = cardOf(page, rated.title).getByTestId('watched-mark')
  await expect(ratedMark).toHaveText(/★ 4$/)
  await expect(ratedMark).toContainText('Watched, you rated it 4 stars')
  await expect(cardOf(page, unrated.title).getByTestId('watched-mark')).toHaveText(/Watched/)
  await expect(cardOf(page, untouched.title).getByTestId('watched-mark')).toHaveCount(0)
  // A screen full of cards asks for my watched titles once, not once per card.
  expect(markCalls).toHaveLength(1)
  await screenshots(page, 'cards-search-watched')

  // Logging a watch from a card marks it at once, and the mark stays once the server has it.
  await page.setViewportSize(sizes[1])
  await page.getByRole('button', { name: `Mark ${untouched.title} watched`, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: untouched.title })
  // The star's label, not the readout beside the stars, which says the same words once a star is hovered.
  await dialog.locator('label', { hasText: /^3 stars$/ }).click()
  await dialog.getByRole('button', { name: 'Log it' }).click()
  await expect(cardOf(page, untouched.title).getByTestId('watched-mark')).toHaveText(/★ 3$/)
  await page.reload()
  await expect(cardOf(page, untouched.title).getByTestId('watched-mark')).toHaveText(/★ 3$/)
  // Its eye is a check now: a press logs another watch, and the sheet says so.
  await page.getByRole('button', { name: `Watched ${untouched.title} 1×, log another watch`, exact: true }).click()
  const again = page.getByRole('dialog', { name: untouched.title })
  await expect(again).toContainText('I watched it again…')
  await expect(again).toContainText('Already in your diary once: this logs a rewatch.')
  await again.getByRole('button', { name: 'Close' }).click()
  await expect(again).toBeHidden()

  // The home carousels mark them too.
  const trending = (await (await page.request.get('/api/tmdb/trending/movies')).json()) as {
    results: { id: number; title: string }[]
  }
  const first = trending.results[0]
  if (!first) throw new Error('the offline catalog trends some films')
  await watch(page.request, { tmdbId: first.id, title: first.title }, { rating: 10 })
  // Logged behind the app's back (no X-Min-Position): wait until the read model has it.
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/library/watched-titles')).json()))
    .toContain(`"tmdbId":${first.id}`)
  await page.goto('/home')
  const row = page.getByRole('region', { name: 'Trending movies' })
  await expect(cardOf(row, first.title).getByTestId('watched-mark')).toHaveText(/★ 5$/)
  await screenshots(page, 'cards-home-watched')
})

test("a title's page shows every watch of it with my reviews, newest first, and a removal unmarks its cards", async ({
  browser,
  baseURL,
}) => {
  me = await member(browser, baseURL ?? '', 'rewatch')
  const { page } = me
  const [movie] = await searchResults(page.request, 'casablanca')
  if (!movie) throw new Error('the offline catalog should have Casablanca')
  await watch(page.request, movie, { rating: 6, review: 'Slow to start, then it had me.', watchedAt: daysAgo(400) })
  await watch(page.request, movie, { rating: 10, review: 'Even better the second time.', watchedAt: daysAgo(5) })

  await page.goto(`/media/movie/${movie.tmdbId}`)
  const yours = page.getByRole('region', { name: 'Your 2 watches' })
  await expect(yours).toBeVisible()
  const entries = yours.getByRole('listitem')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Even better the second time.')
  await expect(entries.nth(0).getByRole('img', { name: '5 stars' })).toBeVisible()
  await expect(entries.nth(1)).toContainText('Slow to start, then it had me.')
  await expect(entries.nth(1).getByRole('img', { name: '3 stars' })).toBeVisible()
  // The stars are the rating: no second score out of ten beside them.
  await expect(yours).not.toContainText('/10')
  await yours.scrollIntoViewIfNeeded()
  await screenshots(page, 'cards-media-your-watches')

  // Removing both watches here unmarks the title's cards: the marks are fetched again.
  await page.setViewportSize(sizes[1])
  for (let left = 2; left > 0; left--) {
    const refetched = page.waitForResponse((answer) => answer.url().includes('/api/library/watched-titles'))
    await page
      .getByRole('button', { name: `Remove your entry for ${movie.title}` })
      .first()
      .click()
    await refetched
  }
  await expect(page.getByRole('region', { name: /^Your .*watch/ })).toHaveCount(0)
  const marks = (await (await page.request.get('/api/library/watched-titles')).json()) as { items: unknown[] }
  expect(marks.items).toEqual([])
})

test.describe('the watchlist on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('names every action, keeps the rest behind one "More actions" menu, and never cuts a title short', async ({
    browser,
    baseURL,
  }) => {
    me = await member(browser, baseURL ?? '', 'phone')
    const { page } = me
    await page.setViewportSize(sizes[0])
    const found = await searchResults(page.request, 'the')
    const longest = [...found].sort((a, b) => b.title.length - a.title.length)[0]
    const others = found.filter((movie) => movie !== longest).slice(0, 3)
    if (!longest || others.length < 3) throw new Error('the offline catalog should have films for "the"')
    for (const movie of [longest, ...others])
      await send(page.request, 'POST', '/api/watchlist', { tmdbId: movie.tmdbId, mediaType: 'movie' })
    await watch(page.request, others[0] as Movie, { rating: 7 })

    await page.goto('/watchlist')
    const card = page.getByRole('article', { name: longest.title, exact: true })
    await expect(card).toBeVisible()
    // Every button in a card has words on it, or is the one labelled menu.
    for (const button of await card.getByRole('button').all()) {
      const name = (await button.getAttribute('aria-label')) ?? ''
      const text = (await button.innerText()).trim()
      expect(text.length > 0 || /^(More actions for|Move) /.test(name), `button "${name}" has no words`).toBe(true)
    }
    await expect(card.getByRole('button', { name: `Mark ${longest.title} watched`, exact: true })).toHaveText(
      'Mark watched',
    )
    await expect(
      page.getByRole('article', { name: (others[0] as Movie).title }).getByTestId('watched-mark'),
    ).toHaveText(/★ 3½$/)
    await screenshots(page, 'cards-watchlist-grid')
    await page.setViewportSize(sizes[0])

    await card.getByRole('button', { name: `More actions for ${longest.title}` }).tap()
    const menu = page.getByRole('menu')
    for (const item of ['Add a note', 'Move later', 'Remove from watchlist'])
      await expect(menu.getByRole('menuitem', { name: item, exact: true })).toBeVisible()
    await page.screenshot({ path: join(screenshotsDir, 'cards-watchlist-menu-390x844.png') })
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    // Chosen from the menu: the note dialog opens and takes the note.
    await chooseWatchlistAction(page, longest.title, 'Add a note', 'touch')
    const noteDialog = page.getByRole('dialog', { name: longest.title })
    await noteDialog.getByLabel(`Note for ${longest.title}`).fill('For a rainy Sunday')
    await noteDialog.getByRole('button', { name: 'Save note' }).tap()
    await expect(page.getByText('“For a rainy Sunday”')).toBeVisible()

    await page.goto('/watchlist?view=list')
    const row = page.getByRole('article', { name: longest.title, exact: true })
    // The last of the two: a poster without an image also prints the title on its placeholder.
    const title = row.getByText(longest.title, { exact: true }).last()
    await expect(title).toBeVisible()
    // The whole title is there: nothing clipped, no ellipsis, no line clamp.
    const clipped = await title.evaluate((element) => {
      const style = getComputedStyle(element)
      return (
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1 ||
        style.textOverflow === 'ellipsis' ||
        style.webkitLineClamp !== 'none'
      )
    })
    expect(clipped).toBe(false)
    await expect(row.getByText(/Film/)).toBeVisible()
    await expect(row.getByRole('button', { name: `Mark ${longest.title} watched`, exact: true })).toHaveText(
      'Mark watched',
    )
    await chooseWatchlistAction(page, longest.title, 'Move down', 'touch')
    await expect(page.locator('[data-title-key] article').nth(1)).toHaveAttribute('aria-label', longest.title)
    await screenshots(page, 'cards-watchlist-list')
  })
})

test('an unknown title says so, with ways on', async ({ browser, baseURL }) => {
  me = await member(browser, baseURL ?? '', 'missing')
  const { page } = me
  const answer = await page.goto('/media/movie/999999999')
  // The app says it, and so does the status, for crawlers and link checkers.
  expect(answer?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Title not found' })).toBeVisible()
  await expect(page.getByText(/couldn’t find a movie with this id/)).toBeVisible()
  await expect(page).toHaveTitle('Title not found · Reelmates')
  const ways = page.getByRole('navigation', { name: 'Ways on' })
  await expect(ways.getByRole('link', { name: 'Search titles' })).toBeVisible()
  await expect(ways.getByRole('link', { name: 'Go home' })).toBeVisible()
  await screenshots(page, 'cards-title-not-found')
  await page.setViewportSize(sizes[1])
  await ways.getByRole('link', { name: 'Search titles' }).click()
  await expect(page).toHaveURL(/\/search/)
})

test('a title card reached with the keyboard shows where the focus is', async ({ browser, baseURL }) => {
  me = await member(browser, baseURL ?? '', 'keys')
  const { page } = me
  await page.goto('/trending-movies')
  const card = page.getByRole('list', { name: 'Trending movies' }).getByRole('link').first()
  await expect(card).toBeVisible()
  // Tab until the first card's link has the focus, as a keyboard user gets there.
  for (let presses = 0; presses < 80 && !(await card.evaluate((link) => link === document.activeElement)); presses++)
    await page.keyboard.press('Tab')
  await expect(card).toBeFocused()
  const outline = await card.evaluate((link) => {
    const style = getComputedStyle(link)
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) }
  })
  expect(outline.style).not.toBe('none')
  expect(outline.width).toBeGreaterThanOrEqual(2)
})

test('home and a provider page name the same number of its originals', async ({ browser, baseURL }) => {
  me = await member(browser, baseURL ?? '', 'counts')
  const { page } = me
  const total = (text: string | null) => /of the (\d+) series made for Netflix/.exec(text ?? '')?.[1]

  await page.goto('/home')
  const row = page.getByRole('region', { name: 'Popular on Netflix' })
  await row.scrollIntoViewIfNeeded()
  await expect(row.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 })
  await expect(row.getByText(/series made for Netflix/)).toBeVisible()
  const onHome = total(await row.getByText(/series made for Netflix/).textContent())

  await page.goto('/provider/8')
  const notice = page.getByText(/series made for Netflix/).first()
  await expect(notice).toBeVisible()
  const onPage = total(await notice.textContent())
  expect(onHome).toMatch(/^\d+$/)
  expect(onPage).toBe(onHome)
  await expect(notice).toContainText(`20 of the ${onPage} series made for Netflix`)
  await screenshots(page, 'cards-provider-count')
})
