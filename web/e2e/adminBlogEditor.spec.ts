import { expect, test, type Browser } from '@playwright/test'
import { adminAccount, csrfToken, toastWith, uniqueName } from './support/server'
import { newContext } from './support/contexts'

/**
 * The blog editor takes its post once, into the form that Save and Publish write back: it must be
 * the post as the server has it, not a copy cached earlier in the visit that another save has since
 * replaced (Unpublish would then have undone that save).
 */
test.describe.configure({ timeout: 120_000 })

/** A new admin in a browser context of their own, on a desktop. */
async function asAdmin(browser: Browser, baseURL: string | undefined) {
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await adminAccount(page.request)
  return { context, page }
}

test('the editor opens a post as last saved elsewhere, not as this tab cached it', async ({ browser, baseURL }) => {
  const { context, page } = await asAdmin(browser, baseURL)
  const title = `Festival notes ${uniqueName('p')}`

  await page.goto('/admin/blog/posts')
  await page.getByRole('link', { name: 'New post', exact: true }).click()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Excerpt').fill('What we saw.')
  await page.getByRole('textbox', { name: 'Content' }).fill('Every film of the week.')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/posts\/[0-9a-f-]{36}$/)
  await expect(page.getByLabel('Title')).toHaveValue(title)
  const path = `/api${new URL(page.url()).pathname}`

  // Another tab (or another admin) saves a new title. Its reads, like the save after them, wait for
  // nothing of this tab's: the new post is read once the read model has it.
  await expect.poll(async () => (await page.request.get(path)).status()).toBe(200)
  const saved = (await (await page.request.get(path)).json()) as Record<string, unknown>
  const edited = `${title}, edited`
  const answer = await page.request.put(path, {
    headers: { 'CSRF-Token': await csrfToken(page.request) },
    data: {
      title: edited,
      slug: saved.slug,
      content: saved.content,
      excerpt: saved.excerpt,
      featuredImageUrl: saved.featuredImageUrl,
      categoryIds: saved.categoryIds,
    },
  })
  expect(answer.status()).toBe(200)
  // The other tab's save is in the read model before this tab reads the post again (the app's own
  // reads wait only for its own changes).
  await expect.poll(async () => ((await (await page.request.get(path)).json()) as { title: string }).title).toBe(edited)

  // Back to the list and into the post again, within the app (its cache kept).
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: edited }).click()
  await expect(page.getByLabel('Title')).toHaveValue(edited)
  await context.close()
})

test('a title typed after "Save draft" refused an empty slug settles the slug’s error', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await asAdmin(browser, baseURL)
  await page.goto('/admin/blog/posts/new')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Slug is required')).toBeVisible()
  await page.getByLabel('Title').fill('Awards season')
  await expect(page.getByLabel('Slug')).toHaveValue('awards-season')
  await expect(page.getByText('Slug is required')).toHaveCount(0)
  await context.close()
})

test('a save over another tab’s save is refused, while the editor’s own saves and publishing go on', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await asAdmin(browser, baseURL)
  await page.goto('/admin/blog/posts/new')
  await page.getByLabel('Title').fill(`Two tabs ${uniqueName('p')}`)
  const content = page.getByRole('textbox', { name: 'Content' })
  await content.fill('First words.')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/posts\/[0-9a-f-]{36}$/)
  const path = `/api${new URL(page.url()).pathname}`
  const serverContent = async () => ((await (await page.request.get(path)).json()) as { content: string }).content

  // This editor's own changes follow one another: a save, a publish, a save after it.
  await content.fill('Second words.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(page, 'Post saved')).toBeVisible()
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()
  await content.fill('Third words.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect.poll(serverContent).toBe('Third words.')

  // Another tab saves; this one, not knowing, saves over it and is refused.
  const saved = (await (await page.request.get(path)).json()) as Record<string, unknown>
  const other = await page.request.put(path, {
    headers: { 'CSRF-Token': await csrfToken(page.request) },
    data: { ...saved, content: 'The other tab’s words.', basedOn: saved.updatedAt },
  })
  expect(other.status()).toBe(200)
  await content.fill('Words that would undo theirs.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(page, 'This post was changed since you opened it')).toBeVisible()
  expect(await serverContent()).toBe('The other tab’s words.')
  await context.close()
})

test('words typed and not saved are asked about before the editor is left; saved ones are not', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await asAdmin(browser, baseURL)
  const title = `Unsaved words ${uniqueName('p')}`
  const titleField = page.getByLabel('Title')
  const asked = page.getByRole('dialog', { name: 'Leave this page?' })
  const overview = page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Overview' })

  // Saving a new draft goes on to its own address without asking.
  await page.goto('/admin/blog/posts')
  await page.getByRole('link', { name: 'New post', exact: true }).click()
  await titleField.fill(title)
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/posts\/[0-9a-f-]{36}$/)
  const editor = page.url()
  await expect(titleField).toHaveValue(title)
  await expect(asked).toHaveCount(0)

  // Another admin tab: asked, in the app's own dialog; Stay keeps the words and the page.
  await titleField.fill(`${title}, day two`)
  await overview.click()
  await expect(asked).toContainText('Your changes will not be saved.')
  await expect(asked.getByRole('button', { name: 'Stay' })).toBeFocused()
  await asked.getByRole('button', { name: 'Stay' }).click()
  await expect(asked).toHaveCount(0)
  expect(page.url()).toBe(editor)
  await expect(titleField).toHaveValue(`${title}, day two`)

  // A reload is the browser's to ask about; going on with it drops the words, as it warned.
  const prompt = page.waitForEvent('dialog')
  const reloading = page.reload()
  const beforeUnload = await prompt
  expect(beforeUnload.type()).toBe('beforeunload')
  await beforeUnload.accept()
  await reloading
  await expect(titleField).toHaveValue(title)

  // The browser's Back asks too; Leave goes.
  await titleField.fill(`${title}, day three`)
  await page.goBack()
  await expect(asked).toBeVisible()
  await asked.getByRole('button', { name: 'Leave' }).click()
  await expect(page.getByRole('heading', { name: 'Blog posts', level: 1 })).toBeVisible()

  // Saved, the editor is left without a word.
  await page.getByRole('link', { name: title }).click()
  await titleField.fill(`${title}, saved`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(toastWith(page, 'Post saved')).toBeVisible()
  await overview.click()
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible()
  await expect(asked).toHaveCount(0)
  await context.close()
})
