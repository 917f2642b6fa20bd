import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import {
  adminAccount,
  freshAdminAccount,
  csrfToken,
  latestMailTo,
  openApp,
  registerByApi,
  screenshotsDir,
  signOutByApi,
  toastWith,
} from './support/server'
import { newContext } from './support/contexts'

mkdirSync(screenshotsDir, { recursive: true })

test('an admin edits the sign-in link template with a preview, and the next sign-in mail uses it', async ({
  page,
  browser,
}) => {
  // The admin setup runs the role CLI in another process; screenshots take a while on a busy machine.
  test.setTimeout(120_000)
  await adminAccount(page.request)
  await openApp(page, '/admin/email-campaigns')
  await expect(page.getByRole('heading', { name: 'Email templates' })).toBeVisible()
  await page.getByRole('button', { name: /^magic-link/ }).click()
  const form = page.getByRole('form', { name: 'Template magic-link' })
  await form.getByLabel('Subject').fill('Your way back in, {{username}}')
  await form.getByRole('button', { name: 'Preview' }).click()
  await expect(form.getByRole('region', { name: 'Preview' })).toContainText('Subject: Your way back in, ada')

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    await page.screenshot({
      path: join(screenshotsDir, `admin-email-templates-${viewport.width}x${viewport.height}.png`),
    })
  }

  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Template saved', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^magic-link.*edited/ })).toBeVisible()

  const visitor = await newContext(browser, { baseURL: new URL(page.url()).origin })
  const someone = await registerByApi(visitor.request, 'linkuser')
  await signOutByApi(visitor.request)
  await visitor.request.post('/api/auth/magic-link/request', {
    data: { email: someone.email },
    headers: { 'CSRF-Token': await csrfToken(visitor.request) },
  })
  await visitor.close()
  await expect
    .poll(async () => (await latestMailTo(page.request, someone.email, 'magic-link')).subject, { timeout: 15_000 })
    .toBe(`Your way back in, ${someone.username}`)
})

test('a template subject is counted as the server counts it (an emoji is one character); one too long or empty is refused by name', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await adminAccount(page.request)
  await openApp(page, '/admin/email-campaigns')
  await page.getByRole('button', { name: /^password-reset/ }).click()
  const form = page.getByRole('form', { name: 'Template password-reset' })
  const subject = form.getByLabel('Subject')
  // A paste past the limit is kept whole (nothing cut where the admin cannot see) and refused by name.
  await subject.fill('S'.repeat(201))
  await expect(subject).toHaveValue('S'.repeat(201))
  await form.getByRole('button', { name: 'Preview' }).click()
  await expect(form.getByRole('alert')).toHaveText('Subject must be at most 200 characters')
  // 200 emoji are 200 characters, as the server counts: a box counting UTF-16 units cut them to 100.
  await subject.fill('🎬'.repeat(200))
  await form.getByRole('button', { name: 'Preview' }).click()
  await expect(form.getByRole('region', { name: 'Preview' })).toContainText(`Subject: ${'🎬'.repeat(200)}`)
  await expect(page.getByText(/Too big/)).toHaveCount(0)

  await subject.fill('   ')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByRole('alert')).toHaveText('Subject cannot be empty')
  await expect(page.getByRole('button', { name: /^password-reset.*edited/ })).toHaveCount(0)
})

test('a save over another admin’s save of the template is refused and keeps theirs; one admin’s saves in a row go through', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await adminAccount(page.request)
  const otherContext = await newContext(browser, { baseURL })
  const other = await otherContext.newPage()
  await freshAdminAccount(other.request)
  const onServer = async () => {
    const { templates } = (await (await page.request.get('/api/admin/email-templates')).json()) as {
      templates: { name: string; subject: string; textContent: string }[]
    }
    return templates.find((template) => template.name === 'campaign-come-back')
  }
  const openForm = async (admin: Page) => {
    await openApp(admin, '/admin/email-campaigns')
    await admin.getByRole('button', { name: /^campaign-come-back/ }).click()
    return admin.getByRole('form', { name: 'Template campaign-come-back' })
  }
  // Both admins open the template before either saves.
  const first = await openForm(page)
  const second = await openForm(other)
  const text = await first.getByRole('textbox', { name: 'Text', exact: true }).inputValue()
  const save = first.getByRole('button', { name: 'Save', exact: true })

  // The first admin saves the subject, then two changes of the text, one after the other.
  await first.getByLabel('Subject').fill('We miss you… (admin 1)')
  await save.click()
  await expect(page.getByRole('button', { name: /^campaign-come-back.*edited/ })).toBeVisible()
  for (const line of ['See you soon.', 'Really soon.']) {
    const textBox = first.getByRole('textbox', { name: 'Text', exact: true })
    await textBox.fill(`${await textBox.inputValue()}\n${line}`)
    await save.click()
    await expect.poll(async () => (await onServer())?.textContent).toContain(line)
    await expect(save).toBeEnabled()
  }
  await expect(toastWith(page, 'Template not saved')).toHaveCount(0)

  // The second admin's form still has the built-in text: its save would undo the first admin's.
  await second.getByRole('textbox', { name: 'Text', exact: true }).fill(`${text}\nFrom the second admin.`)
  await second.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(
    toastWith(other, 'This template was changed since you opened it').filter({ hasText: 'Copy your changes' }),
  ).toBeVisible()
  const kept = await onServer()
  expect(kept?.subject).toBe('We miss you… (admin 1)')
  expect(kept?.textContent).toMatch(/See you soon\.\nReally soon\.$/)
  await otherContext.close()
})
