import { expect, test, type Browser, type Page } from '@playwright/test'
import { registerByApi, type Account } from './support/server'
import { newContext } from './support/contexts'
import { catalogMovie, sendJson } from './support/api'

/**
 * A diary day is its writer's, wherever it is read. The writer lives in Honolulu (UTC−10) and the
 * friend on Kiritimati (UTC+14): the same clock time, a day apart, so any day shown from the instant
 * where it is read is the wrong one. The friend's profile view, feed and the media page all show the
 * writer's days.
 */

interface Member {
  page: Page
  account: Account
}

async function member(browser: Browser, baseURL: string, prefix: string, timezoneId: string): Promise<Member> {
  const context = await newContext(browser, {
    baseURL,
    timezoneId,
    locale: 'en-GB',
    viewport: { width: 1280, height: 900 },
  })
  const page = await context.newPage()
  return { page, account: await registerByApi(page.request, prefix) }
}

/** A day (`YYYY-MM-DD`) `daysAgo` days before today on the page's own calendar. */
const dayOnPage = (page: Page, daysAgo: number) =>
  page.evaluate((back) => new Date(Date.now() - back * 86_400_000).toLocaleDateString('en-CA'), daysAgo)

/** A day as the app writes it ("26 Nov 2026" in en-GB). */
const label = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${day}T12:00:00`),
  )

async function logWatch(page: Page, movie: { tmdbId: number; title: string }, day: string) {
  await page.goto(`/media/movie/${movie.tmdbId}`)
  await page.getByRole('button', { name: 'Mark watched' }).click()
  const dialog = page.getByRole('dialog', { name: movie.title })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Watched on', { exact: true }).fill(day)
  await dialog.getByRole('button', { name: 'Log it' }).click()
  await expect(dialog).toBeHidden()
}

test("a friend on the other side of the date line reads the writer's diary days", async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const writer = await member(browser, baseURL ?? '', 'honolulu', 'Pacific/Honolulu')
  const friend = await member(browser, baseURL ?? '', 'kiritimati', 'Pacific/Kiritimati')
  const asked = (await sendJson(writer.page.request, '/api/friendships', { username: friend.account.username })) as {
    friendship: { id: string }
  }
  await sendJson(friend.page.request, `/api/friendships/${asked.friendship.id}/accept`)

  const [today, earlier] = [
    await catalogMovie(writer.page.request, 'casablanca'),
    await catalogMovie(writer.page.request, 'heat'),
  ]
  const todayThere = await dayOnPage(writer.page, 0)
  const earlierThere = await dayOnPage(writer.page, 3)
  await logWatch(writer.page, today, todayThere)
  await logWatch(writer.page, earlier, earlierThere)
  // Kiritimati is always a day ahead of Honolulu.
  expect(await dayOnPage(friend.page, 0)).not.toBe(todayThere)

  await writer.page.goto('/watched')
  const diary = writer.page.getByRole('main').getByRole('article')
  await expect(diary.filter({ hasText: today.title })).toContainText(label(todayThere))
  await expect(diary.filter({ hasText: earlier.title })).toContainText(label(earlierThere))

  await friend.page.goto(`/profile/${writer.account.username}`)
  const recent = friend.page.getByRole('listitem').filter({ hasText: earlier.title })
  await expect(recent).toContainText(`Watched ${label(earlierThere)}`)
  await expect(friend.page.getByRole('listitem').filter({ hasText: today.title })).toContainText(
    `Watched ${label(todayThere)}`,
  )

  // In the feed, a watch logged for an earlier day says which day, the writer's.
  await friend.page.goto('/feed')
  await expect(friend.page.getByRole('article').filter({ hasText: earlier.title })).toContainText(
    `Watched ${label(earlierThere)} · logged`,
  )

  // And beside the friend on the title's page.
  await friend.page.goto(`/media/movie/${earlier.tmdbId}`)
  await expect(friend.page.getByRole('listitem').filter({ hasText: writer.account.username })).toContainText(
    label(earlierThere),
  )
})
