import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { screenshotsDir } from './support/server'

/** Accessibility (axe-core) and screenshots of the account screens, on a phone and a desktop. */
mkdirSync(screenshotsDir, { recursive: true })

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([])
}

for (const [name, path, heading] of [
  ['sign-in', '/sign_in', 'Welcome back'],
  ['sign-up', '/sign_up', 'Create Account'],
] as const) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`${name} on a ${device}: no serious accessibility violation, screenshot`, async ({ page }) => {
      await page.setViewportSize(viewport)
      await page.goto(path)
      await expect(page.getByRole('heading', { name: heading })).toBeVisible()
      await expectNoSeriousViolations(page)
      await page.screenshot({
        path: join(screenshotsDir, `${name}-${viewport.width}x${viewport.height}.png`),
        fullPage: false,
      })
    })
  }
}

test('the carousel shows five slides and advances on its own', async ({ page }) => {
  await page.goto('/sign_in')
  const dots = page.getByRole('button', { name: /^Show slide \d/ })
  await expect(dots).toHaveCount(5)
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true')
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true', { timeout: 7000 })
})
