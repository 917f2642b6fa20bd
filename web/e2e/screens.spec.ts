import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { carouselIntervalMs } from '../src/components/account/FeatureCarousel'
import { password, screenshotsDir, toastWith } from './support/server'

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
  // The page's clock, flowing as the machine's: the test moves it on by a turn instead of waiting one out.
  await page.clock.install()
  await page.goto('/sign_in')
  const dots = page.getByRole('button', { name: /^Show slide \d/ })
  await expect(dots).toHaveCount(5)
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true')
  await page.clock.fastForward(carouselIntervalMs)
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true')
})

test.describe('for people who ask for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' })

  test('the carousel stands still, and its dots still change the slide', async ({ page }) => {
    // The page's clock, paused: time passes only as the test says, so a turn cannot come while an
    // assertion waits, nor five bring the first slide back.
    await page.clock.install()
    await page.goto('/sign_in')
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    const dots = page.getByRole('button', { name: /^Show slide \d/ })
    const shown = page.getByRole('region', { name: 'What you can do with Reelmates' }).getByRole('group')
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true')
    await expect(shown).toHaveAccessibleName(/^1 of 5/)
    await page.clock.runFor(carouselIntervalMs * 3)
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true')
    await expect(shown).toHaveAccessibleName(/^1 of 5/)
    await dots.nth(2).click()
    await expect(shown).toHaveAccessibleName(/^3 of 5/)
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')
  })

  /** A sign-in held unanswered until `refuse()`, which fails it as a lost connection does (a toast). */
  async function heldSignIn(page: Page) {
    await page.goto('/sign_in')
    let refuse!: () => void
    const refused = new Promise<void>((resolve) => (refuse = resolve))
    await page.route('**/api/login**', async (route) => {
      await refused
      await route.abort('internetdisconnected')
    })
    await page.getByLabel('Username').fill('someone')
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    return refuse
  }

  test('a toast appears without sliding in', async ({ page }) => {
    // Each animation that ends, with how long it ran: a finished animation leaves no other trace.
    await page.addInitScript(() => {
      const ended: Array<{ name: string; seconds: number }> = []
      Object.assign(window, { ended })
      document.addEventListener('animationend', (event) =>
        ended.push({ name: event.animationName, seconds: event.elapsedTime }),
      )
    })
    const refuse = await heldSignIn(page)
    refuse()
    await expect(toastWith(page, 'Login failed')).toBeVisible()
    const toastEntries = () =>
      page.evaluate(() =>
        (window as unknown as { ended: Array<{ name: string; seconds: number }> }).ended
          .filter(({ name }) => name === 'toast-in')
          .map(({ seconds }) => seconds),
      )
    await expect.poll(toastEntries).toEqual([0.001])
  })

  test('colours still fade (a hover that snaps reads as a glitch); what moves or grows does not glide', async ({
    page,
  }) => {
    await page.goto('/sign_in')
    const transition = await page.evaluate(() => {
      const element = document.createElement('a')
      element.style.transition = 'transform 300ms, color 300ms, width 300ms'
      document.body.append(element)
      const { transitionProperty, transitionDuration } = getComputedStyle(element)
      element.remove()
      return { properties: transitionProperty.split(', '), duration: transitionDuration.split(', ')[0] }
    })
    expect(transition.properties).toContain('color')
    expect(transition.properties).not.toContain('transform')
    expect(transition.properties).not.toContain('width')
    expect(transition.duration).toBe('0.3s')
  })

  test('the busy spinner keeps turning, slowly: a still one reads as a frozen app', async ({ page }) => {
    await heldSignIn(page)
    const spinner = page.getByRole('button', { name: 'Signing In…' }).locator('svg')
    const turning = await spinner.evaluate((element) =>
      element.getAnimations().map((animation) => {
        const { duration, iterations } = animation.effect!.getComputedTiming()
        return { duration, iterations }
      }),
    )
    expect(turning).toEqual([{ duration: 2500, iterations: Infinity }])
  })
})

test.describe('on a touch screen', () => {
  test.use({ viewport: viewports.phone, hasTouch: true, isMobile: true })

  test("the carousel follows the first swipe, though it starts only when it's touched", async ({ page }) => {
    await page.goto('/sign_in')
    const dots = page.getByRole('button', { name: /^Show slide \d/ })
    await expect(dots).toHaveCount(5)
    const carousel = page.getByRole('region', { name: 'What you can do with Reelmates' })
    // Brought into view as a person does, with a finger: a scroll made by script is not the person's,
    // so the page's own return to the top in its first 300 ms (spec §9) could undo it under the swipe.
    const touch = await page.context().newCDPSession(page)
    const below = (await carousel.boundingBox())!
    // On a phone the form comes first and the carousel starts below the fold.
    const hidden = below.y + below.height + 16 - viewports.phone.height
    const x = viewports.phone.width / 2
    // Above the carousel, on the form: a finger on the carousel would start it before the swipe.
    const from = below.y - 10
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] })
    for (let step = 1; step <= 10; step++)
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x, y: from - ((hidden + 30) * step) / 10 }],
      })
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    // Until the page has stopped gliding: a touch during a fling is the browser's, not the page's.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const at = scrollY
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
          return scrollY === at
        }),
      )
      .toBe(true)
    const box = (await carousel.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(viewports.phone.height)
    // Across the slide's picture, above its words and the dots.
    const y = box.y + box.height / 3
    // A swipe to the right: the slide before it, which the carousel's own turns (forwards) never show next.
    const at = (x: number) => [{ x, y }]
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(box.x + box.width * 0.2) })
    // The slide shown as the finger lands (the first, unless a slow start let the carousel turn once),
    // read once a turn that came just before it is drawn; from here on the finger holds the carousel,
    // so no turn of its own comes between.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const before = await dots.evaluateAll((all) => all.findIndex((dot) => dot.getAttribute('aria-current') === 'true'))
    for (let step = 1; step <= 8; step++) {
      const x = box.x + box.width * (0.2 + 0.07 * step)
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x) })
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await expect(dots.nth((before + 4) % 5)).toHaveAttribute('aria-current', 'true', { timeout: 3000 })
  })
})
