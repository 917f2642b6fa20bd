import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { adminAccount, csrfToken, openApp, registerByApi } from './support/server'
import { newContext } from './support/contexts'

/**
 * What people type is not always made of words: a token, a pasted link without breaks, a key held
 * down, a 50-character username. Screens that show it wrap it rather than widen the page past the
 * screen, and a phone's two watchlist columns keep each card's buttons inside the card.
 */
// An admin is made through the CLI (another process): on a loaded machine that takes over a minute.
test.describe.configure({ timeout: 180_000 })

const unbroken = 'M'.repeat(400)

/** Whether the page scrolls sideways: the document is wider than the window. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

async function send(request: APIRequestContext, path: string, data: unknown) {
  const answer = await request.post(path, { data, headers: { 'CSRF-Token': await csrfToken(request) } })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
}

test('an announcement, a bell line and a mail subject made of one long word wrap, on a desktop and a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const memberContext = await newContext(browser, { baseURL })
  const member = await registerByApi(memberContext.request, 'longreader')
  await adminAccount(page.request)
  await send(page.request, '/api/admin/announcements', {
    title: unbroken.slice(0, 120),
    body: unbroken,
    audience: 'chosen',
    usernames: [member.username],
    channels: { inApp: true, push: false, email: false },
  })
  // A mail whose subject is one long word, in the outbox.
  await send(page.request, '/api/admin/email-templates/magic-link/test', {
    subject: unbroken.slice(0, 190),
    textContent: 'Go: {{link}}',
    htmlContent: '<a href="{{link}}">Go</a>',
  })

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    await openApp(page, '/admin/user-notifications')
    await expect(page.getByRole('list', { name: 'Announcements sent' })).toContainText('MMMM')
    expect(await scrollsSideways(page), `/admin/user-notifications at ${viewport.width}`).toBe(false)
    await expect(page.getByRole('button', { name: 'Send announcement' })).toBeInViewport()

    await openApp(page, '/admin/outbox')
    await expect(page.getByRole('list', { name: 'Mails' })).toContainText('[Test] MMMM')
    expect(await scrollsSideways(page), `/admin/outbox at ${viewport.width}`).toBe(false)
  }

  const reader = await memberContext.newPage()
  await reader.setViewportSize({ width: 390, height: 844 })
  await openApp(reader, '/home')
  await reader
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click()
  const line = reader.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()
  await expect(line).toContainText('MMMM')
  const box = await line.boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(390)
  await memberContext.close()
})

test('on a phone each watchlist card keeps its buttons inside it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await registerByApi(page.request, 'gridphone')
  const found = (await (await page.request.get('/api/tmdb/autocomplete?query=the')).json()) as {
    results: { id: number; media_type: string }[]
  }
  for (const movie of found.results.filter((result) => result.media_type === 'movie').slice(0, 4))
    await send(page.request, '/api/watchlist', { tmdbId: movie.id, mediaType: 'movie' })
  await openApp(page, '/watchlist')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(4)
  for (const card of await cards.all()) {
    const outer = await card.boundingBox()
    if (!outer) throw new Error('a card has no box')
    for (const button of await card.getByRole('button').all()) {
      const box = await button.boundingBox()
      if (!box) continue
      const name = await button.getAttribute('aria-label')
      expect(box.x, `${name} starts inside its card`).toBeGreaterThanOrEqual(outer.x - 1)
      expect(box.x + box.width, `${name} ends inside its card`).toBeLessThanOrEqual(outer.x + outer.width + 1)
    }
  }
  expect(await scrollsSideways(page)).toBe(false)
})

test('a username as long as one may be (50 characters) keeps every page on a phone inside the screen', async ({
  page,
  browser,
  baseURL,
}) => {
  const longContext = await newContext(browser, { baseURL })
  // uniqueName adds 14 characters: 36 + 14 = 50, the longest a username may be.
  const long = await registerByApi(longContext.request, 'averyveryverylongusernamewithnobrea')
  expect(long.username.length).toBeGreaterThanOrEqual(48)
  const alice = await registerByApi(page.request, 'alice')
  await send(longContext.request, '/api/friendships', { username: alice.username })

  await page.setViewportSize({ width: 390, height: 844 })
  await openApp(page, '/friends')
  const accept = page.getByRole('button', { name: `Accept ${long.username}'s friend request` })
  await expect(accept).toBeInViewport({ ratio: 1 })
  expect(await scrollsSideways(page), '/friends').toBe(false)
  await accept.click()
  await expect(
    page.getByRole('region', { name: /Your friends/ }).getByRole('link', { name: long.username }),
  ).toBeVisible()

  for (const path of ['/feed', `/profile/${long.username}`]) {
    await openApp(page, path)
    await expect(page.getByText(long.username).first()).toBeVisible()
    expect(await scrollsSideways(page), path).toBe(false)
  }
  const own = await longContext.newPage()
  await own.setViewportSize({ width: 390, height: 844 })
  await openApp(own, '/profile')
  await expect(own.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await scrollsSideways(own), 'their own /profile').toBe(false)
  await longContext.close()
})
