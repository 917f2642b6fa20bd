import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { befriend, member } from './support/members'
import { csrfToken, registerByApi, screenshotsDir } from './support/server'
import { newContext } from './support/contexts'
import { catalogMovie } from './support/api'

/**
 * /profile (issue 15 item 7): my watching in numbers above the settings, an uploaded avatar that every
 * other member sees wherever I appear, and deleting the account with the password.
 */
mkdirSync(screenshotsDir, { recursive: true })
const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const

async function screenshots(page: Page, name: string, fullPage = true) {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.screenshot({ path: join(screenshotsDir, `${name}-${viewport.width}x${viewport.height}.png`), fullPage })
  }
}

async function send(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data?: unknown) {
  const answer = await request.fetch(path, { method, data, headers: { 'CSRF-Token': await csrfToken(request) } })
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300)
  return (await answer.json()) as Record<string, unknown>
}

/** A real picture to upload: a screenshot of a coloured page (PNG bytes, no fixture file needed). */
async function aPicture(page: Page): Promise<Buffer> {
  const scratch = await page.context().newPage()
  await scratch.setContent('<body style="margin:0;background:linear-gradient(135deg,#16a34a,#facc15)"></body>')
  const picture = await scratch.screenshot({ clip: { x: 0, y: 0, width: 600, height: 400 } })
  await scratch.close()
  return picture
}

async function dismissToast(page: Page, text: string) {
  const toast = page.locator('li', { hasText: text })
  await toast.getByRole('button', { name: 'Close' }).click()
  await expect(toast).toHaveCount(0)
}

const stats = (page: Page) => page.getByRole('region', { name: 'My watching' })

test('a new member is told plainly there is nothing to count yet, above the settings', async ({ page }) => {
  await registerByApi(page.request, 'newstats')
  await page.goto('/profile')
  await expect(stats(page)).toContainText("You haven't logged a watch yet.")
  const statsTop = (await stats(page).boundingBox())?.y ?? Infinity
  const settingsTop = (await page.getByRole('form', { name: 'Edit profile' }).boundingBox())?.y ?? -Infinity
  expect(statsTop).toBeLessThan(settingsTop)
  await screenshots(page, 'profile-new-member')
})

test('my watching in numbers, private watches included', async ({ page }) => {
  await registerByApi(page.request, 'stats')
  const [godfather, alien] = [await catalogMovie(page.request, 'godfather'), await catalogMovie(page.request, 'alien')]
  await send(page.request, 'POST', '/api/watched', { ...ref(godfather), rating: 10, streamingService: 'Netflix' })
  await send(page.request, 'POST', '/api/watched', {
    ...ref(alien),
    rating: 7,
    streamingService: 'Hulu',
    isPrivate: true,
  })
  await send(page.request, 'POST', '/api/watched', { ...ref(godfather), rating: 9, streamingService: 'Netflix' })

  await page.goto('/profile')
  const region = stats(page)
  await expect(region.getByText(`Watched in ${new Date().getUTCFullYear()}`)).toBeVisible()
  await expect(region).toContainText('3 in all')
  // Ratings of 10, 7 and 9 average 8.67 of the stored 1–10: 4.3 of five stars.
  await expect(region).toContainText('4.3 / 5')
  await expect(region).toContainText('From 3 ratings')
  // Each half star a bar, named for a screen reader and on hover.
  const spread = region.getByRole('list', { name: 'My ratings, ½ to 5 stars' }).getByRole('listitem')
  await expect(spread).toHaveCount(10)
  await expect(spread.first()).toHaveText('½ star: 0 ratings')
  await expect(spread.nth(6)).toHaveText('3½ stars: 1 rating')
  await expect(spread.nth(8)).toHaveText('4½ stars: 1 rating')
  await expect(spread.nth(9)).toHaveAttribute('title', '5 stars: 1 rating')
  const services = region.getByRole('heading', { name: 'Most-watched services' }).locator('..')
  await expect(services.getByRole('listitem')).toHaveText([/Netflix\s*2 watches/, /Hulu\s*1 watch/])
  const favourites = region.getByRole('heading', { name: 'My highest rated' }).locator('..')
  await expect(favourites.getByRole('listitem').first()).toContainText(godfather.title)
  await expect(
    region.getByRole('heading', { name: 'Top genres' }).locator('..').getByRole('listitem').first(),
  ).toBeVisible()
  await screenshots(page, 'profile-stats')
})

test("'Watched in' counts the year where the member is, as their diary shows its days", async ({
  browser,
  baseURL,
}) => {
  // New Year's morning in Auckland is still the old year in UTC: the diary there lists it in the new year.
  const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Auckland', year: 'numeric' }).format())
  const watchedAt = new Date(`${year}-01-01T00:30:00+13:00`).toISOString()
  const thisYear = async (timezoneId: string, request?: APIRequestContext) => {
    const context = await newContext(browser, { baseURL, timezoneId, storageState: await request?.storageState() })
    const page = await context.newPage()
    return { page, context }
  }
  const { page: auckland, context } = await thisYear('Pacific/Auckland')
  await registerByApi(auckland.request, 'zone')
  const film = await catalogMovie(auckland.request, 'godfather')
  await send(auckland.request, 'POST', '/api/watched', { ...ref(film), rating: 8, watchedAt })
  const figure = (page: Page) =>
    stats(page).getByText(`Watched in ${year}`, { exact: true }).locator('..').locator('dd').first()

  await auckland.goto('/profile')
  await expect(figure(auckland)).toHaveText('1')
  const { page: utc, context: utcContext } = await thisYear('UTC', auckland.request)
  await utc.goto('/profile')
  await expect(stats(utc)).toContainText('1 in all')
  await expect(stats(utc).getByText(`Watched in ${new Date().getUTCFullYear()}`, { exact: true })).toBeVisible()
  // (Only on the last day of December in UTC is it already another year in Auckland.)
  if (new Date().getUTCFullYear() === year) await expect(figure(utc)).toHaveText('0')
  for (const open of [context, utcContext]) await open.close()
})

