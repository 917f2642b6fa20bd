import { expect, test } from '@playwright/test'
import { registerByApi } from './support/server'

/**
 * Offline, a page never opened on this device has nothing kept to show (issue 15.1): it says so
 * instead of a skeleton that never ends, and loads by itself once the connection returns.
 */
test('offline, a page never opened says it is not saved here, then opens by itself online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await registerByApi(page.request, 'unsaved')
  const answer = await page.request.get('/api/tmdb/autocomplete?query=casablanca')
  const { results } = (await answer.json()) as { results: { id: number; media_type: string; title?: string }[] }
  const film = results.find((result) => result.media_type === 'movie' && result.title)
  if (!film) throw new Error('the offline catalog should have Casablanca')

  // A signed-in visit, so the worker has the app and the device keeps the user's answers.
  await page.goto('/home')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
  // Shown once its lists (the friends list among them) have answered.
  await expect(page.getByRole('heading', { level: 2, name: 'Get started' })).toBeVisible()

  await context.setOffline(true)
  await page.goto(`/media/movie/${film.id}`)
  await expect(page.getByText('This title isn’t saved on this device.')).toBeVisible()
  await page.goto('/news')
  await expect(page.getByText('This page of news isn’t saved on this device.')).toBeVisible()

  // Every other screen that waits for an answer says the same in its words (one shared component).
  const screens: [string, string][] = [
    ['/search?q=casablanca', 'This search'],
    ['/recommendations', 'This list of recommendations'],
    ['/feed', 'Your feed'],
    ['/activity/watched:00000000-0000-4000-8000-000000000000', 'This activity'],
    ['/profile/somebody_else', 'somebody_else’s profile'],
  ]
  for (const [path, what] of screens) {
    await page.goto(path)
    await expect(page.getByText(`${what} isn’t saved on this device.`), path).toBeVisible()
  }
  // Not /friends: a new member's home asked for the friends list (its "Get started" card counts their
  // friends), so the device keeps it and the page shows it.
  await page.goto('/friends')
  await expect(page.getByRole('heading', { level: 1, name: 'Friends' })).toBeVisible()
  await expect(page.getByText('Your friends list isn’t saved on this device.')).toHaveCount(0)
  // A provider's page never opened: its list waits, but its logo came with the app (home may not have
  // shown it: its rows below the fold load as they are scrolled to).
  await page.evaluate(() => caches.delete('reelmates-assets'))
  await page.goto('/provider/8')
  await expect(page.getByText('This list isn’t saved on this device.')).toBeVisible()
  // Nor does the heading claim what the list would be: whether the catalog is today's is not known here.
  await expect(page.getByText(/right now|in the offline catalog/)).toHaveCount(0)
  const logo = page.locator('img[src^="/logos/png/netflix.png"]').first()
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)

  await page.goto(`/media/movie/${film.id}`)
  await expect(page.getByText('This title isn’t saved on this device.')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible()
})
