import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  adminAccount,
  freshAdminAccount,
  csrfToken,
  latestMailTo,
  openApp,
  registerByApi,
  screenshotsDir,
  toastWith,
  uniqueName,
} from './support/server'
import { newContext } from './support/contexts'

mkdirSync(screenshotsDir, { recursive: true })

test('an admin builds a two-step campaign from templates, activates it, and a new member gets step 1 at once', async ({
  page,
  browser,
}) => {
  // The admin setup runs the role CLI in another process; screenshots take a while on a busy machine.
  test.setTimeout(120_000)
  await adminAccount(page.request)
  await openApp(page, '/admin/email-campaigns')
  await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible()

  const name = uniqueName('Welcome ')
  await page.getByRole('button', { name: 'New campaign' }).click()
  const form = page.getByRole('form', { name: 'New campaign' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Description').fill('The first days of a new member')
  await form.getByLabel('Step 1 template').selectOption('campaign-welcome')
  await form.getByLabel('Step 1 days after entry').fill('0')
  await form.getByRole('button', { name: 'Add step' }).click()
  await form.getByLabel('Step 2 template').selectOption('campaign-find-friends')
  await form.getByLabel('Step 2 days after step before').fill('3')
  await expect(form.getByLabel('Trigger 1')).toHaveValue('registered')
  await form.getByRole('button', { name: 'Save campaign' }).click()

  const card = page.getByRole('listitem', { name: `Campaign ${name}` })
  await expect(card).toContainText('Paused')
  await expect(card).toContainText('2. campaign-find-friends 3 days after the step before')
  await card.getByRole('button', { name: 'Activate' }).click()
  await expect(card).toContainText('Active')

  const visitor = await newContext(browser, { baseURL: new URL(page.url()).origin })
  const member = await registerByApi(visitor.request, 'dripped')
  const welcome = await latestMailTo(page.request, member.email, 'campaign-step')
  expect(welcome.subject).toBe(`Welcome to Reelmates, ${member.username}`)

  // The mail's unsubscribe link works without signing in and says so.
  const link = /\/unsubscribed\?token=\S+/.exec(welcome.text)?.[0]
  expect(link).toBeTruthy()
  const reader = await newContext(browser, { baseURL: new URL(page.url()).origin })
  const readerPage = await reader.newPage()
  await readerPage.goto(link!)
  await expect(readerPage.getByRole('status').filter({ hasText: 'Unsubscribed' })).toContainText(
    'You will not get tips and news emails from Reelmates any more.',
  )
  const preferences = (await (await visitor.request.get('/api/user')).json()) as { receiveCampaignEmails: boolean }
  expect(preferences.receiveCampaignEmails).toBe(false)
  await reader.close()
  await visitor.close()

  await page.reload()
  const history = page.getByRole('list', { name: 'Send history' })
  await expect(history).toContainText(`Welcome to Reelmates, ${member.username}`)

  // The campaign's report: the member entered, got step 1, and waits for step 2 unsubscribed. The mail's
  // record reaches the report's read model a moment after the outbox: asked until it has.
  const { campaigns } = (await (await page.request.get('/api/admin/email-campaigns')).json()) as {
    campaigns: { id: string; name: string }[]
  }
  const id = campaigns.find((one) => one.name === name)?.id
  await expect
    .poll(async () => {
      const report = (await (await page.request.get(`/api/admin/email-campaigns/${id}/report`)).json()) as {
        steps: { sent: number }[]
      }
      return report.steps[0]?.sent
    })
    .toBe(1)
  await card.getByRole('button', { name: 'Report' }).click()
  const report = card.getByRole('region', { name: 'Report' })
  await expect(report.getByLabel('Members')).toContainText('Entered1')
  await expect(report.getByLabel('Members')).toContainText('Unsubscribed, waiting where they are1')
  await expect(report.getByRole('listitem', { name: 'Step 1' })).toContainText('1 member reached · 1 sent · 0 failed')
  await expect(report.getByRole('listitem', { name: 'Step 2' })).toContainText(
    '1 member unsubscribed before it, waiting',
  )
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport)
    await page.screenshot({
      path: join(screenshotsDir, `admin-email-campaigns-${viewport.width}x${viewport.height}.png`),
      fullPage: true,
    })
  }
  await page.getByRole('button', { name: 'New campaign' }).click()
  await page.getByRole('form', { name: 'New campaign' }).getByLabel('Name').fill('Come back')
  await page.screenshot({ path: join(screenshotsDir, 'admin-email-campaigns-new-1440x900.png') })
  await page.getByRole('button', { name: 'Cancel' }).click()

  // Other walks register members too: they are not this campaign's.
  await page
    .getByRole('listitem', { name: `Campaign ${name}` })
    .getByRole('button', { name: 'Pause' })
    .click()
  await expect(page.getByRole('listitem', { name: `Campaign ${name}` })).toContainText('Paused')
})

