import { expect, test } from '@playwright/test'
import { adminAccount } from './support/server'

// An admin is made through the CLI (another process): on a shared, loaded machine that takes longer than a minute.
test.describe.configure({ timeout: 120_000 })

test('an admin sees each timed job of the running scheduler, when it runs next, and nothing set aside', async ({
  page,
}) => {
  await adminAccount(page.request)
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Scheduler' }).click()
  await expect(page).toHaveURL(/\/admin\/scheduler$/)
  await expect(page.getByRole('heading', { name: 'Scheduler', level: 1 })).toBeVisible()
  // The server's own scheduler declared its jobs in the shared job store when it started.
  for (const [job, every] of [
    ['Digests', 'every 15 minutes'],
    ['Email campaigns', 'every 5 minutes'],
  ] as const) {
    const card = page.getByRole('list', { name: 'Timed jobs' }).getByRole('listitem', { name: job })
    await expect(card).toContainText(every)
    await expect(card).not.toContainText('Next runNone')
  }
  await expect(page.getByText('None: no reaction is failing.')).toBeVisible()
})
