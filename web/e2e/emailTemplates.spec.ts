import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import {
  adminAccount,
  csrfToken,
  latestMailTo,
  openApp,
  registerByApi,
  screenshotsDir,
  signOutByApi,
} from './support/server'

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

  const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin })
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

test('a template subject takes no more than the server does, and an empty one is refused by name', async ({ page }) => {
  test.setTimeout(120_000)
  await adminAccount(page.request)
  await openApp(page, '/admin/email-campaigns')
  await page.getByRole('button', { name: /^password-reset/ }).click()
  const form = page.getByRole('form', { name: 'Template password-reset' })
  const subject = form.getByLabel('Subject')
  await subject.fill('S'.repeat(5000))
  await expect(subject).toHaveValue('S'.repeat(200))
  await form.getByRole('button', { name: 'Preview' }).click()
  await expect(form.getByRole('region', { name: 'Preview' })).toContainText(`Subject: ${'S'.repeat(200)}`)
  await expect(page.getByText(/Too big/)).toHaveCount(0)

  await subject.fill('   ')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByRole('alert')).toHaveText('Subject cannot be empty')
  await expect(page.getByRole('button', { name: /^password-reset.*edited/ })).toHaveCount(0)
})