test('a cleared "days after entry" is refused beside the field; the card counts one title and one day', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await adminAccount(page.request)
  await openApp(page, '/admin/email-campaigns')
  const name = uniqueName('Nudge ')
  await page.getByRole('button', { name: 'New campaign' }).click()
  const form = page.getByRole('form', { name: 'New campaign' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Step 1 template').selectOption('campaign-welcome')
  await form.getByLabel('Step 1 days after entry').fill('')
  await form.getByRole('button', { name: 'Save campaign' }).click()
  await expect(form.getByRole('alert')).toHaveText('Enter the days after entry (0 sends it at once)')
  await expect(form.getByLabel('Step 1 days after entry')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('listitem', { name: `Campaign ${name}` })).toHaveCount(0)

  await form.getByLabel('Step 1 days after entry').fill('1')
  // By role: 'Trigger 1' is also in the name of the trigger's number field ('Trigger 1: Number of titles').
  await form.getByRole('combobox', { name: 'Trigger 1' }).selectOption('watched')
  await form.getByLabel('Trigger 1: Number of titles').fill('1')
  await form.getByRole('button', { name: 'Add trigger' }).click()
  await form.getByRole('combobox', { name: 'Trigger 2' }).selectOption('inactive')
  await form.getByLabel('Trigger 2: Number of days').fill('1')
  // Saved paused (the box to start at once is left alone): no member enters it.
  await form.getByRole('button', { name: 'Save campaign' }).click()

  const card = page.getByRole('listitem', { name: `Campaign ${name}` })
  await expect(card).toContainText('Paused')
  await expect(card).toContainText('Starts when a member has watched 1 title, or has been inactive for 1 day.')
  await expect(card).toContainText('1. campaign-welcome 1 day after entry')
})

test('a test of a template shows in the send history below without a reload', async ({ page }) => {
  test.setTimeout(120_000)
  // Its own admin: the history below must hold no test sent to this address before.
  const admin = await freshAdminAccount(page.request)
  await openApp(page, '/admin/email-campaigns')
  const history = page.getByRole('list', { name: 'Send history' })
  await expect(page.getByRole('button', { name: 'All', pressed: true })).toBeVisible()
  await expect(history).not.toContainText(admin.email)

  await page.getByRole('button', { name: 'Email me a test' }).click()
  await expect(toastWith(page, `A test is on its way to ${admin.email}.`)).toBeVisible()
  // The scheduler writes the mail after the answer: the history finds it on its own, as it would a campaign's.
  await expect(history.getByRole('listitem').filter({ hasText: admin.email })).toContainText(
    '[Test] Reset your Reelmates password',
    { timeout: 15_000 },
  )
})

test('a save over another admin’s save of the campaign is refused and keeps theirs; one admin’s saves in a row go through', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await adminAccount(page.request)
  const name = uniqueName('Welcome series ')
  const created = await page.request.post('/api/admin/email-campaigns', {
    headers: { 'CSRF-Token': await csrfToken(page.request) },
    data: {
      name,
      steps: [{ templateName: 'campaign-welcome', delayDays: 0 }],
      triggers: [{ triggerType: 'registered', triggerCondition: {} }],
      isActive: false,
    },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const onServer = async (request: APIRequestContext) => {
    const { campaigns } = (await (await request.get('/api/admin/email-campaigns')).json()) as {
      campaigns: { id: string; name: string; description: string }[]
    }
    return campaigns.find((campaign) => campaign.id === id)
  }
  const otherContext = await newContext(browser, { baseURL })
  const other = await otherContext.newPage()
  await freshAdminAccount(other.request)
  await expect.poll(async () => (await onServer(other.request))?.name).toBe(name)

  const openForm = async (admin: Page, named: string) => {
    await admin
      .getByRole('listitem', { name: `Campaign ${named}` })
      .getByRole('button', { name: 'Edit' })
      .click()
    return admin.getByRole('form', { name: `Edit ${named}` })
  }
  // Both admins open the campaign's form before either saves.
  await openApp(page, '/admin/email-campaigns')
  const first = await openForm(page, name)
  await openApp(other, '/admin/email-campaigns')
  const second = await openForm(other, name)

  // The first admin renames it, then opens it again and saves a description.
  await first.getByLabel('Name').fill(`${name} (v2)`)
  await first.getByRole('button', { name: 'Save campaign' }).click()
  const again = await openForm(page, `${name} (v2)`)
  await again.getByLabel('Description').fill('From the first admin')
  await again.getByRole('button', { name: 'Save campaign' }).click()
  await expect(page.getByRole('listitem', { name: `Campaign ${name} (v2)` })).toContainText('From the first admin')
  await expect(toastWith(page, 'Campaign not saved')).toHaveCount(0)

  // The second admin's form still has the campaign as it was opened: its save would undo the rename.
  await second.getByLabel('Description').fill('From the second admin')
  await second.getByRole('button', { name: 'Save campaign' }).click()
  await expect(
    toastWith(other, 'This campaign was changed since you opened it').filter({ hasText: 'Copy your changes' }),
  ).toBeVisible()
  await expect(second.getByLabel('Description')).toHaveValue('From the second admin')
  expect(await onServer(page.request)).toMatchObject({ name: `${name} (v2)`, description: 'From the first admin' })
  await otherContext.close()
})

test('an admin deletes an active campaign after a confirmation: it leaves the list, its name is free, its sent mail stays', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await adminAccount(page.request)
  const name = uniqueName('Test campaign ')
  const create = async (isActive: boolean) =>
    page.request.post('/api/admin/email-campaigns', {
      headers: { 'CSRF-Token': await csrfToken(page.request) },
      data: {
        name,
        steps: [
          { templateName: 'campaign-welcome', delayDays: 0 },
          { templateName: 'campaign-find-friends', delayDays: 3 },
        ],
        triggers: [{ triggerType: 'registered', triggerCondition: {} }],
        isActive,
      },
    })
  expect((await create(true)).status()).toBe(201)
  const visitor = await newContext(browser, { baseURL })
  const member = await registerByApi(visitor.request, 'deleted')
  const welcome = await latestMailTo(page.request, member.email, 'campaign-step')
  await visitor.close()

  await openApp(page, '/admin/email-campaigns')
  const card = page.getByRole('listitem', { name: `Campaign ${name}` })
  await card.getByRole('button', { name: 'Delete campaign' }).click()
  const dialog = page.getByRole('dialog', { name: `Delete “${name}”?` })
  await expect(dialog).toContainText(
    'It stops at once: nobody enters it any more. Members in it get no more of its emails. Mails already sent stay in the outbox.',
  )
  await dialog.getByRole('button', { name: 'Delete campaign' }).click()
  await expect(card).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Campaigns', exact: true })).toBeVisible()
  await expect(page.getByRole('listitem', { name: `Campaign ${name}` })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Send history' })).toContainText(welcome.subject)

  // Its name is free for a new campaign (paused: other walks register members too).
  const again = await create(false)
  expect(again.status()).toBe(201)
  const { id } = (await again.json()) as { id: string }
  const removed = await page.request.delete(`/api/admin/email-campaigns/${id}`, {
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(removed.status()).toBe(200)
})
