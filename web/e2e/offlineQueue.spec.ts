import { expect, test, type Page } from '@playwright/test'
import { befriend, member } from './support/members'
import { csrfToken, registerByApi, signInByApi, signOutByApi, toastWith } from './support/server'

/**
 * Issue 15.1, changes made offline across several pages: each page opened offline restores the
 * changes still waiting, adds its own, and a reload keeps them all, in order, until the connection
 * returns and every one of them reaches the server.
 */

interface Suggestion {
  id: number
  media_type: 'movie' | 'tv'
  title?: string
}

async function movie(page: Page, query: string): Promise<{ tmdbId: number; title: string }> {
  const answer = await page.request.get(`/api/tmdb/autocomplete?query=${encodeURIComponent(query)}`)
  const found = ((await answer.json()) as { results: Suggestion[] }).results.find(
    (result) => result.media_type === 'movie' && result.title,
  )
  if (!found?.title) throw new Error(`the offline catalog has no movie for "${query}"`)
  return { tmdbId: found.id, title: found.title }
}

async function onServerWatchlist(page: Page, tmdbId: number): Promise<boolean> {
  const answer = await page.request.get('/api/watchlist?pageSize=500')
  return ((await answer.json()) as { items: { tmdbId: number }[] }).items.some((item) => item.tmdbId === tmdbId)
}

async function reviewOnServer(page: Page, tmdbId: number): Promise<string | null | undefined> {
  const answer = await page.request.get('/api/watched')
  const { items } = (await answer.json()) as { items: { tmdbId: number; review?: string | null }[] }
  return items.find((item) => item.tmdbId === tmdbId)?.review
}

/** No change to the watchlist reaches the server from `page` until unrouted: answers how many were tried. */
async function watchlistChangesUnanswered(page: Page): Promise<() => number> {
  let tries = 0
  await page.route('**/api/watchlist*', async (route) => {
    if (route.request().method() === 'GET') return route.fallback()
    tries += 1
    return route.abort('connectionfailed')
  })
  return () => tries
}

/** The keys of the changes the snapshot on the device holds (every tab's), in the order they were made. */
const keptChanges = (page: Page) =>
  page.evaluate(() => {
    type Kept = { mutationKey?: unknown[]; state: { submittedAt: number } }
    const raw = localStorage.getItem('reelmates.keptAnswers')
    const kept = raw ? (JSON.parse(raw) as { waiting?: Record<string, Kept[]> }) : undefined
    return Object.values(kept?.waiting ?? {})
      .flat()
      .sort((a, b) => a.state.submittedAt - b.state.submittedAt)
      .map((mutation) => String(mutation.mutationKey?.[1]))
  })

