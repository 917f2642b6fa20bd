import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { catalogMovie, sendJson } from './support/api'
import { newContext } from './support/contexts'
import { freshAdminAccount, registerByApi } from './support/server'

/**
 * A member writing in one tab whose session ends in another (Log out there; a password changed on
 * another device and expiry end it the same way): the page's own polls find it, with a 401. The words
 * being written stay on the page, which says so; without any, the tab goes to sign in as before.
 */
const kept = 'You were signed out. What you wrote here is kept on this page: copy it, then sign in again.'
const signedInAgain = "You're signed in again. What you wrote is below: copy it, then go on."
const signedOut = 'You were signed out. Sign in again to continue.'
const review = 'The airport scene, every time.\nPlay it, Sam.'

async function twoTabs(
  context: BrowserContext,
  prefix: string,
): Promise<{ here: Page; account: { username: string; password: string }; movie: { tmdbId: number; title: string } }> {
  const here = await context.newPage()
  // The page's clock, flowing as the machine's: its polls come at once on a jump, not after a wait.
  await here.clock.install()
  const account = await registerByApi(here.request, prefix)
  const movie = await catalogMovie(here.request, 'casablanca')
  await here.goto(`/media/movie/${movie.tmdbId}`)
  await expect(here.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  return { here, account, movie }
}

/** Logs out in another tab, left open on the sign-in page, and lets this tab's polls find it out. */
async function logOutInAnotherTab(context: BrowserContext, here: Page): Promise<Page> {
  const other = await context.newPage()
  await other.goto('/profile')
  await other.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(other).toHaveURL(/\/sign_in$/)
  // No return to this tab and nothing done in it: its polls find the session gone (a 401).
  await here.clock.fastForward(65_000)
  return other
}

test('a review being written when the session ends elsewhere stays on the page, which says so', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const { here, account, movie } = await twoTabs(context, 'writing')
  await here.getByRole('button', { name: 'Mark watched' }).click()
  const dialog = here.getByRole('dialog', { name: movie.title })
  await dialog.getByLabel('Review').fill(review)

  await logOutInAnotherTab(context, here)
  await expect(here.getByRole('alert').filter({ hasText: kept })).toBeVisible()
  await expect(here.getByRole('textbox', { name: `Your review of ${movie.title}` })).toHaveValue(review)
  await expect(here.getByRole('button', { name: `Copy your review of ${movie.title}` })).toBeVisible()
  expect(new URL(here.url()).pathname).toBe(`/media/movie/${movie.tmdbId}`)
  // Nothing else of the member's stays on screen: not their name, not the app's menus.
  await expect(here.getByText(account.username, { exact: true })).toHaveCount(0)
  await expect(here.getByRole('button', { name: 'Log out' })).toHaveCount(0)
  // Later polls change nothing.
  await here.clock.fastForward(65_000)
  await expect(here.getByRole('textbox', { name: `Your review of ${movie.title}` })).toHaveValue(review)

  // Sign in again asks before the words are left; Stay keeps them.
  await here.getByRole('link', { name: 'Sign in again' }).click()
  const leave = here.getByRole('dialog', { name: 'Leave this page?' })
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(here.getByRole('textbox', { name: `Your review of ${movie.title}` })).toHaveValue(review)
  await here.getByRole('link', { name: 'Sign in again' }).click()
  await leave.getByRole('button', { name: 'Leave' }).click()
  await expect(here).toHaveURL(/\/sign_in\?returnTo=%2Fmedia%2Fmovie%2F-?\d+$/)
  await expect(here.getByRole('status').filter({ hasText: signedOut })).toBeVisible()
  await here.getByLabel('Username').fill(account.username)
  await here.getByLabel('Password').fill(account.password)
  await here.getByRole('button', { name: 'Sign In' }).click()
  await expect(here).toHaveURL(new RegExp(`/media/movie/${movie.tmdbId}$`))
  // Nothing was kept on the device for whoever signs in next.
  await here.getByRole('button', { name: 'Mark watched' }).click()
  await expect(here.getByRole('dialog', { name: movie.title }).getByLabel('Review')).toHaveValue('')
  await context.close()
})

