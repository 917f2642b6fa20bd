import { expect, test, type Page } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi } from './support/server'

/**
 * The watchlist's list view at every width a window or a sheet of paper gives it. Beside the 15rem
 * sidebar (from 768 px) the list is narrower than the window says: at 768 px a row with every button in
 * line left "Casablanca" half a pixel wide, one letter a line, under "Mark watched".
 */

const widths = [320, 390, 640, 700, 768, 800, 820, 880, 900, 1024, 1280, 1440]

interface Row {
  title: string
  /** From the title's left edge to the end of its link: the line it has to itself. */
  room: number
  lines: number
  /** The visible buttons of the row whose box meets the title's. */
  covering: string[]
  right: number
}

/** Each row of the list as laid out now, measured in one go in the page. */
const rowsShown = (page: Page) =>
  page.locator('[data-title-key] article').evaluateAll((articles): Row[] =>
    articles.map((article) => {
      const title = article.getAttribute('aria-label') ?? ''
      const link = article.querySelector('a')
      // The poster's stand-in names the title too, hidden in a row: the one with boxes is the title.
      const name = [...article.querySelectorAll('a span')].find(
        (span) => span.textContent === title && span.getClientRects().length > 0,
      )
      if (!link || !name) throw new Error(`${title}: no title in its link`)
      const box = name.getBoundingClientRect()
      const words = document.createRange()
      words.selectNodeContents(name)
      const lines = new Set([...words.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
      const covering = [...article.querySelectorAll('button')]
        .filter((button) => {
          const b = button.getBoundingClientRect()
          if (b.width === 0 || b.height === 0) return false
          return box.left < b.right && b.left < box.right && box.top < b.bottom && b.top < box.bottom
        })
        .map((button) => button.getAttribute('aria-label') ?? button.textContent)
      return {
        title,
        room: link.getBoundingClientRect().right - box.left,
        lines: lines.size,
        covering,
        right: article.getBoundingClientRect().right,
      }
    }),
  )

test('each title of the list view has room to be read, and no control covers it, from 320 to 1440 px', async ({
  page,
}) => {
  await registerByApi(page.request, 'widths')
  const films = [
    await catalogMovie(page.request, 'casablanca'),
    await catalogMovie(page.request, 'godfather'),
    await catalogMovie(page.request, 'dune'),
  ]
  for (const film of films) await sendJson(page.request, '/api/watchlist', { tmdbId: film.tmdbId, mediaType: 'movie' })
  await page.goto('/watchlist?view=list')
  await expect(page.locator('[data-title-key] article')).toHaveCount(films.length)

  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 })
    for (const row of await rowsShown(page)) {
      const at = `${row.title} at ${width} px`
      expect.soft(row.room, `${at}: the title's room`).toBeGreaterThanOrEqual(120)
      expect.soft(row.lines, `${at}: lines`).toBeLessThanOrEqual(2)
      expect.soft(row.covering, `${at}: controls over the title`).toEqual([])
      expect.soft(row.right, `${at}: the row's right edge`).toBeLessThanOrEqual(width)
    }
  }
})
