import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { adminAccount, registerByApi, screenshotsDir, uniqueName } from './support/server'
import { newContext } from './support/contexts'

/**
 * Issue 14.4-7 in the browser: the blog from the editor to the open news pages, user management
 * (a promoted member reaches /admin without reloading), and screenshots of every screen of this area.
 */
mkdirSync(screenshotsDir, { recursive: true })
// Each test makes an admin through the CLI (a process of its own) and takes a dozen full-page pictures.
test.describe.configure({ timeout: 240_000 })
const viewports = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const

async function screenshots(page: Page, name: string) {
  const before = page.viewportSize()
  for (const viewport of viewports) {
    await page.setViewportSize(viewport)
    // Let the layout settle at the new width before the picture.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.screenshot({
      path: join(screenshotsDir, `${name}-${viewport.width}x${viewport.height}.png`),
      fullPage: true,
    })
  }
  if (before) await page.setViewportSize(before)
}

async function adminPage(browser: Browser, baseURL: string | undefined) {
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await adminAccount(page.request)
  return { context, page }
}

test('an admin publishes a post that a signed-out visitor finds on /news and in its category', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await adminPage(browser, baseURL)
  const category = uniqueName('Festivals').replaceAll('_', ' ')
  const title = `Cannes round-up ${uniqueName('p')}`

  await page.goto('/admin/blog/posts')
  await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible()
  const categoryForm = page.getByRole('form', { name: 'Category' })
  await categoryForm.getByLabel('Name').fill(category)
  await categoryForm.getByRole('button', { name: 'Add category' }).click()
  await expect(page.getByRole('region', { name: 'Categories' }).getByText(category)).toBeVisible()

  await page.getByRole('link', { name: 'New post', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Excerpt').fill('Every winner of the festival, and where to stream them.')
  await page.getByLabel('Featured image URL').fill('/icons/icon-512.png')
  await page
    .getByRole('textbox', { name: 'Content' })
    .fill(
      '## The winners\n\nThe **Palme d’Or** went to a quiet drama.\n\n<script>window.__pwned = true</script>\n\n[Sneaky link](javascript:window.__pwned=true)',
    )
  await page.getByRole('checkbox', { name: category }).check()
  await page.getByRole('tab', { name: 'Preview' }).click()
  await expect(
    page.getByRole('tabpanel', { name: 'Preview' }).getByRole('heading', { name: 'The winners' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/posts\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible()
  await expect(page.getByText('Draft: only admins see it.')).toBeVisible()
  await screenshots(page, 'admin-blog-editor')

  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View on the news' })).toBeVisible()

  await page.goto('/admin/blog/posts')
  await expect(page.getByRole('link', { name: title })).toBeVisible()
  await screenshots(page, 'admin-blog-posts')
  await context.close()

  // A visitor who never signed in.
  const visitorContext = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const visitor = await visitorContext.newPage()
  await visitor.goto('/news')
  await expect(visitor.getByRole('heading', { name: 'News', level: 1 })).toBeVisible()
  const card = visitor.getByRole('article').filter({ hasText: title })
  await expect(card).toBeVisible()
  await expect(card.getByText('Every winner of the festival')).toBeVisible()
  await screenshots(visitor, 'news')

  await card.getByRole('link', { name: category }).click()
  await expect(visitor).toHaveURL(/\/news\/category\/festivals-/)
  await expect(visitor.getByRole('heading', { name: category, level: 1 })).toBeVisible()
  await expect(visitor.getByRole('link', { name: title })).toBeVisible()
  await screenshots(visitor, 'news-category')

  await visitor.getByRole('link', { name: title }).click()
  await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(visitor.getByRole('heading', { name: 'The winners' })).toBeVisible()
  // The script in the source never ran, and the javascript: link is no link at all.
  expect(await visitor.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined()
  await expect(visitor.locator('main a[href^="javascript:" i]')).toHaveCount(0)
  await expect(visitor.getByText('Sneaky link')).toBeVisible()
  await screenshots(visitor, 'news-post')

  // What a link preview reads: the HTML as served, before any script.
  const served = await (await visitor.request.get(new URL(visitor.url()).pathname)).text()
  expect(served).toContain(`<title>${title} — Reelmates News</title>`)
  expect(served).toContain('content="Every winner of the festival, and where to stream them."')
  await visitorContext.close()
})

test('an admin promotes a member, who opens /admin without reloading; the other admin screens', async ({
  browser,
  baseURL,
}) => {
  const memberContext = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const member = await memberContext.newPage()
  const account = await registerByApi(member.request, 'member')
  await member.goto('/home')
  const mainNav = member.getByRole('navigation', { name: 'Main navigation' })
  await expect(mainNav.getByRole('link', { name: 'Watchlist' })).toBeVisible()
  await expect(mainNav.getByRole('link', { name: 'Admin' })).toHaveCount(0)
  // Survives only as long as this document: a reload would lose it.
  await member.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true))

  const { context, page } = await adminPage(browser, baseURL)
  await page.goto('/admin/user-management')
  await page.getByLabel('Search users').fill(account.username)
  const row = page.getByRole('listitem', { name: account.username })
  await expect(row).toBeVisible()
  await expect(row.getByText('member', { exact: false }).first()).toBeVisible()
  await screenshots(page, 'admin-user-management')
  await row.getByRole('button', { name: 'Make admin' }).click()
  // Full admin rights are given only once confirmed.
  const asked = page.getByRole('dialog', { name: `Make ${account.username} an admin?` })
  await asked.getByRole('button', { name: 'Make admin' }).click()
  await expect(row.getByRole('button', { name: 'Make user' })).toBeVisible()

  // The member comes back to their tab: the app asks who they are now.
  await member.evaluate(() => window.dispatchEvent(new Event('visibilitychange')))
  await mainNav.getByRole('link', { name: 'Admin' }).click()
  await expect(member).toHaveURL(/\/admin(\?days=\d+)?$/)
  await expect(member.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible()
  await expect(member.getByText("Access Denied - You don't have permission to access this page.")).toHaveCount(0)
  expect(await member.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  await memberContext.close()

  // The server runs on the offline catalog, which keeps no cache: the screen says so and offers no
  // button that would clear nothing (clearing TMDB's cache: RefreshCacheScreen.spec.tsx, cacheRoutes).
  await page.goto('/admin/refresh-api-cache')
  await expect(page.getByText(/The offline catalog keeps no cache, so there is nothing to clear/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Clear the catalog cache' })).toHaveCount(0)
  await screenshots(page, 'admin-refresh-api-cache')

  await page.goto('/admin/outbox')
  await expect(page.getByRole('heading', { name: 'Mail outbox', level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Mails' }).or(page.getByText(/^No mail/))).toBeVisible()
  // The recipient box takes what the server does (254 characters), never a refusal in zod's words.
  await page.getByLabel('Recipient').fill('a'.repeat(600))
  await expect(page.getByLabel('Recipient')).toHaveValue('a'.repeat(254))
  await expect(page.getByText(`No mail to ${'a'.repeat(254)} yet.`)).toBeVisible()
  await expect(page.getByText(/Too big/)).toHaveCount(0)
  await page.getByLabel('Recipient').fill('')
  await screenshots(page, 'admin-outbox')
  await context.close()
})

test('a signed-in member who opens an admin screen is told they are taken home, and is', async ({ page }) => {
  await registerByApi(page.request, 'curious')
  for (const route of ['/admin', '/test-digest']) {
    await page.goto(route)
    await expect(
      page.getByRole('heading', { name: "Access Denied - You don't have permission to access this page." }),
    ).toBeVisible()
    await expect(page.getByText('Taking you home…')).toBeVisible()
    await expect(page.getByText(/sign in/i)).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/home')
    await expect(page).toHaveURL(/\/home$/, { timeout: 6000 })
  }
})
