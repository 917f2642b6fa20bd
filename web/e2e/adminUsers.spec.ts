import { expect, test, type Locator } from '@playwright/test'
import { adminAccount, registerByApi } from './support/server'
import { newContext } from './support/contexts'

test.describe.configure({ timeout: 120_000 })

/** What has the keyboard focus: the page's body, or a button's words and the account row it is in. */
const focused = (within: Locator) =>
  within.page().evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'the page'
    return `${element.textContent.trim()} of ${element.closest('li')?.getAttribute('aria-label') ?? '?'}`
  })

test('an admin who changes an account from the keyboard keeps the focus on that account’s button', async ({
  browser,
  baseURL,
}) => {
  const memberContext = await newContext(browser, { baseURL })
  const member = await registerByApi(memberContext.request, 'member')
  await memberContext.close()
  const context = await newContext(browser, { baseURL, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await adminAccount(page.request)
  await page.goto('/admin/user-management')
  await page.getByLabel('Search users').fill(member.username)
  // The search has answered: its list replaces the first one, and the buttons with it.
  await expect(page.getByRole('status')).toHaveText('1 match')
  const row = page.getByRole('listitem', { name: member.username })

  // Asked first: the dialog opens on its way out, Tab reaches the action, Enter confirms it.
  await row.getByRole('button', { name: 'Suspend sign-in' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible()
  await expect.poll(() => focused(row)).toBe(`Restore sign-in of ${member.username}`)

  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0)
  await expect.poll(() => focused(row)).toBe(`Suspend sign-in of ${member.username}`)

  await row.getByRole('button', { name: 'Make admin' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect.poll(() => focused(row)).toBe(`Make user of ${member.username}`)

  // Not asked: taking another admin's rights away goes at once.
  await page.keyboard.press('Enter')
  await expect(row.getByRole('button', { name: 'Make admin' })).toBeVisible()
  await expect.poll(() => focused(row)).toBe(`Make admin of ${member.username}`)
  await context.close()
})
