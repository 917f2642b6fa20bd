import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { registerByApi, screenshotsDir } from './support/server'

/**
 * Discovery in a real browser against the real server (embedded column, offline catalog unless a
 * TMDB token is set): autocomplete → details, a provider page, home's rows; screenshots of home,
 * search and details on a phone and a desktop; and no serious or critical axe violation on them.
 */

const screenshots = `${screenshotsDir}/`
mkdirSync(screenshots, { recursive: true })

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const

/** The Godfather's id in whichever catalog the server runs. */
async function godfatherId(page: Page): Promise<number> {
  const answer = await page.request.get('/api/tmdb/autocomplete?query=godfather')
  const { results } = (await answer.json()) as { results: { id: number; title?: string }[] }
  const film = results.find((result) => result.title === 'The Godfather')
  expect(film, 'the catalog knows The Godfather').toBeDefined()
  return film?.id ?? 0
}

/** The search for `query` is answered only once the function this returns is called. */
async function holdSearchAnswer(page: Page, query: string): Promise<() => void> {
  let answer = () => {}
  const answered = new Promise<void>((resolve) => (answer = resolve))
  await page.route(new RegExp(`/api/tmdb/search\\?query=${query}\\b`), async (route) => {
    await answered
    await route.continue()
  })
  return answer
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([])
}

test.beforeEach(async ({ page }) => {
  await registerByApi(page.request, 'disc')
})

test('search: autocomplete waits for 2 characters, is keyboard navigable, and opens the details page', async ({
  page,
}) => {
  const suggestionCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/tmdb/autocomplete')) suggestionCalls.push(request.url())
  })
  await page.clock.install()
  await page.goto('/search')
  const field = page.getByRole('combobox', { name: 'Search movies and TV shows' })
  await expect(field).toBeFocused()
  // The built-in catalog's index forgives typos (live TMDB search would not, and the line says so only here).
  await expect(page.getByText('Find any film or show by its title, even with a typo.')).toBeVisible()

  await field.pressSequentially('g')
  // One character never asks: a full second of page time lets any debounced call go out, and a
  // request sent then would be seen before the ones typed after it.
  await page.clock.runFor(1000)

  await field.pressSequentially('odfather')
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(suggestions.getByRole('option').first()).toContainText('The Godfather')
  expect(suggestionCalls.length).toBeGreaterThan(0)
  expect(suggestionCalls.filter((url) => new URL(url).searchParams.get('query') === 'g')).toEqual([])
  await expect(field).toHaveAttribute('aria-expanded', 'true')
  // Debounced: typing "odfather" quickly asked far fewer times than it had keys.
  expect(suggestionCalls.length).toBeLessThan(8)

  await field.press('ArrowDown')
  const highlighted = page.locator(`#${await field.getAttribute('aria-activedescendant')}`)
  await expect(highlighted).toHaveAttribute('aria-selected', 'true')
  await expect(highlighted).toContainText('The Godfather')
  await field.press('Escape')
  await expect(field).toHaveAttribute('aria-expanded', 'false')
  await field.press('ArrowDown')
  await field.press('Enter')

  await expect(page).toHaveURL(/\/media\/movie\/-?\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'The Godfather' })).toBeVisible()
  await expect(page).toHaveTitle('The Godfather · Reelmates')
  await expect(page.locator('article header')).toContainText('1972')
  await expect(page.getByRole('heading', { name: 'Where to watch' })).toBeVisible()
})