test('offline across pages: changes restored by one page and made on another all survive a reload', async ({
  page,
  context,
}) => {
  // Fifteen page loads, most of them offline, on a machine shared with other runs.
  test.setTimeout(150_000)
  await registerByApi(page.request, 'offlineq')
  const godfather = await movie(page, 'godfather')
  const inception = await movie(page, 'inception')
  const logged = await page.request.post('/api/watched', {
    data: { tmdbId: inception.tmdbId, mediaType: 'movie', rating: 8, review: 'Dreams within dreams.' },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(logged.status(), await logged.text()).toBeLessThan(300)

  // Online, the pages are opened once and kept on the device.
  await page.goto('/recommendations')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.goto('/watchlist')
  await expect(page.getByRole('main')).toBeVisible()
  await page.goto(`/media/movie/${godfather.tmdbId}`)
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()
  await page.goto('/watched')
  await expect(page.getByRole('button', { name: `Edit your entry for ${inception.title}` })).toBeVisible()
  await page.goto(`/media/movie/${inception.tmdbId}`)
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()
  // The one-second write after the last answer.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('reelmates.keptAnswers') !== null)).toBe(true)
  await page.waitForTimeout(1500)

  await context.setOffline(true)
  for (const path of [
    '/watchlist',
    `/media/movie/${godfather.tmdbId}`,
    '/watched',
    '/recommendations',
    '/home',
    '/search',
    `/media/movie/${godfather.tmdbId}`,
    '/news',
  ]) {
    await page.goto(path)
    await expect(page).toHaveURL((url) => url.pathname === path)
  }

  // One change made on a media page...
  await page.goto(`/media/movie/${inception.tmdbId}`)
  await page.getByRole('button', { name: 'Add to watchlist' }).click()
  await expect(page.getByRole('button', { name: 'On watchlist' })).toBeVisible()
  await expect.poll(() => keptChanges(page)).toEqual(['addToWatchlist'])

  // ...another on the watched log, the page that restored the first one.
  await page.goto('/watched')
  await page.getByRole('button', { name: `Edit your entry for ${inception.title}` }).click()
  const dialog = page.getByRole('dialog', { name: inception.title })
  await dialog.getByLabel('Review').fill('Better the second time.')
  await dialog.getByRole('button', { name: 'Save changes' }).click()
  await expect(dialog).toBeHidden()
  await expect.poll(() => keptChanges(page)).toEqual(['addToWatchlist', 'editWatched'])

  // Chromium told the page going away in the reload that it was online again (3 of 4 runs here) and
  // the change it had restored went out; the same event, sent now, makes that certain.
  const tried = page.waitForEvent('requestfailed', (request) => new URL(request.url()).pathname.startsWith('/api/'))
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await tried
  await page.waitForTimeout(500)
  expect(await keptChanges(page)).toEqual(['addToWatchlist', 'editWatched'])
  await page.reload()
  await expect(page.getByRole('button', { name: `Edit your entry for ${inception.title}` })).toBeVisible()
  // Long enough for the restoring page's own writes (its one-second debounce included).
  await page.waitForTimeout(2000)
  expect(await keptChanges(page)).toEqual(['addToWatchlist', 'editWatched'])

  await context.setOffline(false)
  await expect.poll(() => reviewOnServer(page, inception.tmdbId)).toBe('Better the second time.')
  await expect.poll(() => onServerWatchlist(page, inception.tmdbId)).toBe(true)
})

test('changes made offline in two tabs all reach the server, though one tab is reloaded and then closed', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await registerByApi(page.request, 'twotabs')
  const films = [await movie(page, 'casablanca'), await movie(page, 'inception'), await movie(page, 'godfather')]
  const token = await csrfToken(page.request)
  for (const film of films) {
    const added = await page.request.post('/api/watchlist', {
      data: { tmdbId: film.tmdbId, mediaType: 'movie' },
      headers: { 'CSRF-Token': token },
    })
    expect(added.status(), await added.text()).toBeLessThan(300)
  }
  const [first, second, third] = films as [(typeof films)[number], (typeof films)[number], (typeof films)[number]]
  await page.goto('/home')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const other = await context.newPage()
  for (const tab of [page, other]) {
    await tab.goto('/watchlist')
    await expect(tab.getByRole('heading', { name: first.title })).toBeVisible()
  }
  await page.waitForTimeout(1500)

  await context.setOffline(true)
  const remove = async (tab: Page, title: string) => {
    await tab.getByRole('button', { name: `More actions for ${title}`, exact: true }).click()
    await tab.getByRole('menu').getByRole('menuitem', { name: 'Remove from watchlist' }).click()
    await expect(tab.getByRole('heading', { name: title, exact: true })).toBeHidden()
  }
  await remove(page, first.title)
  await remove(other, second.title)
  // Each tab's snapshot holds the other's change too.
  await expect.poll(() => keptChanges(page)).toEqual(['removeFromWatchlist', 'removeFromWatchlist'])

  // The first tab reloads offline: it gets its own change back, not the other tab's.
  await page.reload()
  await expect(page.getByRole('heading', { name: third.title })).toBeVisible()
  await expect(page.getByRole('heading', { name: first.title })).toBeHidden()
  await page.close()

  // A tab opened later takes up the closed tab's change; both go once the connection returns.
  const later = await context.newPage()
  await later.goto('/watchlist')
  await expect(later.getByRole('heading', { name: third.title })).toBeVisible()
  await context.setOffline(false)
  await expect.poll(() => onServerWatchlist(later, first.tmdbId), { timeout: 40_000 }).toBe(false)
  await expect.poll(() => onServerWatchlist(later, second.tmdbId), { timeout: 40_000 }).toBe(false)
  expect(await onServerWatchlist(later, third.tmdbId)).toBe(true)
})

test('a change the server does not answer while the browser is online says so once, and goes out later', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await registerByApi(page.request, 'unreachable')
  const film = await movie(page, 'casablanca')
  await page.goto(`/media/movie/${film.tmdbId}`)
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()

  // The browser is online, but no change reaches the server (a captive portal, a restart).
  const refused = await watchlistChangesUnanswered(page)
  await page.getByRole('button', { name: 'Add to watchlist' }).click()
  await expect(page.getByRole('button', { name: 'On watchlist' })).toBeVisible()
  // The toast itself (Radix also announces its text in a hidden live region).
  await expect(toastWith(page, 'Can’t reach Reelmates right now')).toBeVisible()
  await expect.poll(refused, { timeout: 20_000 }).toBeGreaterThan(2)
  expect(await onServerWatchlist(page, film.tmdbId)).toBe(false)

  await page.unroute('**/api/watchlist*')
  await expect.poll(() => onServerWatchlist(page, film.tmdbId), { timeout: 40_000 }).toBe(true)
  await expect(page.getByRole('button', { name: 'On watchlist' })).toBeVisible()
})

