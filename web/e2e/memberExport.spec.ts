import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import type { MemberExport } from '@reelmates/contracts/memberExport'
import { catalogMovie, sendJson } from './support/api'
import { registerByApi } from './support/server'

/** A member on the Line Islands (UTC+14): their day is UTC's tomorrow for ten hours of it. */
const timezoneId = 'Pacific/Kiritimati'
test.use({ timezoneId })

/** "Download all my data" on /profile: the browser saves one JSON file with what the member wrote. */
test('the profile downloads all my data: my watch with its review, and my comment', async ({ page }) => {
  const me = await registerByApi(page.request, 'export')
  const film = await catalogMovie(page.request, 'godfather')
  const watch = await sendJson(page.request, '/api/watched', {
    tmdbId: film.tmdbId,
    mediaType: 'movie',
    rating: 9,
    review: 'An offer I could not refuse',
  })
  await sendJson(page.request, `/api/activities/${encodeURIComponent(`watched:${String(watch.entryId)}`)}/comments`, {
    content: 'Still the best on a rewatch',
  })

  await page.goto('/profile')
  const link = page.getByRole('link', { name: 'Download all my data' })
  await expect(link).toHaveAccessibleDescription(/watchlist, watched log, friends, comments/)
  const download = page.waitForEvent('download')
  await link.click()
  const file = await download
  // Named for the member's own day.
  const theirDay = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId, dateStyle: 'short' }).format(new Date())
  expect(file.suggestedFilename()).toBe(`reelmates-${me.username}-${theirDay}.json`)

  const data = JSON.parse(await readFile(await file.path(), 'utf8')) as MemberExport
  expect(data.account).toMatchObject({ username: me.username, email: me.email })
  expect(data.watched).toEqual([
    expect.objectContaining({ title: film.title, stars: 4.5, review: 'An offer I could not refuse' }),
  ])
  expect(data.comments).toEqual([
    expect.objectContaining({
      content: 'Still the best on a rewatch',
      on: expect.objectContaining({ owner: me.username }),
    }),
  ])
})