function ref(title: { tmdbId: number }) {
  return { tmdbId: title.tmdbId, mediaType: 'movie' }
}

test('an uploaded avatar shows to a friend wherever I appear; removing it brings the initial back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const ada = await member(browser, baseURL ?? '', 'avatar_a')
  const ben = await member(browser, baseURL ?? '', 'avatar_b')
  try {
    await befriend(ada, ben)

    await ada.page.setViewportSize(viewports[1])
    await ada.page.goto('/profile')
    await ada.page.getByLabel('Avatar picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await aPicture(ada.page),
    })
    await dismissToast(ada.page, 'Avatar updated')
    const header = ada.page.getByRole('main').locator('header')
    const picture = header.locator('img[src^="/api/avatars/"]')
    await expect(picture).toBeVisible()
    const src = (await picture.getAttribute('src')) ?? ''
    expect(src).toMatch(/^\/api\/avatars\/[^?]+\?v=/)
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256)
    // The menu shows it too.
    await expect(ada.page.locator(`aside img[src="${src}"], nav img[src="${src}"]`).first()).toBeVisible()
    await screenshots(ada.page, 'profile-avatar')

    // Ben sees it on Ada's public profile and in his friends list, loaded (not the initial).
    await ben.page.goto(`/profile/${ada.account.username}`)
    const onProfile = ben.page.locator(`img[src="${src}"]`).first()
    await expect(onProfile).toBeVisible()
    await expect.poll(() => onProfile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256)
    await ben.page.goto('/friends')
    await expect(ben.page.locator(`img[src="${src}"]`).first()).toBeVisible()

    // A picture over 2 MB is refused before it is sent, with the reason.
    await ada.page.getByLabel('Avatar picture').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    })
    await expect(ada.page.getByRole('alert').filter({ hasText: 'An avatar can be at most 2 MB.' })).toBeVisible()
    // A file that is not a picture is refused by the server, with its reason.
    await ada.page.getByLabel('Avatar picture').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a png'),
    })
    await expect(ada.page.getByRole('alert').filter({ hasText: 'is not an image we can read' })).toBeVisible()
    await expect(picture).toHaveAttribute('src', src)

    // By keyboard: the focus stays on the page while it saves, and Remove goes with the picture, so
    // the button still there takes it.
    await header.getByRole('button', { name: 'Remove' }).focus()
    await ada.page.keyboard.press('Enter')
    await expect(header.locator('img')).toHaveCount(0)
    await expect(header.getByRole('button', { name: 'Upload picture' })).toBeFocused()
    await ben.page.goto(`/profile/${ada.account.username}`)
    await expect(ben.page.locator('img[src^="/api/avatars/"]')).toHaveCount(0)
    expect((await ben.page.request.get(src)).status()).toBe(404)
  } finally {
    await ada.close()
    await ben.close()
  }
})

test('deleting the account asks for the password, says what goes, signs out and says it is done', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const leaver = await member(browser, baseURL ?? '', 'leaver')
  const friend = await member(browser, baseURL ?? '', 'stayer')
  try {
    const { page } = leaver
    await page.setViewportSize(viewports[0])
    await page.goto('/profile')
    await page.getByLabel('Avatar picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await aPicture(page),
    })
    const src = (await page.getByRole('main').locator('header img').getAttribute('src')) ?? ''
    expect(src).toContain('/api/avatars/')
    // The upload's toast would sit over the dialog's password field in the screenshot.
    await dismissToast(page, 'Avatar updated')

    await page.getByRole('button', { name: 'Delete my account…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await expect(dialog).toContainText('your watchlist with its notes')
    await expect(dialog).toContainText('It cannot be undone.')
    await screenshots(page, 'profile-delete-account', false)

    await dialog.getByLabel('Current password').fill('not-my-password')
    await dialog.getByRole('button', { name: 'Delete for good' }).click()
    await expect(dialog.getByText('Current password is incorrect')).toBeVisible()
    expect((await page.request.get('/api/user')).status()).toBe(200)

    await dialog.getByLabel('Current password').fill(leaver.account.password)
    await dialog.getByRole('button', { name: 'Delete for good' }).click()
    await expect(page).toHaveURL(/\/account-deleted$/)
    await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible()
    expect((await page.request.get('/api/user')).status()).toBe(401)
    expect((await friend.page.request.get(src)).status()).toBe(404)
    await screenshots(page, 'account-deleted')
  } finally {
    await leaver.close()
    await friend.close()
  }
})
