import { expect, test, type Page } from '@playwright/test'
import { password, toastWith } from './support/server'

/** Toasts (spec §4, §9): they close by themselves after 5 s and are swiped away to the right. */

async function failedSignIn(page: Page) {
  await page.goto('/sign_in')
  await page.route('**/api/login**', (route) => route.abort('internetdisconnected'))
  await page.getByLabel('Username').fill('someone')
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  const loginFailed = toastWith(page, 'Login failed')
  await expect(loginFailed).toBeVisible()
  return loginFailed
}

test('a toast closes by itself after 5 seconds', async ({ page }) => {
  // The page's clock, paused before the toast opens: its 5 s are page time, whatever the machine's load.
  await page.clock.install()
  await page.goto('/sign_in')
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
  const loginFailed = await failedSignIn(page)
  // Radix pauses the timer while the pointer rests on the toasts: keep it away.
  await page.mouse.move(0, 0)
  await page.clock.runFor(4900)
  await expect(loginFailed).toBeVisible()
  await page.clock.runFor(200)
  await expect(loginFailed).toBeHidden()
})

test('a toast is swiped away to the right, not to the left', async ({ page }) => {
  const loginFailed = await failedSignIn(page)
  const swipe = async (dx: number) => {
    // Wait for the toast to come to rest (its entry, or the snap back after a cancelled swipe), then
    // measure it: a box taken mid-animation puts the pointer beside the toast on a busy machine.
    await loginFailed.evaluate((toast) => Promise.all(toast.getAnimations().map((animation) => animation.finished)))
    const box = await loginFailed.boundingBox()
    if (!box) throw new Error('the toast has no box')
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    await page.mouse.move(x, y)
    await page.mouse.down()
    for (let step = 1; step <= 12; step += 1) await page.mouse.move(x + (dx * step) / 12, y)
    await page.mouse.up()
  }
  await swipe(-120)
  await expect(loginFailed).toBeVisible()
  await swipe(120)
  await expect(loginFailed).toBeHidden({ timeout: 3000 })
})

test('a toast can be reached with F8 and closed with Escape', async ({ page }) => {
  const loginFailed = await failedSignIn(page)
  await page.keyboard.press('F8')
  // F8 moves focus into the toast region (Radix focuses its list of toasts).
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? ''),
    )
    .toMatch(/^Alerts \(F8\)$/)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Escape')
  await expect(loginFailed).toBeHidden()
})
