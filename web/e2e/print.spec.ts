import { expect, test, type Locator, type Page } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi } from './support/server'

/**
 * A page printed, or saved as a PDF, is its content on white paper: no navigation, footer or
 * buttons, the page's words over the paper's width, dark on white with the headings darkest, and a
 * review in full where the screen cuts it short. Checked with the print media emulated, as
 * Chromium lays a page out to print it.
 */

const review = [
  'A long review, to see how it prints.',
  'Rick runs a café in Casablanca and says he sticks his neck out for nobody; the film spends its',
  'length showing us otherwise, one refugee, one roulette wheel and one letter of transit at a time.',
  'The dialogue is quoted so often that it is a surprise to hear it said for the first time, and the',
  'last scene on the foggy runway still lands. The screen shows the first few lines of this and cuts',
  'the rest; on paper there is no button to press, so every word should be there, down to the last.',
  'The last words of the review are these.',
].join('\n')

/** Relative luminance (WCAG) of a computed `rgb()`/`rgba()` colour. */
function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number)
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** What an element's words are drawn in, and whether anything behind them (to the root) has a background. */
const inkAndPaper = (locator: Locator) =>
  locator.evaluate((element) => {
    const backgrounds: string[] = []
    for (let at: Element | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at)
      const transparent = style.backgroundColor === 'rgba(0, 0, 0, 0)' || style.backgroundColor === 'transparent'
      const white = style.backgroundColor === 'rgb(255, 255, 255)'
      if (!(transparent || white) || style.backgroundImage !== 'none')
        backgrounds.push(`${at.tagName.toLowerCase()}: ${style.backgroundColor} ${style.backgroundImage}`)
    }
    return { colour: getComputedStyle(element).color, backgrounds }
  })

async function expectPrintedAsContent(page: Page, heading: Locator, secondary: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  await expect(heading).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden()
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeHidden()
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden()
  await expect(page.locator('footer')).toBeHidden()
  await expect(page.locator('button:visible, input:visible, select:visible, textarea:visible')).toHaveCount(0)

  const main = await page.locator('main').boundingBox()
  expect(main?.x, 'the page starts at the paper’s left edge').toBeLessThanOrEqual(1)
  expect(main?.width, 'and spans its width').toBeGreaterThanOrEqual(width - 2)

  const title = await inkAndPaper(heading)
  expect(title.backgrounds, 'nothing coloured behind the heading').toEqual([])
  expect(luminance(title.colour), `the heading's ${title.colour} is near black`).toBeLessThan(0.02)
  const words = await inkAndPaper(secondary)
  expect(words.backgrounds).toEqual([])
  // Lighter than the heading, as on screen, yet 4.5:1 on white at least.
  expect(luminance(words.colour), `${words.colour} is lighter than the heading`).toBeGreaterThan(
    luminance(title.colour),
  )
  expect(1.05 / (luminance(words.colour) + 0.05), `${words.colour} on white`).toBeGreaterThanOrEqual(4.5)
}

/** The review's element shows all of its text: nothing clipped below its last shown line. */
async function expectShownWhole(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible()
  const hidden = await locator.evaluate((element) => element.scrollHeight - element.clientHeight)
  expect(hidden, 'pixels of the review cut off').toBeLessThanOrEqual(1)
}

test('the watched diary and a title’s page print as their content: dark on white, reviews whole, no controls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await registerByApi(page.request, 'print')
  const film = await catalogMovie(page.request, 'casablanca')
  await sendJson(page.request, '/api/watched', {
    tmdbId: film.tmdbId,
    mediaType: 'movie',
    watchedOn: '2025-06-10',
    rating: 7,
    review,
  })
  await page.emulateMedia({ media: 'print' })
  const lastWords = page.getByText(/The last words of the review are these\.$/)

  for (const view of ['grid', 'list']) {
    await page.goto(`/watched?view=${view}`)
    await expectPrintedAsContent(
      page,
      page.getByRole('heading', { level: 1, name: 'Watched' }),
      page.getByText('1 entry', { exact: true }),
    )
    await expectShownWhole(lastWords)
  }

  await page.goto(`/media/movie/${film.tmdbId}`)
  await expectPrintedAsContent(
    page,
    page.getByRole('heading', { level: 1, name: film.title }),
    page.getByRole('heading', { name: 'Overview' }).locator('xpath=following-sibling::p[1]'),
  )
  await expectShownWhole(lastWords)
  // Stars in colour alone do not survive a black-and-white printer: the number is printed beside them.
  const ratings = await page.getByRole('img', { name: '3½ stars' }).all()
  expect(ratings.length).toBeGreaterThan(0)
  for (const stars of ratings) await expect(stars.getByText('3½/5')).toBeVisible()

  // The profile's spread of ratings is bars drawn as backgrounds, which paper has not: each bar is outlined.
  await page.goto('/profile')
  const spread = page.getByRole('list', { name: 'My ratings, ½ to 5 stars' })
  await expect(spread.getByRole('listitem')).toHaveCount(10)
  const outlines = await spread
    .locator('li > span[aria-hidden="true"]')
    .evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).borderTopWidth))
  expect(outlines).toEqual(Array.from({ length: 10 }, () => '1px'))
})
