import { expect, test, type Page } from '@playwright/test'
import { runAsInstalledApp } from './support/installedApp'
import { join } from 'node:path'
import { csrfToken, registerByApi, screenshotsDir, toastWith } from './support/server'
import { chooseWatchlistAction } from './support/watchlistMenu'

/**
 * Issue 15.1: a signed-in user who goes offline stays signed in, reads home, the watchlist and the
 * watched log from the answers kept on the device (with an offline banner saying how old they are),
 * and a note written offline reaches the server once the connection returns, a reload in between.
 */

interface Suggestion {
  id: number
  media_type: 'movie' | 'tv'
  title?: string
}

async function someMovies(page: Page, query: string, count: number): Promise<{ tmdbId: number; title: string }[]> {
  const answer = await page.request.get(`/api/tmdb/autocomplete?query=${query}`)
  const results = ((await answer.json()) as { results: Suggestion[] }).results
  return results
    .filter((result) => result.media_type === 'movie' && result.title)
    .slice(0, count)
    .map((result) => ({ tmdbId: result.id, title: result.title ?? '' }))
}

async function send(page: Page, method: 'post' | 'patch', path: string, data: unknown): Promise<void> {
  const answer = await page.request[method](path, { data, headers: { 'CSRF-Token': await csrfToken(page.request) } })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
}

async function noteOnServer(page: Page, tmdbId: number): Promise<string | null | undefined> {
  const answer = await page.request.get('/api/watchlist')
  const { items } = (await answer.json()) as { items: { tmdbId: number; note?: string | null }[] }
  return items.find((item) => item.tmdbId === tmdbId)?.note
}

const titleOnScreen = (page: Page, title: string) =>
  page.getByRole('main').getByRole('heading', { name: title }).first()

const banner = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" })

for (const mode of ['in a tab', 'installed'] as const) {
  test(`offline ${mode}: home, watchlist and watched log stay readable, and an offline note is sent later`, async ({
    page,
    context,
  }) => {
    // Two visits of three screens, online then offline, on a machine shared with other runs.
    test.setTimeout(150_000)
    if (mode === 'installed') await runAsInstalledApp(page)
    await registerByApi(page.request, 'offline')
    const [onList, watched] = await someMovies(page, 'the', 2)
    if (!onList || !watched) throw new Error('the offline catalog has no two movies for "the"')
    await send(page, 'post', '/api/watchlist', { tmdbId: onList.tmdbId, mediaType: 'movie' })
    await send(page, 'post', '/api/watched', { tmdbId: watched.tmdbId, mediaType: 'movie', rating: 8 })

    // The signed-in visit: the worker takes the app shell, the screens fetch the user's answers.
    await page.goto('/home')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.goto('/watched')
    await expect(titleOnScreen(page, watched.title)).toBeVisible()
    await page.goto('/watchlist')
    await expect(titleOnScreen(page, onList.title)).toBeVisible()
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
    await expect(page.getByRole('main').getByRole('link').nth(3)).toBeVisible()

    await context.setOffline(true)
    for (const [path, shown] of [
      ['/watchlist', onList.title],
      ['/watched', watched.title],
    ] as const) {
      await page.goto(path)
      await expect(page).toHaveURL((url) => url.pathname === path)
      await expect(titleOnScreen(page, shown)).toBeVisible()
      await expect(banner(page)).toContainText(/saved (just now|\d+ minutes? ago)/)
    }
    await page.goto('/home')
    await expect(page).toHaveURL((url) => url.pathname === '/home')
    await expect(banner(page)).toBeVisible()
    await expect(page.getByRole('main').getByRole('link').nth(3)).toBeVisible()
    if (mode === 'in a tab') {
      for (const [width, height] of [
        [390, 844],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await page.screenshot({ path: join(screenshotsDir, `offline-home-${width}x${height}.png`) })
      }
    }

    // A note written offline waits on the device...
    await page.goto('/watchlist')
    await chooseWatchlistAction(page, onList.title, 'Add a note')
    await page.getByLabel(`Note for ${onList.title}`).fill('Watch on the train')
    await page.getByRole('button', { name: 'Save note' }).click()
    await expect(toastWith(page, 'Saved on this device').first()).toBeVisible()
    await expect(page.getByRole('main').getByText('Watch on the train').first()).toBeVisible()
    expect(await noteOnServer(page, onList.tmdbId)).toBeFalsy()

    // ...even through a reload while still offline (the waiting change is kept with the answers)...
    await page.reload()
    await expect(titleOnScreen(page, onList.title)).toBeVisible()
    await expect(page.getByRole('main').getByText('Watch on the train').first()).toBeVisible()
    expect(await noteOnServer(page, onList.tmdbId)).toBeFalsy()

    // ...and reaches the server when the connection returns.
    await context.setOffline(false)
    await expect.poll(() => noteOnServer(page, onList.tmdbId)).toBe('Watch on the train')
    await expect(banner(page)).toBeHidden()
  })
}
