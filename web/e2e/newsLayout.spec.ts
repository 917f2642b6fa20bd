import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { adminAccount, csrfToken, registerByApi, toastWith, uniqueName } from './support/server'
import { newContext } from './support/contexts'
import { hasUnreadNews } from '@reelmates/contracts/unreadNews'

/**
 * The news and the blog's admin screens hold whatever an admin writes: one long word, a long line of
 * code, a table or a featured image that no longer loads must not break the page for every reader.
 */
test.describe.configure({ timeout: 120_000 })

const phone = { width: 390, height: 844 }
const desktop = { width: 1440, height: 900 }

const longWord = 'Supercalifragilistic'.repeat(15)
const longCode = `const premieres = [${Array.from({ length: 24 }, (_, i) => `'film-${i}'`).join(', ')}]`
const longContent = [
  '## A long word',
  longWord,
  ['```', longCode, '```'].join('\n'),
  '## Where to watch',
  [
    '| Film | Year | Where |',
    '| --- | ---: | --- |',
    '| Dune: Part Two | 2024 | In cinemas, then streaming on every service we know of |',
    '| Arrival | 2016 | Rent or buy |',
  ].join('\n'),
].join('\n\n')

interface PostFields {
  title: string
  content: string
  excerpt?: string
  featuredImageUrl?: string | null
  slug?: string
}

/** Whether the signed-in member's last visit to the news is after the newest published post, as the server has it. */
async function readAllNewsOnServer(request: APIRequestContext): Promise<boolean> {
  const user = (await (await request.get('/api/user')).json()) as { lastNewsVisit: string | null }
  const news = (await (await request.get('/api/blog/posts?page=1')).json()) as { items: { publishedAt: string }[] }
  return !hasUnreadNews(news.items[0]?.publishedAt, user.lastNewsVisit)
}

/** A new admin in a context of their own. */
async function asAdmin(browser: Browser, baseURL: string | undefined, viewport = desktop) {
  const context = await newContext(browser, { baseURL, viewport })
  const page = await context.newPage()
  await adminAccount(page.request)
  return { context, page }
}