test('search: Enter searches, results are paged, and the query lives in the address', async ({ page }) => {
  await page.goto('/search')
  const field = page.getByRole('combobox', { name: 'Search movies and TV shows' })
  await field.fill('the')
  await field.press('Enter')
  await expect(page).toHaveURL(/[?&]q=the/)
  const results = page.getByRole('list', { name: 'Results for the' })
  await expect(results.getByRole('link').first()).toBeVisible()
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  await page.getByRole('button', { name: 'Next →' }).press('Enter')
  await expect(page).toHaveURL(/[?&]page=2/)
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  // The keyboard goes on from the new page's heading at the top, not from the pager at its foot.
  await expect(page.getByRole('heading', { name: /results for “the” \(page 2 of \d+\)$/ })).toBeFocused()
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()

  // A new search from the field: the keyboard goes on from its results' heading, not the page's body.
  await field.fill('godfather')
  await field.press('Enter')
  await expect(page.getByRole('heading', { name: /results for “godfather”/ })).toBeFocused()
  // While a slow answer comes, the keyboard waits on the page's heading (not the page's body), and the
  // last search's results, dimmed, are not named as the new one's.
  const answer = await holdSearchAnswer(page, 'alien')
  await field.fill('alien')
  await field.press('Enter')
  await expect(page.getByRole('heading', { name: 'Searching for “alien”…' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeFocused()
  await expect(page.getByRole('list', { name: 'Results for alien' })).toHaveCount(0)
  answer()
  await expect(page.getByRole('heading', { name: /results for “alien”/ })).toBeFocused()
  await expect(page.getByRole('list', { name: 'Results for alien' })).toBeVisible()
  // One with no results: from the page's heading, the field next.
  await field.fill('qxjzvwqxjz')
  await field.press('Enter')
  await expect(page.getByText(/No titles match “qxjzvwqxjz”/)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(field).toBeFocused()
  // After no results, a slow search does not say the new words match nothing while its answer comes.
  const answerHeat = await holdSearchAnswer(page, 'heat')
  await field.fill('heat')
  await field.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Loading this search…' })).toBeAttached()
  await expect(page.getByText(/No titles match/)).toHaveCount(0)
  answerHeat()
  await expect(page.getByRole('heading', { name: /results for “heat”/ })).toBeFocused()
})

test('search: a page past the last says where the results end and goes there', async ({ page }) => {
  await page.goto('/search?q=the&page=1')
  const last = Number(/of (\d+)$/.exec((await page.getByText(/^Page 1 of \d+$/).textContent()) ?? '')?.[1])
  expect(last).toBeGreaterThan(1)
  await page.goto(`/search?q=the&page=${last + 5}`)
  await expect(page.getByText(`There is no page ${last + 5} for “the”: its results end on page ${last}.`)).toBeVisible()
  await expect(page.getByText(/No titles match/)).toHaveCount(0)
  await page.getByRole('button', { name: `Go to page ${last}` }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`))
  await expect(page.getByText(`Page ${last} of ${last}`, { exact: true })).toBeVisible()
})

test('search: a search for a number is in the address as typed, and an old quoted address still reads', async ({
  page,
}) => {
  await page.goto('/search')
  const field = page.getByRole('combobox', { name: 'Search movies and TV shows' })
  await field.fill('1984')
  await field.press('Enter')
  await expect(page).toHaveURL((url) => url.search === '?q=1984')
  await page.reload()
  await expect(field).toHaveValue('1984')

  // Addresses written before (`?q=%221984%22`) still search for 1984.
  await page.goto('/search?q=%221984%22')
  await expect(field).toHaveValue('1984')
})

test.describe('on a phone', () => {
  test.use({ viewport: viewports.phone, hasTouch: true, isMobile: true })

  test('search: the suggestions end above the tab bar, and the arrows bring the highlighted one into view', async ({
    page,
  }) => {
    await page.goto('/home')
    const field = page.getByRole('combobox', { name: 'Search movies and TV shows' }).first()
    await field.fill('star')
    const list = page.getByRole('listbox', { name: 'Suggestions' })
    const options = list.getByRole('option')
    await expect(options).toHaveCount(10)
    const tabs = await page.getByRole('navigation', { name: 'Tabs' }).boundingBox()
    const box = await list.boundingBox()
    expect(tabs && box ? box.y + box.height : Infinity).toBeLessThanOrEqual(tabs?.y ?? 0)
    for (let step = 0; step < 10; step += 1) await field.press('ArrowDown')
    await expect(options.nth(9)).toHaveAttribute('aria-selected', 'true')
    // Within the list's visible part, which ends above the tab bar.
    const last = await options.nth(9).boundingBox()
    expect(last && box ? last.y + last.height : Infinity).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) + 1)
    expect(last?.y ?? -1).toBeGreaterThanOrEqual(box?.y ?? 0)
  })
})

test('search: the field stops at 200 characters, so autocomplete is never refused', async ({ page }) => {
  const refused: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/tmdb/') && response.status() === 400) refused.push(response.url())
  })
  const longest = 'godfather '.repeat(20)
  const suggestedForLongest = page.waitForResponse(
    (response) =>
      response.url().includes('/api/tmdb/autocomplete') &&
      new URL(response.url()).searchParams.get('query') === longest.trim(),
  )
  await page.goto('/search')
  const field = page.getByRole('combobox', { name: 'Search movies and TV shows' })
  await field.pressSequentially('godfather '.repeat(30), { delay: 0 })
  await expect(field).toHaveValue(longest)
  expect((await suggestedForLongest).status()).toBe(200)
  const searched = page.waitForResponse((response) => response.url().includes('/api/tmdb/search'))
  await field.press('Enter')
  expect((await searched).status()).toBe(200)
  expect(refused).toEqual([])
})

test('a provider page lists its titles with its logo, and follows the region and genre chosen', async ({ page }) => {
  await page.goto('/provider/8')
  await expect(page.getByRole('heading', { level: 1, name: 'Netflix' })).toBeVisible()
  await expect(page).toHaveTitle('Netflix · Reelmates')
  const logo = page.locator('img[src*="/logos/png/netflix.png?v="]').first()
  await expect(logo).toBeVisible()
  // Visible is laid out, not loaded: wait for the picture itself.
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)
  const titles = page.getByRole('list', { name: 'Popular on Netflix' }).getByRole('link')
  await expect(titles.first()).toBeVisible()
  expect(await titles.count()).toBeGreaterThan(5)

  // Offline, the page says what it shows: the service's own originals, not today's popularity.
  await expect(page.getByText('Netflix originals in the offline catalog')).toBeVisible()
  await expect(page.getByText('Popular in United States right now')).toHaveCount(0)
  await page.getByLabel('Region').selectOption('GB')
  await expect(page).toHaveURL(/[?&]region=GB/)
  // Offline, a service's titles are its series: the chips are TV genres only, never the film genres
  // beside them ("Action" beside "Action & Adventure").
  const genres = page.getByRole('group', { name: 'Genre' })
  await expect(genres.getByRole('button', { name: 'Sci-Fi & Fantasy', exact: true })).toBeVisible()
  for (const filmGenre of ['Action', 'Science Fiction', 'War', 'Thriller']) {
    await expect(genres.getByRole('button', { name: filmGenre, exact: true })).toHaveCount(0)
  }

  const drama = genres.getByRole('button', { name: 'Drama', exact: true })
  await drama.click()
  await expect(drama).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/[?&]genre=18/)
  await expect(titles.first()).toBeVisible()
})

test('every genre chip of a provider page finds titles of the service in that genre', async ({ page }) => {
  await page.goto('/provider/8')
  const genres = page.getByRole('group', { name: 'Genre' })
  await expect(genres.getByRole('button').nth(1)).toBeVisible()
  const names = (await genres.getByRole('button').allTextContents()).filter((name) => name !== 'All genres')
  expect(names.length).toBeGreaterThan(1)
  const notice = page.getByText(/^Offline catalog:/)
  for (const name of names) {
    const chip = genres.getByRole('button', { name, exact: true })
    await chip.click()
    // Pressed, the chip's own list is the one asked for: the notice shown after it is that list's.
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await expect(notice).toContainText('in this genre')
    await expect(notice, name).not.toContainText('no series made for Netflix in this genre')
  }
})

test('a provider page asked for a region that is none shows the default region, and the address says so', async ({
  page,
}) => {
  await page.goto('/provider/8?region=ZZ&genre=18')
  await expect(page.getByRole('heading', { level: 1, name: 'Netflix' })).toBeVisible()
  await expect(page).toHaveURL((url) => url.pathname === '/provider/8' && url.search === '?genre=18')
  await expect(page.getByLabel('Region')).toHaveValue('US')
  await expect(page.getByText('Unknown Region')).toHaveCount(0)
  // The API refuses it too, with a message, rather than asking TMDB for a place that does not exist.
  const answer = await page.request.get('/api/tmdb/trending/provider/8?region=ZZ')
  expect(answer.status()).toBe(400)
  expect(((await answer.json()) as { message: string }).message).toContain('region must be')
})

test('a provider page shows more of its titles until it has shown them all, focusing the first new one', async ({
  page,
}) => {
  await page.goto('/provider/8')
  const notice = page.getByText(/Offline catalog: 20 of the \d+ series made for Netflix/)
  await expect(notice).toBeVisible()
  const known = Number(/20 of the (\d+)/.exec((await notice.textContent()) ?? '')?.[1])
  expect(known).toBeGreaterThan(20)
  const cards = page.getByRole('list', { name: 'Popular on Netflix' }).getByRole('listitem')
  await expect(cards).toHaveCount(20)
  const more = page.getByRole('button', { name: 'Show more' })
  for (let shown = 20; shown < known; shown = Math.min(shown + 20, known)) {
    await more.click()
    await expect(cards).toHaveCount(Math.min(shown + 20, known))
    await expect(cards.nth(shown).getByRole('link').first()).toBeFocused()
  }
  // All of the service's originals, and no film that is not its own: nothing more is offered.
  await expect(page.getByText(`Offline catalog: ${known} series made for Netflix.`)).toBeVisible()
  await expect(more).toHaveCount(0)
})

test('a provider page shown at length is as long again on coming Back from one of its titles', async ({ page }) => {
  await page.goto('/provider/8')
  const cards = page.getByRole('list', { name: 'Popular on Netflix' }).getByRole('listitem')
  await expect(cards).toHaveCount(20)
  await page.getByRole('button', { name: 'Show more' }).click()
  await expect(cards).toHaveCount(40)
  const title = (await cards.nth(30).getByRole('link').first().getAttribute('href')) ?? ''
  await cards.nth(30).getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`${title}$`))
  await page.goBack()
  await expect(cards).toHaveCount(40)
  await expect(cards.nth(30).getByRole('link').first()).toHaveAttribute('href', title)
  // A new visit to the page starts at one page again.
  await page.getByRole('link', { name: 'Home', exact: true }).first().click()
  await page.goto('/provider/8')
  await expect(cards).toHaveCount(20)
})

test('home shows trending, upcoming and a row for each of the five providers', async ({ page }) => {
  await page.goto('/home')
  await expect(page.getByRole('region', { name: 'Trending movies' }).getByRole('link').first()).toBeVisible()
  // A row offers "See all" only when it has titles (the offline catalog knows no upcoming releases).
  const upcoming = page.getByRole('region', { name: 'Coming soon' })
  await upcoming.scrollIntoViewIfNeeded()
  const upcomingCount = (await (await page.request.get('/api/tmdb/upcoming/movies')).json()) as { results: unknown[] }
  if (upcomingCount.results.length === 0) {
    await expect(upcoming.getByText('This catalog has no upcoming releases.')).toBeVisible()
    await expect(upcoming.getByRole('link', { name: /See all/ })).toHaveCount(0)
  } else await expect(upcoming.getByRole('link', { name: 'See all coming soon' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Trending movies' }).getByRole('link', { name: 'See all trending movies' }),
  ).toBeVisible()
  for (const provider of ['Netflix', 'Amazon Prime Video', 'Disney+', 'HBO Max', 'Hulu']) {
    const row = page.getByRole('region', { name: `Popular on ${provider}` })
    await expect(row).toBeVisible()
    // A row gets its cards as it comes near the screen (homeRows.spec.ts).
    await row.scrollIntoViewIfNeeded()
    await expect(row.getByRole('link', { name: `More on ${provider}` })).toBeVisible()
  }
  await page.getByRole('region', { name: 'Popular on Hulu' }).getByRole('link', { name: 'See all on Hulu' }).click()
  await expect(page).toHaveURL(/\/provider\/15/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hulu' })).toBeVisible()
})

for (const [device, viewport] of Object.entries(viewports)) {
  test(`home, search and details on a ${device}: screenshots, and no serious accessibility violation`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const id = await godfatherId(page)

    await page.goto('/home')
    await expect(page.getByRole('region', { name: 'Trending movies' }).getByRole('link').first()).toBeVisible()
    // Scrolled through once, as a visitor would, so the whole page's screenshot has every row's cards.
    const last = page.getByRole('region', { name: 'Popular on Hulu' })
    await last.scrollIntoViewIfNeeded()
    await expect(last.getByRole('link', { name: 'More on Hulu' })).toBeVisible()
    for (const row of await page.getByRole('region').all()) await row.scrollIntoViewIfNeeded()
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${screenshots}home-${viewport.width}x${viewport.height}.png`, fullPage: true })
    await expectNoSeriousViolations(page)

    await page.goto('/search?q=godfather')
    await expect(page.getByRole('list', { name: 'Results for godfather' }).getByRole('link').first()).toBeVisible()
    const field = page.getByRole('combobox', { name: 'Search movies and TV shows' })
    await field.focus()
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible()
    await page.screenshot({ path: `${screenshots}search-${viewport.width}x${viewport.height}.png` })
    await expectNoSeriousViolations(page)

    await page.goto(`/media/movie/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'The Godfather' })).toBeVisible()
    await page.screenshot({
      path: `${screenshots}media-details-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    })
    await expectNoSeriousViolations(page)
  })
}
