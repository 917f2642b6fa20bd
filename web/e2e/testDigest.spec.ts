import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { member } from './support/members'
import { csrfToken, freshAdminAccount, latestMailTo, openApp, screenshotsDir, toastWith } from './support/server'

/**
 * /test-digest (issue 13.9): two members become friends, one logs a watch, and an admin renders the
 * other's digest (HTML in a sandboxed frame, and text), then sends it to themselves.
 */
mkdirSync(screenshotsDir, { recursive: true })

async function send(request: APIRequestContext, path: string, data?: unknown) {
  const answer = await request.post(path, { data, headers: { 'CSRF-Token': await csrfToken(request) } })
  expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBeLessThan(300)
  return (await answer.json()) as Record<string, unknown>
}

test('an admin renders a member’s digest with a friend’s watch and sends it to themselves', async ({
  page,
  browser,
  baseURL,
}) => {
  // The admin setup runs the role CLI in another process; the machine is shared and busy.
  test.setTimeout(180_000)
  const reader = await member(browser, baseURL ?? '', 'digest_r')
  const friend = await member(browser, baseURL ?? '', 'digest_f')
  const asked = (await send(reader.page.request, '/api/friendships', { username: friend.account.username })) as {
    friendship: { id: string }
  }
  await send(friend.page.request, `/api/friendships/${asked.friendship.id}/accept`)
  const found = await friend.page.request.get('/api/tmdb/autocomplete?query=godfather')
  const { results } = (await found.json()) as { results: { id: number; media_type: string; title?: string }[] }
  const movie = results.find((result) => result.media_type === 'movie')
  if (!movie?.title) throw new Error('no movie to watch')
  await send(friend.page.request, '/api/watched', { tmdbId: movie.id, mediaType: 'movie', rating: 9 })
  await reader.close()
  await friend.close()

  // Its own admin: the digest mailed to it must be the only one that address has had.
  const admin = await freshAdminAccount(page.request)
  await openApp(page, '/test-digest')
  await expect(page.getByRole('heading', { name: 'Test digest' })).toBeVisible()
  await page.getByLabel('Find a member').fill(reader.account.username)
  await page.getByRole('list', { name: 'Members' }).getByRole('button', { name: reader.account.username }).click()

  const digest = page.getByRole('region', { name: `${reader.account.username}’s digest` })
  await expect(digest.getByRole('heading', { name: /Your Reelmates digest/ })).toBeVisible()
  const line = `${friend.account.username} watched “${movie.title}”`
  await expect(page.frameLocator('iframe[title="Digest (HTML)"]').getByText(line)).toBeVisible()

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    await digest.scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(screenshotsDir, `test-digest-${viewport.width}x${viewport.height}.png`) })
  }

  await digest.getByRole('tab', { name: 'Text' }).click()
  await expect(digest.getByRole('tabpanel', { name: 'Digest (text)' })).toContainText(`- ${line}`)

  await digest.getByRole('button', { name: 'Send it to me' }).click()
  await expect(toastWith(page, 'Test digest sent').first()).toBeVisible()
  const mail = await latestMailTo(page.request, admin.email, 'test-digest')
  expect(mail.text).toContain(line)
})
