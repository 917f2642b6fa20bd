import { expect, test } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { befriend, member } from './support/members'

/**
 * Home's "Loved by your friends" (docs/feed.md), two friends in two browsers: what B watched publicly
 * and liked shows on A's home with B named; B's private watch never does; once A has watched the
 * title it leaves the row, and with nothing left the row is gone, as it was before.
 */
test('a friend’s public 4½-star watch shows on my home with their name, a private one never; watching it takes it off', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'loved_a')
  const b = await member(browser, baseURL ?? '', 'loved_b')
  await befriend(a, b)
  const row = a.page.getByRole('region', { name: 'Loved by your friends' })

  await a.page.goto('/home')
  await expect(a.page.getByRole('region', { name: 'Trending movies' }).getByRole('listitem').first()).toBeVisible()
  await expect(row).toHaveCount(0)

  const [liked, secret] = [await catalogMovie(b.page.request, 'heat'), await catalogMovie(b.page.request, 'alien')]
  await sendJson(b.page.request, '/api/watched', { tmdbId: liked.tmdbId, mediaType: 'movie', rating: 9 })
  await sendJson(b.page.request, '/api/watched', {
    tmdbId: secret.tmdbId,
    mediaType: 'movie',
    rating: 10,
    recommend: true,
    isPrivate: true,
  })

  await a.page.reload()
  const card = row.getByRole('listitem')
  await expect(card).toHaveCount(1)
  await expect(card).toContainText(liked.title)
  await expect(card).toContainText(`Loved by ${b.account.username}`)
  await expect(row).not.toContainText(secret.title)

  // A logs it from the card: it leaves the row at once, and the row, now empty, goes.
  await row.getByRole('button', { name: `Mark ${liked.title} watched`, exact: true }).click()
  const dialog = a.page.getByRole('dialog', { name: liked.title })
  await dialog.locator('label', { hasText: /^3 stars$/ }).click()
  await dialog.getByRole('button', { name: 'Log it' }).click()
  await expect(row).toHaveCount(0)
  await a.page.reload()
  await expect(a.page.getByRole('region', { name: 'Trending movies' }).getByRole('listitem').first()).toBeVisible()
  await expect(row).toHaveCount(0)

  await a.close()
  await b.close()
})