test('a comment being written on an activity, whose page asks every few seconds, stays too', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL })
  const { here, movie } = await twoTabs(context, 'commenting')
  const watched = await sendJson(here.request, '/api/watched', { tmdbId: movie.tmdbId, mediaType: 'movie' })
  await here.goto(`/activity/${encodeURIComponent(`watched:${String(watched.entryId)}`)}`)
  await here.getByRole('textbox', { name: 'Write a comment' }).fill('Who else cried at the end?')

  await logOutInAnotherTab(context, here)
  await expect(here.getByRole('alert').filter({ hasText: kept })).toBeVisible()
  await expect(here.getByRole('textbox', { name: 'Your comment' })).toHaveValue('Who else cried at the end?')
  await expect(here).toHaveURL(/\/activity\//)
  await context.close()
})

test('with nothing being written, the session ending elsewhere takes the tab to sign in, as before', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const { here } = await twoTabs(context, 'notwriting')
  await logOutInAnotherTab(context, here)
  await expect(here).toHaveURL(/\/sign_in\?returnTo=%2Fmedia%2Fmovie%2F-?\d+$/)
  await expect(here.getByRole('status').filter({ hasText: signedOut })).toBeVisible()
  await expect(here.getByText(kept)).toHaveCount(0)
  await context.close()
})

test('the same member signing in again in the other tab keeps the words on screen, said so, until Go on', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const { here, account, movie } = await twoTabs(context, 'againhere')
  await here.getByRole('button', { name: 'Mark watched' }).click()
  await here.getByRole('dialog', { name: movie.title }).getByLabel('Review').fill(review)
  const other = await logOutInAnotherTab(context, here)
  await expect(here.getByRole('alert').filter({ hasText: kept })).toBeVisible()

  // Signed in again over there, to carry on: this tab hears of it at once, and keeps the words.
  await other.getByLabel('Username').fill(account.username)
  await other.getByLabel('Password').fill(account.password)
  await other.getByRole('button', { name: 'Sign In' }).click()
  await expect(other).toHaveURL(/\/home$/)
  await expect(here.getByRole('alert').filter({ hasText: signedInAgain })).toBeVisible()
  await expect(here.getByRole('textbox', { name: `Your review of ${movie.title}` })).toHaveValue(review)
  await expect(here.getByRole('link', { name: 'Sign in again' })).toHaveCount(0)
  expect(new URL(here.url()).pathname).toBe(`/media/movie/${movie.tmdbId}`)

  // Go on leaves the words: asked first, then back to the page, signed in.
  await here.getByRole('button', { name: 'Go on' }).click()
  await here.getByRole('dialog', { name: 'Leave what you wrote?' }).getByRole('button', { name: 'Leave' }).click()
  await expect(here.getByRole('heading', { level: 1, name: movie.title })).toBeVisible()
  await expect(here.getByRole('button', { name: 'Mark watched' })).toBeVisible()
  await context.close()
})

test('an admin writing a blog post when the session ends elsewhere keeps the post on the page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000)
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const here = await context.newPage()
  await here.clock.install()
  await freshAdminAccount(here.request)
  await here.goto('/admin/blog/posts/new')
  await expect(here.getByRole('heading', { name: 'New post' })).toBeVisible()
  await here.getByLabel('Title').fill('Festival notes')
  await here.getByRole('textbox', { name: 'Content' }).fill('## Day one\n\nThree films, one of them great.')

  await logOutInAnotherTab(context, here)
  await expect(here.getByRole('alert').filter({ hasText: kept })).toBeVisible()
  await expect(here.getByText('Access Denied', { exact: false })).toHaveCount(0)
  await expect(here.getByRole('textbox', { name: "Your post's title" })).toHaveValue('Festival notes')
  await expect(here.getByRole('textbox', { name: "Your post's content" })).toHaveValue(
    '## Day one\n\nThree films, one of them great.',
  )
  expect(new URL(here.url()).pathname).toBe('/admin/blog/posts/new')
  await context.close()
})
