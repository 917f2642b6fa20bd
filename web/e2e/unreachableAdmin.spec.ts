import { expect, test, type Page } from '@playwright/test'
import { adminAccount, uniqueName } from './support/server'

/**
 * The server stops answering (connection refused) while an admin has the app open. A list that has
 * nothing to show says it loads once Reelmates can be reached, and does so within seconds of the
 * server's return; a screen whose code was never fetched stays in the app with its own message
 * instead of reloading into the browser's "This site can't be reached".
 */

// An admin is made through the CLI (another process): on a shared, loaded machine that takes longer than a minute.
test.describe.configure({ timeout: 120_000 })

/** Every request of the page gets no answer, as with the server stopped; `back()` is the server started again. */
async function stopServer(page: Page): Promise<{ back: () => Promise<void> }> {
  const refuse = '**/*'
  await page.route(refuse, (route) => route.abort('connectionrefused'))
  return { back: () => page.unroute(refuse) }
}

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Admin areas' })

test('a list searched while the server is stopped says it loads once Reelmates answers, and loads within seconds of that', async ({
  page,
}) => {
  await adminAccount(page.request)
  await page.goto('/admin/user-management')
  await expect(page.getByRole('list', { name: 'Users' })).toBeVisible()
  await adminNav(page).getByRole('link', { name: 'Mail outbox' }).click()
  await expect(page.getByRole('heading', { name: 'Mail outbox', level: 1 })).toBeVisible()

  // A name nobody has: the whole suite's members share this server, and their names are random ("…8zz").
  const nobody = uniqueName('nobody')
  const server = await stopServer(page)
  await adminNav(page).getByRole('link', { name: 'User management' }).click()
  await page.getByLabel('Search users').fill(nobody)
  const banner = page.getByRole('status').filter({ hasText: "Can't reach Reelmates." })
  await expect(banner).toBeVisible()
  await expect(page.getByText('Users will load as soon as Reelmates can be reached.')).toBeVisible()
  await expect(page.getByText('Loading users…')).toHaveCount(0)

  // Long enough for the probes to have backed off to their longest wait (1, 2, 4, then every 5 s; it
  // was 30 s, which this wait and the one below tell apart). Within that wait and a loaded machine's
  // time for the list, not a probe 30 s away.
  await page.waitForTimeout(16_000)
  await server.back()
  await expect(page.getByText(`No user matches “${nobody}”.`)).toBeVisible({ timeout: 10_000 })
  await expect(banner).toBeHidden()
})

test('a screen whose code cannot be fetched with the server stopped stays in the app, and opens with Try again once it answers', async ({
  page,
}) => {
  await adminAccount(page.request)
  await page.goto('/admin/outbox')
  await expect(page.getByRole('heading', { name: 'Mail outbox', level: 1 })).toBeVisible()

  const server = await stopServer(page)
  await adminNav(page).getByRole('link', { name: 'Scheduler' }).click()
  await expect(page.getByRole('heading', { name: 'This screen couldn’t be loaded' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText(
    'Reelmates can’t be reached, and this screen isn’t saved on this device. It opens by itself as soon as Reelmates can be reached.',
  )
  expect(page.url()).toMatch(/^http:\/\/localhost:\d+\/admin\/scheduler$/)
  // Still the app, its frame there to go elsewhere.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible()

  // Chromium keeps a failed module fetch for the page's life: Try again, finding the server back,
  // reloads the page, which it now can. The screen also opens by itself once the app finds the server
  // back, which on a slow machine can come before the press: then the button has gone with the message.
  await server.back()
  const tryAgain = page.getByRole('button', { name: 'Try again' })
  await tryAgain.click({ timeout: 10_000 }).catch(async () => {
    await expect(tryAgain).toHaveCount(0)
  })
  await expect(page.getByRole('heading', { name: 'Scheduler', level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Timed jobs' })).toBeVisible()
})