test('a change waiting in a tab left open as one member is never made on the account of the next one signed in', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const bob = await registerByApi(page.request, 'nextone')
  await signOutByApi(page.request)
  await registerByApi(page.request, 'leftopen')
  const film = await movie(page, 'casablanca')
  await page.goto(`/media/movie/${film.tmdbId}`)
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()

  // Ann's change gets no answer, and waits in her tab.
  const tries = await watchlistChangesUnanswered(page)
  await page.getByRole('button', { name: 'Add to watchlist' }).click()
  await expect(toastWith(page, 'Can’t reach Reelmates right now')).toBeVisible()
  await expect.poll(tries, { timeout: 20_000 }).toBeGreaterThan(1)

  // Elsewhere in the same browser, she signs out and Bob signs in; then her tab reaches the server.
  await signOutByApi(page.request)
  await signInByApi(page.request, bob)
  await page.unroute('**/api/watchlist*')
  await expect(toastWith(page, 'signed in as someone else')).toBeVisible({ timeout: 40_000 })
  expect(await onServerWatchlist(page, film.tmdbId)).toBe(false)
  // The tab follows the session: it is Bob's now, and the title is not on his list.
  await expect(page.getByText(bob.username, { exact: true })).toBeAttached()
  await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()
})

test('a reaction and a recommendation made offline survive a reload and reach the server; a friend request does not wait', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const a = await member(browser, baseURL ?? '', 'offline_ra')
  const b = await member(browser, baseURL ?? '', 'offline_rb')
  const token = async (page: Page) => ({ 'CSRF-Token': await csrfToken(page.request) })
  await befriend(a, b)
  const watched = await movie(b.page, 'inception')
  expect(
    (
      await b.page.request.post('/api/watched', {
        data: { tmdbId: watched.tmdbId, mediaType: 'movie', rating: 9 },
        headers: await token(b.page),
      })
    ).ok(),
  ).toBe(true)
  const recommended = await movie(a.page, 'godfather')

  // Online, A opens friends, the title's page and the feed once: they are kept on the device.
  await a.page.goto('/friends')
  await a.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect(a.page.getByRole('button', { name: `Unfriend ${b.account.username}` })).toBeVisible()
  await a.page.goto(`/media/movie/${recommended.tmdbId}`)
  await expect(a.page.getByRole('button', { name: 'Recommend', exact: true })).toBeVisible()
  await a.page.goto('/feed')
  const card = a.page.getByRole('article').filter({ hasText: `${b.account.username} watched ${watched.title}` })
  await expect(card).toBeVisible()
  await a.page.waitForTimeout(1500)

  await a.page.context().setOffline(true)
  await card.getByRole('button', { name: /^😂 0/ }).click()
  await expect(card.getByRole('button', { name: /^😂 1 on .*: you$/ })).toBeVisible()
  await expect(toastWith(a.page, 'Saved on this device').first()).toBeVisible()
  await expect.poll(() => keptChanges(a.page)).toEqual(['react'])

  await a.page.goto(`/media/movie/${recommended.tmdbId}`)
  await a.page.getByRole('button', { name: 'Recommend', exact: true }).click()
  const dialog = a.page.getByRole('dialog', { name: recommended.title })
  await dialog.getByRole('checkbox', { name: b.account.username }).check()
  await dialog.getByRole('button', { name: 'Send' }).click()
  // Nothing more to wait for on screen: it waits on the device.
  await expect(dialog).toBeHidden()
  await expect.poll(() => keptChanges(a.page)).toEqual(['react', 'send'])

  // A change that is not kept on the device is refused at once rather than said to be saved.
  await a.page.goto('/friends')
  await a.page.getByRole('button', { name: `Unfriend ${b.account.username}` }).click()
  await a.page.getByRole('dialog').getByRole('button', { name: 'Unfriend', exact: true }).click()
  await expect(toastWith(a.page, 'Network error').first()).toBeVisible()
  expect(await keptChanges(a.page)).toEqual(['react', 'send'])

  // The app is closed while still offline, and opened again once the connection is back.
  await a.page.reload()
  await expect(a.page.getByRole('main')).toBeVisible()
  await a.page.waitForTimeout(1500)
  expect(await keptChanges(a.page)).toEqual(['react', 'send'])
  await a.page.context().setOffline(false)
  await expect(toastWith(a.page, 'Recommendation sent').first()).toBeVisible()

  await expect
    .poll(async () => {
      const feed = (await (await b.page.request.get('/api/feed')).json()) as {
        items: { mediaTitle: string | null; reactions: { emoji: string; count: number }[] }[]
      }
      return feed.items.find((item) => item.mediaTitle === watched.title)?.reactions
    })
    .toEqual([expect.objectContaining({ emoji: '😂', count: 1 })])
  await expect
    .poll(async () => {
      const box = (await (await b.page.request.get('/api/recommendations?box=received')).json()) as {
        items: { mediaTitle: string }[]
      }
      return box.items.map((item) => item.mediaTitle)
    })
    .toEqual([recommended.title])
  // Still friends: the unfriending made offline was refused, not kept.
  const list = (await (await b.page.request.get('/api/friendships')).json()) as { friends: unknown[] }
  expect(list.friends).toHaveLength(1)
  await a.close()
  await b.close()
})