/** Writes a post through the API and publishes it; resolves once visitors can read it. */
async function publishedPost(request: APIRequestContext, fields: PostFields) {
  const slug = fields.slug ?? uniqueName('post').toLowerCase().replaceAll('_', '-')
  const headers = { 'CSRF-Token': await csrfToken(request) }
  const created = await request.post('/api/admin/blog/posts', {
    headers,
    data: { excerpt: '', featuredImageUrl: null, categoryIds: [], ...fields, slug },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const published = await request.post(`/api/admin/blog/posts/${id}/publish`, { headers })
  expect(published.status(), await published.text()).toBe(200)
  await expect.poll(async () => (await request.get(`/api/blog/posts/${slug}`)).status()).toBe(200)
  return { id, slug }
}

/** How much wider than the window the page is (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

test('a post with a 300-character word, a long code line and a table fits a phone and a desktop', async ({
  browser,
  baseURL,
}) => {
  const { context, page: admin } = await asAdmin(browser, baseURL)
  const tag = uniqueName('t')
  const title = `Layout ${tag} ${longWord.slice(0, 120)}`
  const { slug } = await publishedPost(admin.request, {
    title,
    content: longContent,
    excerpt: `In short: ${longWord}`,
    featuredImageUrl: '/icons/icon-512.png',
  })
  await context.close()

  const visitorContext = await newContext(browser, { baseURL })
  const visitor = await visitorContext.newPage()
  for (const viewport of [phone, desktop]) {
    await visitor.setViewportSize(viewport)
    await visitor.goto(`/news/${slug}`)
    await expect(visitor.getByRole('heading', { name: 'Where to watch' })).toBeVisible()
    expect(await overflow(visitor), `/news/${slug} at ${viewport.width} px`).toBeLessThanOrEqual(0)
    // The table is a table, its rows readable, and it scrolls in its own frame when it must.
    const table = visitor.getByRole('table')
    await expect(table.getByRole('columnheader', { name: 'Film' })).toBeVisible()
    await expect(table.getByRole('row')).toHaveCount(3)
    await expect(visitor.getByText('| Film |')).toHaveCount(0)
    // The code line keeps its characters on one line and scrolls in its own frame.
    const code = visitor.locator('pre')
    expect(await code.evaluate((pre) => pre.scrollWidth > pre.clientWidth)).toBe(true)
    const image = await visitor.locator('article img').first().boundingBox()
    expect(image?.width ?? Infinity).toBeLessThanOrEqual(viewport.width)

    await visitor.goto('/news')
    const card = visitor.getByRole('article').filter({ hasText: tag })
    await expect(card).toBeVisible()
    expect(await overflow(visitor), `/news at ${viewport.width} px`).toBeLessThanOrEqual(0)
    // The excerpt's long word breaks inside the card rather than being cut off at its edge.
    const excerpt = card.getByText('In short:')
    expect(await excerpt.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true)
  }
  await visitorContext.close()
})

test('the editor’s preview of a long word and code line keeps Save and the categories on screen', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await asAdmin(browser, baseURL)
  const { id } = await publishedPost(page.request, { title: `Preview ${uniqueName('t')}`, content: longContent })
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport)
    await page.goto(`/admin/blog/posts/${id}`)
    await page.getByRole('tab', { name: 'Preview' }).click()
    const preview = page.getByRole('tabpanel', { name: 'Preview' })
    await expect(preview.getByRole('heading', { name: 'Where to watch' })).toBeVisible()
    expect(await overflow(page), `the editor at ${viewport.width} px`).toBeLessThanOrEqual(0)
    await expect(preview.getByRole('table')).toBeVisible()
    for (const side of [
      page.getByRole('button', { name: 'Save', exact: true }),
      page.getByText('Categories', { exact: true }),
    ]) {
      const box = await side.boundingBox()
      expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width)
    }
  }
  await context.close()
})

test('a featured image that does not load leaves no hole on the post or its card, and the editor warns', async ({
  browser,
  baseURL,
}) => {
  const { context, page: admin } = await asAdmin(browser, baseURL)
  const title = `Broken image ${uniqueName('t')}`
  const { id, slug } = await publishedPost(admin.request, {
    title,
    content: '## First words\n\nThe text starts here.',
    excerpt: 'A post whose image has gone.',
    featuredImageUrl: '/news-images/gone.jpg',
  })

  const visitorContext = await newContext(browser, { baseURL, viewport: desktop })
  const visitor = await visitorContext.newPage()
  await visitor.goto(`/news/${slug}`)
  const firstWords = visitor.getByRole('heading', { name: 'First words' })
  await expect(firstWords).toBeVisible()
  // The date and the text are one gap apart, not a 16:9 frame apart (once the image has failed).
  await expect
    .poll(async () => {
      const date = await visitor.locator('article time').boundingBox()
      const text = await firstWords.boundingBox()
      return (text?.y ?? Infinity) - ((date?.y ?? 0) + (date?.height ?? 0))
    })
    .toBeLessThan(80)
  await expect(visitor.locator('article img')).toHaveCount(0)

  await visitor.goto('/news')
  const card = visitor.getByRole('article').filter({ hasText: title })
  await expect(card.getByText('A post whose image has gone.')).toBeVisible()
  await expect(card.locator('img')).toHaveCount(0)
  const cardBox = await card.boundingBox()
  expect(cardBox?.height ?? Infinity).toBeLessThan(250)
  await visitorContext.close()

  // The editor says so, and still saves.
  await admin.goto(`/admin/blog/posts/${id}`)
  await expect(admin.getByText('This image could not be loaded')).toBeVisible()
  await admin.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(admin, 'Post saved')).toBeVisible()
  await context.close()
})

test('an image in a post that does not load shows its alt text, not a broken-image icon', async ({
  browser,
  baseURL,
}) => {
  const { context, page: admin } = await asAdmin(browser, baseURL)
  const { slug } = await publishedPost(admin.request, {
    title: `Broken inline image ${uniqueName('t')}`,
    content: 'Before the picture.\n\n![A still from Dune](/news-images/gone-inline.jpg)\n\nAfter the picture.',
  })
  await context.close()

  const visitorContext = await newContext(browser, { baseURL, viewport: phone })
  const visitor = await visitorContext.newPage()
  await visitor.goto(`/news/${slug}`)
  await expect(visitor.getByTestId('missing-image')).toHaveText('A still from Dune')
  await expect(visitor.locator('article img')).toHaveCount(0)
  await expect(visitor.getByText('After the picture.')).toBeVisible()
  expect(await overflow(visitor)).toBeLessThanOrEqual(0)
  await visitorContext.close()
})

test('the admin blog screens fit a phone, long titles and slugs included', async ({ browser, baseURL }) => {
  const { context, page } = await asAdmin(browser, baseURL, phone)
  // 100 characters: a long slug, well within what the contract (120) and the gateway's parameters (200) take.
  const slug = `a-${Date.now().toString(36)}-${'very-long-slug-'.repeat(8)}`.slice(0, 100).replace(/-+$/, '')
  const { id } = await publishedPost(page.request, {
    title: `A title with ${longWord.slice(0, 80)} in it ${uniqueName('t')}`,
    slug,
    content: 'Some words.',
  })
  const categoryName = `Release Roundups ${uniqueName('c')}`
  await page.request.post('/api/admin/blog/categories', {
    headers: { 'CSRF-Token': await csrfToken(page.request) },
    data: { name: categoryName, slug: uniqueName('c').toLowerCase().replaceAll('_', '-'), description: null },
  })

  await page.goto('/admin/blog/posts')
  await expect(page.getByText(`/news/${slug}`)).toBeVisible()
  expect(await overflow(page), '/admin/blog/posts at 390 px').toBeLessThanOrEqual(0)
  await expect(page.getByRole('link', { name: 'New post', exact: true })).toBeInViewport({ ratio: 1 })
  const deleteCategory = page.getByRole('button', { name: `Delete ${categoryName}` })
  // Scrolled to, the button is wholly on screen (not off its right edge). The posts above it may still
  // be loading and push it down after a scroll (in a full run the list is long), so scroll again then.
  await expect(async () => {
    await deleteCategory.scrollIntoViewIfNeeded()
    await expect(deleteCategory).toBeInViewport({ ratio: 1, timeout: 1_000 })
  }, 'the category actions are on screen').toPass({ timeout: 15_000 })

  for (const path of [`/admin/blog/posts/${id}`, '/admin/blog/posts/new']) {
    await page.goto(path)
    await expect(page.getByLabel('Title')).toBeVisible()
    expect(await overflow(page), `${path} at 390 px`).toBeLessThanOrEqual(0)
  }
  await context.close()
})

const adminTab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name })

test('"Blog posts" stays lit on a post’s editor and on a new post', async ({ browser, baseURL }) => {
  const { context, page } = await asAdmin(browser, baseURL)
  const { id } = await publishedPost(page.request, { title: `Tabs ${uniqueName('t')}`, content: 'Words.' })
  for (const path of [`/admin/blog/posts/${id}`, '/admin/blog/posts/new']) {
    await page.goto(path)
    await expect(page.getByLabel('Title')).toBeVisible()
    await expect(adminTab(page, 'Blog posts'), path).toHaveAttribute('aria-current', 'page')
    await expect(adminTab(page, 'Overview'), path).not.toHaveAttribute('aria-current', 'page')
  }
  await context.close()
})

test('the lit admin tab keeps its label readable under the pointer', async ({ browser, baseURL }) => {
  const { context, page } = await asAdmin(browser, baseURL)
  await page.goto('/admin/blog/posts')
  const tab = adminTab(page, 'Blog posts')
  await expect(tab).toHaveAttribute('aria-current', 'page')
  await tab.hover()
  const colours = await tab.evaluate((link) => {
    const style = getComputedStyle(link)
    return { background: style.backgroundColor, text: style.color }
  })
  // Still the white chip with a dark label, not the dark hover shade behind that dark label.
  expect(colours.background).toBe('rgb(255, 255, 255)')
  expect(colours.text).not.toBe(colours.background)
  await context.close()
})

test('reading the newest post clears the news dot', async ({ browser, baseURL }) => {
  const { context, page: admin } = await asAdmin(browser, baseURL)
  const { slug } = await publishedPost(admin.request, { title: `Dot ${uniqueName('t')}`, content: 'News!' })
  await context.close()

  const readerContext = await newContext(browser, { baseURL, viewport: desktop })
  const reader = await readerContext.newPage()
  await registerByApi(reader.request, 'reader')
  await reader.goto('/home')
  const mainNav = reader.getByRole('navigation', { name: 'Main navigation' })
  await expect(mainNav.getByRole('link', { name: /News/ }).getByText('(new posts)')).toHaveCount(1)
  // On a phone the News link is inside the closed menu: the menu button carries the dot.
  await reader.setViewportSize(phone)
  await expect(reader.getByRole('button', { name: 'Open menu, unread news' })).toBeVisible()
  await reader.setViewportSize(desktop)

  await reader.goto(`/news/${slug}`)
  await expect(reader.getByRole('heading', { name: /^Dot /, level: 1 })).toBeVisible()
  await expect(mainNav.getByRole('link', { name: /News/ }).getByText('(new posts)')).toHaveCount(0)
  // It stays cleared: the visit was recorded on the server, not only hidden on this page.
  await reader.goto('/home')
  await expect(mainNav.getByRole('link', { name: 'Home' })).toBeVisible()
  await expect(mainNav.getByRole('link', { name: /News/ }).getByText('(new posts)')).toHaveCount(0)
  await reader.setViewportSize(phone)
  await expect(reader.getByRole('button', { name: 'Open menu', exact: true })).toBeVisible()
  await readerContext.close()
})

test('publishing a post does not light the publisher’s own news dot', async ({ browser, baseURL }) => {
  const { context, page } = await asAdmin(browser, baseURL)
  const mainNav = page.getByRole('navigation', { name: 'Main navigation' })
  const dot = mainNav.getByRole('link', { name: /News/ }).getByText('(new posts)')
  await page.goto('/news')
  await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible()
  // Read: whatever other tests published is seen now, on the server too. The dot is also absent while
  // the page is still loading, so the server is asked: publishing before the visit is recorded would
  // rightly light the dot (the publisher had not read everything before it).
  await expect(dot).toHaveCount(0)
  await expect.poll(() => readAllNewsOnServer(page.request)).toBe(true)

  const slug = uniqueName('own').toLowerCase().replaceAll('_', '-')
  const created = await page.request.post('/api/admin/blog/posts', {
    headers: { 'CSRF-Token': await csrfToken(page.request) },
    data: { title: `Own ${slug}`, content: 'Mine.', excerpt: '', featuredImageUrl: null, categoryIds: [], slug },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await page.goto(`/admin/blog/posts/${id}`)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

  // Not through /news, which would record a visit and clear the dot on its own.
  await expect.poll(async () => (await page.request.get(`/api/blog/posts/${slug}`)).status()).toBe(200)
  await page.goto('/home')
  await expect(mainNav.getByRole('link', { name: 'Home' })).toBeVisible()
  await expect(mainNav.getByRole('link', { name: /News/ })).toBeVisible()
  await expect(dot).toHaveCount(0)
  await context.close()
})

test('the slug field’s “/news/” stays on one line beside the field, on a desktop and a phone', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await asAdmin(browser, baseURL)
  await page.goto('/admin/blog/posts/new')
  const start = page.getByText('/news/', { exact: true })
  for (const viewport of [desktop, phone]) {
    await page.setViewportSize(viewport)
    await expect(start).toBeVisible()
    // One line of text is as tall as its line height; broken after "/news" it was two.
    const lines = await start.evaluate(
      (element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    )
    expect(lines, `“/news/” at ${viewport.width} px`).toBeCloseTo(1, 1)
    expect(await overflow(page), `the editor at ${viewport.width} px`).toBeLessThanOrEqual(0)
  }
  await context.close()
})
