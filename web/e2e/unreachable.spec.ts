import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { csrfToken, registerByApi, screenshotsDir, toastWith } from './support/server'
import { chooseWatchlistAction } from './support/watchlistMenu'

/**
 * Online without reaching the server (a captive portal, a network with no route, the server
 * restarting): the browser still says it is online. The app shows what the device kept, as it does
 * offline, says it cannot reach Reelmates, keeps a change for later, and catches up by itself once
 * the server answers.
 */

const api = '**/api/**'

async function noteOnServer(page: Page, tmdbId: number): Promise<string | null | undefined> {
  const answer = await page.request.get('/api/watchlist')
  const { items } = (await answer.json()) as { items: { tmdbId: number; note?: string | null }[] }
  return items.find((item) => item.tmdbId === tmdbId)?.note
}

test('with the server out of reach, a signed-in visit shows what it kept, waits, and catches up by itself', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await registerByApi(page.request, 'liefi')
  const answer = await page.request.get('/api/tmdb/autocomplete?query=casablanca')
  const { results } = (await answer.json()) as { results: { id: number; media_type: string; title?: string }[] }
  const film = results.find((result) => result.media_type === 'movie' && result.title)
  if (!film?.title) throw new Error('the offline catalog should have Casablanca')
  const added = await page.request.post('/api/watchlist', {
    data: { tmdbId: film.id, mediaType: 'movie' },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(added.status(), await added.text()).toBe(201)

  const heading = page.getByRole('heading', { level: 1, name: film.title })
  const banner = page.getByRole('status').filter({ hasText: "Can't reach Reelmates." })
  await page.goto('/watchlist')
  await expect(page.getByRole('main').getByRole('heading', { name: film.title })).toBeVisible()
  await page.goto(`/media/movie/${film.id}`)
  await expect(heading).toBeVisible()

  // Every request to the server now fails as an unreachable one does; the browser says it is online.
  await page.route(api, (route) => route.abort('internetdisconnected'))
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(banner).toContainText(/Showing what was saved (just now|\d+ minutes? ago)/)
  await expect(page.getByText('This title could not be loaded.')).toHaveCount(0)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  mkdirSync(screenshotsDir, { recursive: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: join(screenshotsDir, 'unreachable-media-390x844.png') })
  await page.setViewportSize({ width: 1440, height: 900 })

  // A note written now waits on the device, saying when it goes.
  await page.getByRole('link', { name: 'Watchlist' }).first().click()
  await chooseWatchlistAction(page, film.title, 'Add a note')
  await page.getByLabel(`Note for ${film.title}`).fill('Ask the projectionist')
  await page.getByRole('button', { name: 'Save note' }).click()
  await expect(toastWith(page, 'It will be sent as soon as Reelmates can be reached.').first()).toBeVisible()
  expect(await noteOnServer(page, film.id)).toBeFalsy()

  // The server answers again: the app finds out by itself, sends the note and drops the banner.
  await page.unroute(api)
  await expect.poll(() => noteOnServer(page, film.id), { timeout: 45_000 }).toBe('Ask the projectionist')
  await expect(banner).toBeHidden()
  await expect(page.getByRole('main').getByText('Ask the projectionist').first()).toBeVisible()
})
