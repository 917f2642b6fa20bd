import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { execFile } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { promisify } from 'node:util'
import { catalogMovie, sendJson } from './support/api'
import { e2eDataDir, repoRoot } from './support/server'
import { overflowsSideways, textLines } from './support/textLines'
import { chooseWatchlistAction } from './support/watchlistMenu'

/**
 * The watchlist and the watched log in a real browser against the real server (embedded column,
 * offline catalog): search → add → reorder → log a watch with rating and review → /watched → remove,
 * on a desktop and on a phone with touch; and 50 quick changes that must end where the server is.
 */

const screenshots = new URL('../../artifacts/screenshots/', import.meta.url).pathname

interface Suggestion {
  id: number
  media_type: 'movie' | 'tv'
  title?: string
  name?: string
}

async function csrfToken(page: Page): Promise<string> {
  const answer = await page.request.get('/api/csrf-token')
  return ((await answer.json()) as { csrfToken: string }).csrfToken
}

/** A fresh account for each test, signed in in this browser context (the API shares its cookies). */
async function signUp(page: Page): Promise<{ userId: string }> {
  const username = `lib_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const answer = await page.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse' },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
  return { userId: ((await answer.json()) as { id: string }).id }
}

/**
 * The fold of the user's `watchlist-<userId>` stream with the watchlist decider, read from the
 * server's own event log by the read-only CLI (a second reader of its SQLite file), top to bottom.
 */
async function foldedWatchlist(userId: string): Promise<number[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'services/gateway/src/cli/watchlistFold.ts', userId],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: e2eDataDir, LOG_LEVEL: 'silent' } },
  )
  return (JSON.parse(stdout) as { tmdbId: number }[]).map((item) => item.tmdbId)
}

/** Distinct catalog titles whose names are unique among the suggestions, to find them by name. */
async function titlesFor(page: Page, queries: string[]): Promise<{ tmdbId: number; title: string }[]> {
  const found = new Map<string, { tmdbId: number; title: string }>()
  for (const query of queries) {
    const answer = await page.request.get(`/api/tmdb/autocomplete?query=${encodeURIComponent(query)}`)
    for (const result of ((await answer.json()) as { results: Suggestion[] }).results) {
      const title = result.title ?? result.name ?? ''
      if (result.media_type === 'movie' && title && !found.has(title)) found.set(title, { tmdbId: result.id, title })
    }
  }
  return [...found.values()]
}

async function addByApi(page: Page, tmdbId: number): Promise<string> {
  const answer = await page.request.post('/api/watchlist', {
    data: { tmdbId, mediaType: 'movie' },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  expect(answer.status()).toBe(201)
  return ((await answer.json()) as { position: string }).position
}

/** A new member with three films on the watchlist, shown in list view in the order added. */
async function threeOnWatchlistInListView(page: Page): Promise<[Titled, Titled, Titled]> {
  await signUp(page)
  const [first, second, third] = await titlesFor(page, ['godfather', 'casablanca'])
  if (!first || !second || !third) throw new Error('the offline catalog should have these films')
  for (const title of [first, second, third]) await addByApi(page, title.tmdbId)
  await page.goto('/watchlist?view=list')
  await expect.poll(() => shownWatchlist(page)).toEqual([first.title, second.title, third.title])
  return [first, second, third]
}

type Titled = { tmdbId: number; title: string }

async function serverWatchlist(page: Page, minPosition?: string): Promise<string[]> {
  const answer = await page.request.get('/api/watchlist?pageSize=500', {
    headers: minPosition ? { 'X-Min-Position': minPosition } : {},
  })
  expect(answer.ok()).toBe(true)
  return ((await answer.json()) as { items: { title: string }[] }).items.map((item) => item.title)
}

/** A diary entry's button, by its title whatever the day it names (`Remove your entry for X, watched 1 Jan 2026`). */
const entryButton = (action: 'Edit' | 'Remove', title: string) =>
  new RegExp(`^${action} your entry for ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, watched `)

/** The titles the watchlist screen shows, top to bottom. */
const shownWatchlist = (page: Page) =>
  page
    .locator('[data-title-key] article')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''))

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function quickAdd(page: Page, title: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Add a title to your watchlist' })
  await field.fill(title)
  await page
    .getByRole('option', { name: new RegExp(`^${escape(title)}`) })
    .first()
    .click()
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error(`${locator.toString()} is not on screen`)
  return box
}

/** Every filter of a library screen is on the screen, none hidden past its right edge. */
async function expectFiltersOnScreen(page: Page, serviceFilter: 'Streaming on' | 'Service'): Promise<void> {
  for (const filter of [
    page.getByRole('combobox', { name: 'Sort', exact: true }),
    page.getByRole('radiogroup', { name: 'Type', exact: true }),
    page.getByRole('combobox', { name: 'Rating', exact: true }),
    page.getByRole('combobox', { name: serviceFilter, exact: true }),
  ]) {
    const box = await boxOf(filter)
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  }
}

/** Drags the handle onto another title's place, the way a finger or a mouse does: press, travel, release. */
async function dragHandle(page: Page, from: string, to: string, input: 'mouse' | 'touch'): Promise<void> {
  const handle = page.getByRole('button', { name: `Move ${from}`, exact: true })
  const target = page.getByRole('article', { name: to, exact: true })
  // As a person would, bring the handle to the middle of the screen first: at the bottom edge it
  // may sit under the phone's tab bar, where a finger would press the tab bar instead.
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }))
  // dnd-kit works out what lies under the dragged title when React next renders, and a release
  // before that render drops it where it was. A person's finger rests on the place before lifting;
  // here the release waits until the page has said, as it says to a screen reader, that the title
  // is over its new place.
  const place = (await shownWatchlist(page)).indexOf(to) + 1
  const overItsPlace = () =>
    expect(page.getByText(`${from} is now at number ${place} of`, { exact: false })).toBeAttached()
  const cdp = input === 'touch' ? await page.context().newCDPSession(page) : undefined
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp?.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] })
  // A new view's rows settle as their posters load: press only where the handle has stayed for two
  // frames and is what lies under the finger. The page can still move between that look and the
  // press (seen under CI's load: the finger picked up the row above), so the page notes which
  // button the press reached; a press that reached another lifts again (a tap on a handle does
  // nothing) and looks again.
  for (let attempt = 1; ; attempt++) {
    const end = await boxOf(target)
    const [x1, y1] = [end.x + end.width / 2, end.y + end.height / 3]
    const [x0, y0] = await handle.evaluate(async (element) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
      const root = document.documentElement
      delete root.dataset.pressed
      const note = (event: Event) => {
        root.dataset.pressed = (event.target as Element).closest('button')?.getAttribute('aria-label') ?? ''
      }
      window.addEventListener('pointerdown', note, { capture: true, once: true })
      let last = ''
      for (let tries = 0; tries < 100; tries++) {
        const box = element.getBoundingClientRect()
        const centre = [box.x + box.width / 2, box.y + box.height / 2] as const
        const key = `${box.x},${box.y},${box.width},${box.height}`
        if (key === last && element.contains(document.elementFromPoint(centre[0], centre[1]))) return centre
        last = key
        await frame()
        await frame()
      }
      throw new Error(`${element.getAttribute('aria-label') ?? 'the handle'} never came to rest under the finger`)
    })
    if (input === 'mouse') {
      await page.mouse.move(x0, y0)
      await page.mouse.down()
    } else await touch('touchStart', x0, y0)
    const pressed = await page.evaluate(() => document.documentElement.dataset.pressed)
    if (pressed !== `Move ${from}`) {
      if (input === 'mouse') await page.mouse.up()
      else await touch('touchEnd', x0, y0)
      if (attempt === 3) throw new Error(`the press meant for Move ${from} reached ${pressed ?? 'nothing'} 3 times`)
      continue
    }
    for (let step = 1; step <= 12; step++) {
      const [x, y] = [x0 + ((x1 - x0) * step) / 12, y0 + ((y1 - y0) * step) / 12]
      if (input === 'mouse') await page.mouse.move(x, y)
      else await touch('touchMove', x, y)
    }
    await overItsPlace()
    if (input === 'mouse') {
      await page.mouse.up()
      return
    }
    // The finger rests before it lifts. Lifted straight after moving, it is a flick: Chromium starts a
    // fling, the next touch cancels it, and a tap right after a fling cancel makes no click (seen: the
    // List view tap after this drag gave pointer and touch events but no click, 4 runs in 4).
    await page.waitForTimeout(250)
    await touch('touchEnd', x1, y1)
    await cdp?.detach()
    return
  }
}

/** A press the way the device makes it: a mouse click on a desktop, a finger's tap (touch events) on a phone. */
const press = (locator: Locator, input: 'mouse' | 'touch') => (input === 'touch' ? locator.tap() : locator.click())

async function logWatch(page: Page, title: string, input: 'mouse' | 'touch') {
  await press(page.getByRole('button', { name: `Mark ${title} watched`, exact: true }), input)
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  // Four stars: the right half of the fourth star. The label, not the readout beside the stars,
  // which says the same words once a star is chosen or hovered.
  const fourStars = dialog.locator('label', { hasText: /^4 stars$/ })
  // Each half star is a finger's target (WCAG 2.5.8: 24 px at least).
  const box = await fourStars.boundingBox()
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24)
  await press(fourStars, input)
  await expect(dialog.getByText('4 stars', { exact: true }).and(dialog.locator('[aria-hidden="true"]'))).toBeVisible()
  await expect(dialog).not.toContainText('/10')
  await press(dialog.getByText('Yes, recommend'), input)
  await dialog.getByLabel('Review').fill(`Watched on ${input}: the last act still lands.`)
  await dialog.getByLabel('Watched on service').selectOption('Netflix')
  await expect(dialog.getByRole('switch', { name: 'Also remove from watchlist' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await press(dialog.getByRole('button', { name: 'Log it' }), input)
  await expect(dialog).toBeHidden()
}

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`on a ${device}`, () => {
    if (device === 'phone') test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
    else test.use({ viewport: { width: 1440, height: 900 } })

    test('search, add, reorder, log a watch with a rating and review, see it in /watched, remove it', async ({
      page,
    }) => {
      // A long walk through four screens: on a shared, loaded machine it outlasts the default minute.
      test.setTimeout(240_000)
      const input = device === 'phone' ? 'touch' : 'mouse'
      await signUp(page)
      const [first, second, third] = await titlesFor(page, ['godfather'])
      if (!first || !second || !third) throw new Error('the offline catalog should have the three Godfather films')

      // The empty watchlist leads to search; the title cards there add to the watchlist.
      await page.goto('/watchlist')
      await expect(page.getByRole('heading', { name: 'Your watchlist is empty' })).toBeVisible()
      await expect(page).toHaveTitle('Watchlist · Reelmates')
      await press(page.getByRole('link', { name: 'Search titles' }), input)
      await expect(page).toHaveURL(/\/search/)
      await page.getByRole('combobox', { name: 'Search movies and TV shows' }).fill('godfather')
      await page.keyboard.press('Enter')
      for (const title of [first, second, third]) {
        await press(page.getByRole('button', { name: `Add ${title.title} to watchlist`, exact: true }), input)
        await expect(
          page.getByRole('button', { name: `Remove ${title.title} from watchlist`, exact: true }),
        ).toHaveAttribute('aria-pressed', 'true')
      }
      await press(page.getByRole('link', { name: 'Watchlist', exact: true }).filter({ visible: true }).first(), input)
      await expect.poll(() => shownWatchlist(page)).toEqual([first.title, second.title, third.title])
      await expect.poll(() => serverWatchlist(page)).toEqual([first.title, second.title, third.title])
      // Nothing on the screen is wider than it: a wider page would be zoomed out and taps would miss.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      )
      await expectFiltersOnScreen(page, 'Streaming on')

      // A note, to remember why it is there.
      await chooseWatchlistAction(page, second.title, 'Add a note', input)
      const noteDialog = page.getByRole('dialog', { name: second.title })
      await noteDialog.getByLabel(`Note for ${second.title}`).fill('With Sam, on a big screen')
      await press(noteDialog.getByRole('button', { name: 'Save note' }), input)
      await expect(page.getByText('“With Sam, on a big screen”')).toBeVisible()
      await expect
        .poll(
          async () =>
            ((await (await page.request.get('/api/watchlist')).json()) as { items: { note: string | null }[] }).items[1]
              ?.note,
        )
        .toBe('With Sam, on a big screen')

      // Reorder by dragging a handle: the third title ends at the top. A mouse does it in one move in
      // the grid; a finger moves it one place in the grid, then to the top in the compact list.
      if (device === 'phone') {
        await dragHandle(page, third.title, second.title, 'touch')
        await expect.poll(() => shownWatchlist(page)).toEqual([first.title, third.title, second.title])
        await expect.poll(() => serverWatchlist(page)).toEqual([first.title, third.title, second.title])
        // The first tap after a touch drag presses what it touches (GestureSafePointerSensor).
        const listView = page.getByRole('button', { name: 'List view' })
        await press(listView, input)
        await expect(listView).toHaveAttribute('aria-pressed', 'true')
      }
      await dragHandle(page, third.title, first.title, input)
      await expect.poll(() => shownWatchlist(page)).toEqual([third.title, first.title, second.title])
      await expect.poll(() => serverWatchlist(page)).toEqual([third.title, first.title, second.title])
      await page.reload()
      await expect.poll(() => shownWatchlist(page)).toEqual([third.title, first.title, second.title])

      // Removed by mistake: the toast's Undo puts it back in its place, as it was (its date added too).
      const addedAt = async () =>
        (
          (await (await page.request.get('/api/watchlist')).json()) as { items: { title: string; addedAt: string }[] }
        ).items.find((item) => item.title === first.title)?.addedAt
      const firstAdded = await addedAt()
      await chooseWatchlistAction(page, first.title, 'Remove from watchlist', input)
      await expect.poll(() => shownWatchlist(page)).toEqual([third.title, second.title])
      await press(page.getByRole('button', { name: 'Undo' }), input)
      await expect.poll(() => shownWatchlist(page)).toEqual([third.title, first.title, second.title])
      await expect.poll(() => serverWatchlist(page)).toEqual([third.title, first.title, second.title])
      expect(await addedAt()).toBe(firstAdded)

      await logWatch(page, first.title, input)
      await expect.poll(() => shownWatchlist(page)).toEqual([third.title, second.title])

      await page.goto('/watched')
      const entry = page.getByRole('article').filter({ hasText: first.title })
      await expect(entry).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      )
      await expectFiltersOnScreen(page, 'Service')
      await expect(entry.getByRole('img', { name: '4 stars' })).toBeVisible()
      await expect(entry.getByText('the last act still lands')).toBeVisible()
      await expect(entry.getByText('Recommends')).toBeVisible()
      await expect(entry.getByText('on Netflix')).toBeVisible()

      // Deleted by mistake: the toast's Undo brings the same entry back (its id: what friends said
      // about it in the feed stays with it), with its rating and review.
      const logged = (await (await page.request.get('/api/watched')).json()) as { items: { id: string }[] }
      await press(entry.getByRole('button', { name: `Remove your entry for ${first.title}` }), input)
      await expect(entry).toHaveCount(0)
      await press(page.getByRole('button', { name: 'Undo' }), input)
      await expect(entry.getByText('the last act still lands')).toBeVisible()
      await expect(entry.getByRole('img', { name: '4 stars' })).toBeVisible()
      await expect(entry.getByText('Recommends')).toBeVisible()
      await expect(entry.getByText('on Netflix')).toBeVisible()
      const restored = (await (await page.request.get('/api/watched')).json()) as {
        items: { id: string; rating: number | null; review: string | null; streamingService: string | null }[]
      }
      expect(restored.items).toEqual([
        expect.objectContaining({
          id: logged.items[0]?.id,
          rating: 8,
          review: `Watched on ${input}: the last act still lands.`,
        }),
      ])

      await press(entry.getByRole('button', { name: `Remove your entry for ${first.title}` }), input)
      await expect(entry).toHaveCount(0)
      await expect(page.getByRole('heading', { name: 'Nothing logged yet' })).toBeVisible()
      await expect(page).toHaveTitle('Watched · Reelmates')
      // The screen shows the removal at once; the server has it once its answer is in.
      await expect
        .poll(async () => ((await (await page.request.get('/api/watched')).json()) as { total: number }).total)
        .toBe(0)
    })
  })
}

test('keyboard: a title is picked up with Space, moved with the arrows and dropped with Space', async ({ page }) => {
  const [first, second, third] = await threeOnWatchlistInListView(page)
  await page.getByRole('button', { name: `Move ${first.title}`, exact: true }).focus()
  // Each key waits for the live announcement, as a screen reader user hears it before the next press.
  await page.keyboard.press('Space')
  await expect(page.getByText(`${first.title} is now at number 1 of 3.`)).toBeAttached()
  // dnd-kit measures the other rows in an effect after the lift; an arrow pressed before that is
  // ignored. A person is never that quick, so the test waits two frames as their hand would.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
  await page.keyboard.press('ArrowDown')
  await expect(page.getByText(`${first.title} is now at number 2 of 3.`)).toBeAttached()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByText(`${first.title} is now at number 3 of 3.`)).toBeAttached()
  await page.keyboard.press('Space')
  const expected = [second.title, third.title, first.title]
  await expect.poll(() => shownWatchlist(page)).toEqual(expected)
  await expect.poll(() => serverWatchlist(page)).toEqual(expected)
})

test.describe('the keyboard stays on a moved title', () => {
  test('list view: the move button pressed keeps the focus, or its other move button at the ends', async ({ page }) => {
    const [first, second, third] = await threeOnWatchlistInListView(page)

    const down = page.getByRole('button', { name: `Move ${first.title} down`, exact: true })
    await down.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => shownWatchlist(page)).toEqual([second.title, first.title, third.title])
    await expect(down).toBeFocused()
    // Still there once the server has answered and the list is fetched again.
    await expect.poll(() => serverWatchlist(page)).toEqual([second.title, first.title, third.title])
    await page.waitForLoadState('networkidle')
    await expect(down).toBeFocused()
    // Now last: "down" is disabled, so its "up" has the focus.
    await page.keyboard.press('Enter')
    await expect.poll(() => shownWatchlist(page)).toEqual([second.title, third.title, first.title])
    await expect(down).toBeDisabled()
    const up = page.getByRole('button', { name: `Move ${first.title} up`, exact: true })
    await expect(up).toBeFocused()
    await page.keyboard.press('Enter')
    await expect.poll(() => shownWatchlist(page)).toEqual([second.title, first.title, third.title])
    await expect(up).toBeFocused()
    await expect.poll(() => serverWatchlist(page)).toEqual([second.title, first.title, third.title])
    // Now first: "up" is disabled, so its "down" has the focus.
    await page.keyboard.press('Enter')
    await expect.poll(() => shownWatchlist(page)).toEqual([first.title, second.title, third.title])
    await expect(up).toBeDisabled()
    await expect(down).toBeFocused()
    await expect.poll(() => serverWatchlist(page)).toEqual([first.title, second.title, third.title])
    await page.waitForLoadState('networkidle')
    await expect(down).toBeFocused()
  })

  test('grid view: after a move from the menu, its "More actions" button has the focus', async ({ page }) => {
    await signUp(page)
    const [first, second] = await titlesFor(page, ['godfather'])
    if (!first || !second) throw new Error('the offline catalog should have the Godfather films')
    for (const title of [first, second]) await addByApi(page, title.tmdbId)
    await page.goto('/watchlist')
    await expect.poll(() => shownWatchlist(page)).toEqual([first.title, second.title])

    const more = page.getByRole('button', { name: `More actions for ${first.title}`, exact: true })
    await more.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menu').getByRole('menuitem', { name: 'Move later', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => shownWatchlist(page)).toEqual([second.title, first.title])
    await expect(page.getByRole('menu')).toBeHidden()
    await expect(more).toBeFocused()
  })
})

test('a title far down the watchlist goes to the top, or back to the bottom, in one step from its menu', async ({
  page,
}) => {
  await signUp(page)
  const titles = (await titlesFor(page, ['godfather', 'inception'])).slice(0, 4)
  expect(titles).toHaveLength(4)
  for (const title of titles) await addByApi(page, title.tmdbId)
  const names = titles.map((title) => title.title)
  await page.goto('/watchlist')
  await expect.poll(() => shownWatchlist(page)).toEqual(names)
  const [first, second, third, last] = names as [string, string, string, string]

  // Next to the top, "Move earlier" is already the way there: no second way to say it.
  await page.getByRole('button', { name: `More actions for ${second}`, exact: true }).click()
  await expect(page.getByRole('menuitem', { name: 'Move to top' })).toHaveCount(0)
  await expect(page.getByRole('menuitem', { name: 'Move to bottom' })).toBeVisible()
  await page.keyboard.press('Escape')

  await chooseWatchlistAction(page, last, 'Move to top')
  await expect.poll(() => shownWatchlist(page)).toEqual([last, first, second, third])
  await chooseWatchlistAction(page, last, 'Move to bottom')
  await expect.poll(() => shownWatchlist(page)).toEqual(names)
  await page.reload()
  await expect.poll(() => shownWatchlist(page)).toEqual(names)
})

test('the watchlist’s "Add a title" marks a title already on the list, and choosing it adds nothing again', async ({
  page,
}) => {
  await signUp(page)
  const [listed, other] = await titlesFor(page, ['godfather'])
  if (!listed || !other) throw new Error('two titles were expected for "godfather"')
  await addByApi(page, listed.tmdbId)
  await page.goto('/watchlist')
  await expect.poll(() => shownWatchlist(page)).toEqual([listed.title])

  const field = page.getByRole('combobox', { name: 'Add a title to your watchlist' })
  await field.fill('godfather')
  const option = (title: string) => page.getByRole('option', { name: new RegExp(`^${escape(title)} \\d{4} `) })
  await expect(option(listed.title)).toContainText('On your watchlist, #1')
  await expect(option(other.title)).not.toContainText('On your watchlist')
  await option(listed.title).click()
  await expect(page.getByRole('region', { name: 'Alerts (F8)' })).toContainText(
    `${listed.title} is already on your watchlist`,
  )
  await expect.poll(() => shownWatchlist(page)).toEqual([listed.title])
  const total = ((await (await page.request.get('/api/watchlist')).json()) as { total: number }).total
  expect(total).toBe(1)
})

test('a note saved in a stale tab does not replace what another tab wrote since: the user chooses', async ({
  page,
}) => {
  await signUp(page)
  const [title] = await titlesFor(page, ['godfather'])
  if (!title) throw new Error('no title in the catalog for "godfather"')
  await addByApi(page, title.tmdbId)
  const other = await page.context().newPage()
  for (const tab of [page, other]) {
    await tab.goto('/watchlist')
    await expect.poll(() => shownWatchlist(tab)).toEqual([title.title])
  }
  const writeNote = async (tab: Page, words: string) => {
    await chooseWatchlistAction(tab, title.title, 'Add a note')
    const dialog = tab.getByRole('dialog', { name: title.title })
    await expect(dialog.getByLabel(`Note for ${title.title}`)).toHaveValue('')
    await dialog.getByLabel(`Note for ${title.title}`).fill(words)
    await dialog.getByRole('button', { name: 'Save note' }).click()
  }
  const serverNote = async () =>
    ((await (await page.request.get('/api/watchlist')).json()) as { items: { note: string | null }[] }).items[0]?.note

  await writeNote(other, 'A: with Sam in IMAX')
  await expect.poll(serverNote).toBe('A: with Sam in IMAX')
  // This tab still shows the title without a note: its save is refused and says so, with its words.
  await writeNote(page, 'B: Mum says skip it')
  const toast = page.getByRole('region', { name: 'Alerts (F8)' }).getByRole('listitem')
  await expect(toast).toContainText("Couldn't save the note")
  await expect(toast).toContainText('This note was changed on another device since you opened it.')
  await expect(toast).toContainText('Yours: “B: Mum says skip it”')
  await expect(page.getByText('“A: with Sam in IMAX”', { exact: true })).toBeVisible()
  expect(await serverNote()).toBe('A: with Sam in IMAX')

  await toast.getByRole('button', { name: 'Save mine' }).click()
  await expect(page.getByText('“B: Mum says skip it”', { exact: true })).toBeVisible()
  await expect.poll(serverNote).toBe('B: Mum says skip it')
  await other.close()
})

test('a review saved in a stale tab does not replace what another tab wrote since: the user chooses', async ({
  page,
}) => {
  await signUp(page)
  const [title] = await titlesFor(page, ['casablanca'])
  if (!title) throw new Error('the offline catalog should have Casablanca')
  const logged = await page.request.post('/api/watched', {
    data: { tmdbId: title.tmdbId, mediaType: 'movie', rating: 8 },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  expect(logged.status()).toBe(201)
  const other = await page.context().newPage()
  const entryIn = (tab: Page) => tab.getByRole('listitem').filter({ hasText: title.title })
  for (const tab of [page, other]) {
    await tab.goto('/watched')
    await expect(entryIn(tab)).toBeVisible()
  }
  const writeReview = async (tab: Page, words: string) => {
    await entryIn(tab)
      .getByRole('button', { name: `Edit your entry for ${title.title}` })
      .click()
    const review = tab.getByRole('dialog').getByRole('textbox', { name: /Review/ })
    await expect(review).toHaveValue('')
    await review.fill(words)
    await tab.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click()
  }
  const serverReview = async () =>
    ((await (await page.request.get('/api/watched')).json()) as { items: { review: string | null }[] }).items[0]?.review

  await writeReview(other, 'A: the score carries it')
  await expect.poll(serverReview).toBe('A: the score carries it')
  // This tab still shows the entry without a review: its save is refused and says so, with its words.
  await writeReview(page, 'B: too slow for me')
  const toast = page.getByRole('region', { name: 'Alerts (F8)' }).getByRole('listitem')
  await expect(toast).toContainText("Couldn't save your changes")
  await expect(toast).toContainText('This review was changed on another device since you opened it.')
  await expect(toast).toContainText('Yours: “B: too slow for me”')
  await expect(entryIn(page).getByText('A: the score carries it')).toBeVisible()
  expect(await serverReview()).toBe('A: the score carries it')

  await toast.getByRole('button', { name: 'Save mine' }).click()
  await expect(entryIn(page).getByText('B: too slow for me')).toBeVisible()
  await expect.poll(serverReview).toBe('B: too slow for me')
  await other.close()
})

test('a move made in a stale tab lands next to the title that tab showed it by, or is refused with the list as it is now', async ({
  page,
}) => {
  await signUp(page)
  const titles = (await titlesFor(page, ['godfather', 'inception'])).slice(0, 4)
  expect(titles).toHaveLength(4)
  for (const title of titles) await addByApi(page, title.tmdbId)
  const [iv, v, vi, i] = titles.map((title) => title.title) as [string, string, string, string]
  const other = await page.context().newPage()
  for (const tab of [page, other]) {
    await tab.goto('/watchlist')
    await expect.poll(() => shownWatchlist(tab)).toEqual([iv, v, vi, i])
  }
  const serverWatchlist = async () =>
    ((await (await page.request.get('/api/watchlist')).json()) as { items: { title: string }[] }).items.map(
      (item) => item.title,
    )

  // The other tab moves VI, then I, to the top.
  await chooseWatchlistAction(other, vi, 'Move to top')
  await expect.poll(serverWatchlist).toEqual([vi, iv, v, i])
  await chooseWatchlistAction(other, i, 'Move to top')
  await expect.poll(serverWatchlist).toEqual([i, vi, iv, v])

  // This tab still shows [IV, V, VI, I]: IV one place later goes after V, as it showed.
  await expect.poll(() => shownWatchlist(page)).toEqual([iv, v, vi, i])
  await chooseWatchlistAction(page, iv, 'Move later')
  await expect.poll(serverWatchlist).toEqual([i, vi, v, iv])
  await expect.poll(() => shownWatchlist(page)).toEqual([i, vi, v, iv])

  // The other tab takes VI off; here I one place later would go after VI, which is gone: refused, and
  // the list shown is the server's.
  await chooseWatchlistAction(other, vi, 'Remove from watchlist')
  await expect.poll(serverWatchlist).toEqual([i, v, iv])
  await chooseWatchlistAction(page, i, 'Move later')
  const toast = page.getByRole('region', { name: 'Alerts (F8)' }).getByRole('listitem')
  await expect(toast).toContainText("Couldn't move that title")
  await expect(toast).toContainText('Your watchlist changed on another device; here it is now.')
  await expect.poll(() => shownWatchlist(page)).toEqual([i, v, iv])
  expect(await serverWatchlist()).toEqual([i, v, iv])
  await other.close()
})

test('the watched log shows the watches not rated yet, and that choice stays in the address', async ({ page }) => {
  await signUp(page)
  const [rated, unrated] = await titlesFor(page, ['godfather', 'casablanca'])
  if (!rated || !unrated) throw new Error('the offline catalog should have two titles')
  for (const [title, rating] of [
    [rated, 8],
    [unrated, null],
  ] as const) {
    const logged = await page.request.post('/api/watched', {
      data: { tmdbId: title.tmdbId, mediaType: 'movie', rating },
      headers: { 'CSRF-Token': await csrfToken(page) },
    })
    expect(logged.status()).toBe(201)
  }
  await page.goto('/watched')
  const entries = page.getByRole('button', { name: /^Edit your entry for / })
  await expect(entries).toHaveCount(2)
  await page.getByLabel('Rating').selectOption('Not rated')
  await expect(entries).toHaveCount(1)
  await expect(page.getByRole('button', { name: `Edit your entry for ${unrated.title}` })).toBeVisible()
  await expect(page).toHaveURL(/unrated=true/)
  await page.reload()
  await expect(page.getByLabel('Rating')).toHaveValue('none')
  await expect(entries).toHaveCount(1)
  await page.getByLabel('Rating').selectOption('Any rating')
  await expect(entries).toHaveCount(2)
})

test('the diary in date order reads month by month, each month a heading over its watches', async ({ page }) => {
  await signUp(page)
  const titles: { tmdbId: number; title: string }[] = []
  for (const [query, watchedOn] of [
    ['casablanca', '2025-10-03'],
    ['heat', '2025-09-20'],
    ['alien', '2025-09-02'],
  ] as const) {
    const film = await catalogMovie(page.request, query)
    titles.push(film)
    await sendJson(page.request, '/api/watched', { tmdbId: film.tmdbId, mediaType: 'movie', watchedOn })
  }
  // A list row's heading adds the year and kind after the title.
  const headed = (index: number) =>
    new RegExp(`^${(titles[index]?.title ?? '?').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`)
  const [october, september] = await page.evaluate(() =>
    ['2025-10-15T12:00:00', '2025-09-15T12:00:00'].map((day) =>
      new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date(day)),
    ),
  )
  const monthOf = (label: string) => page.getByRole('region', { name: label, exact: true })
  for (const view of ['list', 'grid']) {
    await page.goto(`/watched?view=${view}`)
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([october ?? '', september ?? ''])
    await expect(monthOf(october ?? '').getByRole('heading', { level: 3 })).toHaveText([headed(0)])
    await expect(monthOf(september ?? '').getByRole('heading', { level: 3 })).toHaveText([headed(1), headed(2)])
  }
  // Oldest first, the months turn over too.
  await page.getByRole('button', { name: 'Descending; switch to ascending' }).click()
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([september ?? '', october ?? ''])
  // In any other order months mean nothing: one list, each watch a heading under the page's.
  await page.getByLabel('Sort').selectOption('Title')
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3)
  await expect(page.getByRole('region', { name: october ?? '' })).toHaveCount(0)
})

test('a watch of a title seen before is marked a rewatch, in the diary and on its page, by when it was watched', async ({
  page,
}) => {
  await signUp(page)
  const film = await catalogMovie(page.request, 'casablanca')
  const other = await catalogMovie(page.request, 'heat')
  await sendJson(page.request, '/api/watched', { tmdbId: film.tmdbId, mediaType: 'movie', watchedOn: '2025-06-10' })
  await sendJson(page.request, '/api/watched', { tmdbId: other.tmdbId, mediaType: 'movie', watchedOn: '2025-06-05' })
  // Logged last, watched first: the watch of 10 June becomes the rewatch.
  await sendJson(page.request, '/api/watched', { tmdbId: film.tmdbId, mediaType: 'movie', watchedOn: '2025-06-01' })

  await page.goto('/watched?view=list')
  const entries = page.getByRole('article')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText(film.title)
  await expect(entries.nth(0)).toContainText('Rewatch')
  await expect(entries.nth(1)).toContainText(other.title)
  await expect(entries.nth(1)).not.toContainText('Rewatch')
  await expect(entries.nth(2)).toContainText(film.title)
  await expect(entries.nth(2)).not.toContainText('Rewatch')

  await page.goto(`/media/movie/${film.tmdbId}`)
  const watches = page.getByRole('region', { name: 'Your 2 watches' }).getByRole('article')
  await expect(watches).toHaveCount(2)
  await expect(watches.first()).toContainText('Rewatch')
  await expect(watches.last()).not.toContainText('Rewatch')
})

test('"Pick one for me" picks a title of the watchlist shown, another on each press, and opens it', async ({
  page,
}) => {
  await signUp(page)
  const titles = [
    await catalogMovie(page.request, 'casablanca'),
    await catalogMovie(page.request, 'heat'),
    await catalogMovie(page.request, 'alien'),
  ]
  for (const title of titles) await addByApi(page, title.tmdbId)
  await page.goto('/watchlist')
  const pick = page.getByRole('button', { name: 'Pick one for me' })
  await pick.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('From the 3 titles on your watchlist as shown')
  const picked = async () => {
    const name = await dialog.getByRole('heading', { level: 2 }).textContent()
    expect(titles.map((title) => title.title)).toContain(name)
    return name
  }
  let last = await picked()
  for (let press = 0; press < 4; press++) {
    await dialog.getByRole('button', { name: 'Pick another' }).click()
    await expect(dialog.getByRole('heading', { level: 2 })).not.toHaveText(last ?? '')
    last = await picked()
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(pick).toBeFocused()

  await pick.click()
  const chosen = await picked()
  const film = titles.find((title) => title.title === chosen)
  await dialog.getByRole('link', { name: `Open ${chosen}` }).click()
  await expect(page).toHaveURL(new RegExp(`/media/movie/${film?.tmdbId}$`))
})

test('the Export menu downloads the diary, and Escape or a click outside closes it', async ({ page }) => {
  await signUp(page)
  const film = await catalogMovie(page.request, 'casablanca')
  await sendJson(page.request, '/api/watched', { tmdbId: film.tmdbId, mediaType: 'movie', rating: 8 })
  await page.goto('/watched')
  const exportButton = page.getByRole('button', { name: 'Export' })
  const csv = page.getByRole('menuitem', { name: 'Download CSV' })
  await exportButton.click()
  await expect(csv).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(csv).toBeHidden()
  await expect(exportButton).toBeFocused()
  await exportButton.click()
  await page.getByRole('heading', { level: 1, name: 'Watched' }).click()
  await expect(csv).toBeHidden()

  await exportButton.click()
  const download = page.waitForEvent('download')
  await csv.click()
  expect((await download).suggestedFilename()).toBe('reelmates-watched.csv')
  await expect(csv).toBeHidden()
})

test('a dialog opened from "More actions" gives the focus back to that button when it closes', async ({ page }) => {
  await signUp(page)
  const [title] = await titlesFor(page, ['casablanca'])
  if (!title) throw new Error('the offline catalog should have Casablanca')
  await addByApi(page, title.tmdbId)
  await page.goto('/watchlist')
  const more = page.getByRole('button', { name: `More actions for ${title.title}`, exact: true })
  const dialog = page.getByRole('dialog', { name: title.title })
  const openNote = async () => {
    await more.focus()
    await page.keyboard.press('Enter')
    await page
      .getByRole('menu')
      .getByRole('menuitem', { name: /^(Add a|Edit) note$/ })
      .focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel(`Note for ${title.title}`)).toBeFocused()
  }

  await openNote()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(more).toBeFocused()

  await openNote()
  await dialog.getByRole('button', { name: 'Cancel' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(more).toBeFocused()

  await openNote()
  await page.keyboard.type('With Sam')
  await dialog.getByRole('button', { name: 'Save note' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('“With Sam”')).toBeVisible()
  await expect(more).toBeFocused()
})

test('what is typed in the note or the watch log is not thrown away by Escape without asking', async ({ page }) => {
  await signUp(page)
  const [title] = await titlesFor(page, ['casablanca'])
  if (!title) throw new Error('the offline catalog should have Casablanca')
  await addByApi(page, title.tmdbId)
  await page.goto('/watchlist')
  const dialog = page.getByRole('dialog', { name: title.title })
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' })

  // The note: Escape asks, and Escape (or Stay) there goes back to the note as typed.
  await chooseWatchlistAction(page, title.title, 'Add a note')
  const note = dialog.getByLabel(`Note for ${title.title}`)
  await expect(note).toBeFocused()
  await page.keyboard.type('Watch with Bob')
  await page.keyboard.press('Escape')
  await expect(discard.getByRole('button', { name: 'Stay' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(discard).toBeHidden()
  await expect(note).toBeFocused()
  await expect(note).toHaveValue('Watch with Bob')
  // Leave throws it away: both dialogs close and nothing is saved.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Tab')
  await expect(discard.getByRole('button', { name: 'Leave' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(discard).toBeHidden()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: `More actions for ${title.title}`, exact: true })).toBeFocused()
  await expect(page.getByText('“Watch with Bob”')).toHaveCount(0)

  // The watch log: a review typed, then Escape; Stay keeps it, and it is logged.
  const mark = page.getByRole('button', { name: `Mark ${title.title} watched`, exact: true })
  await mark.focus()
  await page.keyboard.press('Enter')
  const review = dialog.getByRole('textbox', { name: /Review/ })
  await review.focus()
  await page.keyboard.type('Here’s looking at you.')
  await page.keyboard.press('Escape')
  await discard.getByRole('button', { name: 'Stay' }).click()
  await expect(review).toHaveValue('Here’s looking at you.')
  await dialog.getByRole('button', { name: 'Log it' }).click()
  await expect(dialog).toBeHidden()
  await expect(discard).toBeHidden()
})

test('an open "More actions" menu hides nothing that can still be focused (axe aria-hidden-focus)', async ({
  page,
}) => {
  await signUp(page)
  const [title] = await titlesFor(page, ['casablanca'])
  if (!title) throw new Error('the offline catalog should have Casablanca')
  await addByApi(page, title.tmdbId)
  await page.goto('/watchlist')
  const more = page.getByRole('button', { name: `More actions for ${title.title}`, exact: true })
  await more.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  const { violations } = await new AxeBuilder({ page }).withRules(['aria-hidden-focus']).analyze()
  expect(violations.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
  // Still a menu: Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()
})

test('after 50 quick changes the watchlist shown is the read model’s and the event stream’s fold', async ({ page }) => {
  test.setTimeout(180_000)
  const { userId } = await signUp(page)
  const pool = await titlesFor(page, ['godfather', 'casablanca', 'vertigo', 'alien', 'jaws', 'heat', 'fargo', 'psycho'])
  expect(pool.length).toBeGreaterThanOrEqual(14)
  const seeded = pool.slice(0, 6)
  for (const title of seeded) await addByApi(page, title.tmdbId)

  // Every change the UI sends, and the last position the server answered.
  const positions: bigint[] = []
  page.on('response', async (response) => {
    const request = response.request()
    if (request.method() !== 'GET' && /\/api\/watchlist/.test(request.url()) && response.ok()) {
      const { position } = (await response.json()) as { position?: string }
      if (position) positions.push(BigInt(position))
    }
  })
  // A slow network, so that changes pile up behind each other.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 60,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })

  await page.goto('/watchlist?view=list')
  const model = seeded.map((title) => title.title)
  await expect.poll(() => shownWatchlist(page)).toEqual(model)

  let seed = 20261122
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  let changes = 0
  while (changes < 50) {
    const roll = random()
    const spare = pool.filter((title) => !model.includes(title.title))
    if (roll < 0.2 && spare.length > 0) {
      const title = spare[Math.floor(random() * spare.length)]?.title ?? ''
      await quickAdd(page, title)
      model.push(title)
    } else if (roll < 0.4 && model.length > 3) {
      const index = Math.floor(random() * model.length)
      const [title] = model.splice(index, 1)
      await page.getByRole('button', { name: `Remove ${title} from watchlist`, exact: true }).click()
    } else if (model.length > 1) {
      const index = 1 + Math.floor(random() * (model.length - 1))
      const up = random() < 0.6
      const from = up ? index : index - 1
      const title = model[from] ?? ''
      await page.getByRole('button', { name: `Move ${title} ${up ? 'up' : 'down'}`, exact: true }).click()
      model.splice(from, 1)
      model.splice(up ? from - 1 : from + 1, 0, title)
    } else continue
    changes++
  }

  // What the UI shows equals what the test asked for, while the changes are still on their way. The
  // screen draws the last press on a later task than the press itself (React Query tells it on a timer),
  // which on a loaded machine comes after the click has returned: asked at once, the list could be the
  // one before the last move.
  await expect.poll(() => shownWatchlist(page), { timeout: 5_000 }).toEqual(model)
  await expect.poll(() => positions.length, { timeout: 60_000 }).toBe(50)
  // Once all 50 have answered: the screen, the read model and the fold of the event stream agree.
  const last = positions.reduce((a, b) => (a > b ? a : b)).toString()
  expect(await serverWatchlist(page, last)).toEqual(model)
  const idOf = new Map(pool.map((title) => [title.title, title.tmdbId]))
  expect(await foldedWatchlist(userId)).toEqual(model.map((title) => idOf.get(title)))
  await expect.poll(() => shownWatchlist(page)).toEqual(model)
  await page.reload()
  await expect.poll(() => shownWatchlist(page)).toEqual(model)
})

test('two taps on "Move up" before the list redraws move the title up two places', async ({ page }) => {
  const [first, second, third] = await threeOnWatchlistInListView(page)
  // Both clicks in one task: the second lands before the screen has drawn the first move, as a quick
  // double tap does on a busy phone. Each means "one place up from where it is now".
  await page
    .getByRole('button', { name: `Move ${third.title} up`, exact: true })
    .evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
    })
  await expect.poll(() => shownWatchlist(page)).toEqual([third.title, first.title, second.title])
  await expect.poll(() => serverWatchlist(page)).toEqual([third.title, first.title, second.title])
})

test('a watchlist row offers to mark a title watched, and its rating words fit either catalog', async ({ page }) => {
  await signUp(page)
  const titles = (await titlesFor(page, ['godfather'])).slice(0, 2)
  for (const title of titles) await addByApi(page, title.tmdbId)
  await page.goto('/watchlist?view=list')
  await expect.poll(() => shownWatchlist(page)).toEqual(titles.map((title) => title.title))
  for (const title of titles) {
    const row = page.getByRole('article', { name: title.title, exact: true })
    // None of these was ever watched: the row names the action, it claims no "Watched" state.
    await expect(row.getByRole('button', { name: `Mark ${title.title} watched`, exact: true })).toHaveText(
      'Mark watched',
    )
    await expect(row.getByText(/^\W*Watched$/)).toHaveCount(0)
    await expect(row.getByText(/\bFilm\b/)).toBeVisible()
  }
  await page.getByRole('button', { name: 'Grid view' }).click()
  await expect(
    page.getByRole('article', { name: titles[0]?.title ?? '', exact: true }).getByText(/\bFilm\b/),
  ).toBeVisible()
  // The offline catalog's ratings are IMDb's: the screen must not call them TMDB's.
  await expect(page.getByRole('combobox', { name: 'Rating', exact: true })).not.toContainText('TMDB')
  await expect(page.getByRole('combobox', { name: 'Sort', exact: true })).not.toContainText('TMDB')
  await expect(page.getByRole('combobox', { name: 'Rating', exact: true })).toContainText('Rated 7+')
})

test.describe('the buttons other screens carry', () => {
  test('two taps on the watchlist button before it redraws add the title and take it off again', async ({ page }) => {
    await signUp(page)
    const [title] = await titlesFor(page, ['casablanca'])
    if (!title) throw new Error('the offline catalog should have this film')
    await page.goto(`/media/movie/${title.tmdbId}`)
    const add = page.getByRole('button', { name: 'Add to watchlist' })
    const removal = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.url().includes('/api/watchlist/'),
      { timeout: 15_000 },
    )
    // Both in one task, as two taps queued behind a long task on a slow phone arrive.
    await add.evaluate((button: HTMLButtonElement) => {
      button.click()
      button.click()
    })
    expect((await removal).ok()).toBe(true)
    await expect(add).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => serverWatchlist(page)).toEqual([])
    // Nothing was refused: no "already on your watchlist".
    await expect(page.getByRole('status').filter({ hasText: "Couldn't" })).toHaveCount(0)
    await expect(page.getByRole('alert').filter({ hasText: "Couldn't" })).toHaveCount(0)
  })

  test('a double-click on the watchlist button adds the title once and leaves it there', async ({ page }) => {
    await signUp(page)
    const [title] = await titlesFor(page, ['casablanca'])
    if (!title) throw new Error('the offline catalog should have this film')
    await page.goto(`/media/movie/${title.tmdbId}`)
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/watchlist')) sent.push(request.method())
    })
    await page.getByRole('button', { name: 'Add to watchlist' }).dblclick()
    await expect(page.getByRole('button', { name: 'On watchlist' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => (await serverWatchlist(page)).length).toBe(1)
    expect(sent.filter((method) => method !== 'GET')).toEqual(['POST'])
  })

  test('the media page adds to the watchlist, logs watches and counts rewatches', async ({ page }) => {
    await signUp(page)
    const [title] = await titlesFor(page, ['casablanca'])
    if (!title) throw new Error('the offline catalog should have this film')
    await page.goto(`/media/movie/${title.tmdbId}`)
    await page.getByRole('button', { name: 'Add to watchlist' }).click()
    await expect(page.getByRole('button', { name: 'On watchlist' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => serverWatchlist(page)).toEqual([title.title])
    for (const time of [1, 2]) {
      await page.getByRole('button', { name: time === 1 ? 'Mark watched' : /^Watched 1×/ }).click()
      const dialog = page.getByRole('dialog', { name: title.title })
      await dialog.locator('label', { hasText: new RegExp(`^${time + 2} stars$`) }).click()
      await dialog.getByRole('button', { name: 'Log it' }).click()
      await expect(page.getByRole('button', { name: new RegExp(`^Watched ${time}×`) })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: 'Add to watchlist' })).toBeVisible()
    await expect(page.getByText('You rated it').getByRole('img', { name: '4 stars' })).toBeVisible()
    // Both watches are on the page, the latest (4 stars) first.
    const yours = page.getByRole('region', { name: 'Your 2 watches' })
    await expect(yours.getByRole('listitem')).toHaveCount(2)
    await expect(yours.getByRole('listitem').first().getByRole('img', { name: '4 stars' })).toBeVisible()
    await expect(yours.getByRole('listitem').last().getByRole('img', { name: '3 stars' })).toBeVisible()

    // Removed from the keyboard, a watch hands the focus to the next one, the last to "Mark watched".
    await yours
      .getByRole('button', { name: /^Remove your entry for / })
      .first()
      .press('Enter')
    const left = page.getByRole('region', { name: 'Your watch' })
    await expect(left.getByRole('listitem')).toHaveCount(1)
    await expect(left.getByRole('button', { name: /^Edit your entry for / })).toBeFocused()
    await left.getByRole('button', { name: /^Remove your entry for / }).press('Enter')
    await expect(page.getByRole('button', { name: 'Mark watched' })).toBeFocused()
  })

  test('a title card toggles the watchlist', async ({ page }) => {
    await signUp(page)
    await page.goto('/search?q=godfather')
    const add = page.getByRole('button', { name: /^Add .* to watchlist$/ }).first()
    const name = (await add.getAttribute('aria-label'))?.replace(/^Add (.*) to watchlist$/, '$1') ?? ''
    await add.click()
    await expect(page.getByRole('button', { name: `Remove ${name} from watchlist`, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect.poll(() => serverWatchlist(page)).toEqual([name])
  })
})

test('the library screens, the rating dialog and the pick dialog pass axe (WCAG 2.2 AA) in both views', async ({
  page,
}) => {
  await signUp(page)
  const titles = await titlesFor(page, ['godfather', 'casablanca'])
  for (const title of titles.slice(0, 3)) await addByApi(page, title.tmdbId)
  const [watched] = titles.slice(3)
  if (!watched) throw new Error('the offline catalog should have these films')
  await page.request.post('/api/watched', {
    data: {
      tmdbId: watched.tmdbId,
      mediaType: 'movie',
      rating: 7,
      recommend: true,
      review: 'Good.',
      streamingService: 'Hulu',
    },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  const audit = async (where: string) => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
      [],
    )
  }
  for (const path of ['/watchlist', '/watchlist?view=list', '/watched', '/watched?view=grid']) {
    await page.goto(path)
    await expect(page.getByRole('article').first()).toBeVisible()
    await audit(path)
  }
  await page.goto('/watchlist')
  await page
    .getByRole('button', { name: /^Mark .* watched$/ })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await audit('rating dialog')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Pick one for me' }).click()
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible()
  await audit('pick dialog')
})

test('on a phone, each option of the Type filter keeps its word on one line, inside the control', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signUp(page)
  const [onWatchlist, watched] = await titlesFor(page, ['godfather'])
  if (!onWatchlist || !watched) throw new Error('the offline catalog should have the Godfather films')
  await addByApi(page, onWatchlist.tmdbId)
  const logged = await page.request.post('/api/watched', {
    data: { tmdbId: watched.tmdbId, mediaType: 'movie', rating: 7 },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  expect(logged.status(), await logged.text()).toBeLessThan(300)
  for (const path of ['/watchlist', '/watched']) {
    await page.goto(path)
    const type = page.getByRole('radiogroup', { name: 'Type', exact: true })
    await expect(type).toBeVisible()
    for (const option of ['All', 'Films', 'TV']) {
      const label = type.locator('label').filter({ has: page.getByRole('radio', { name: option, exact: true }) })
      expect(await textLines(label), `${option} on ${path}`).toBe(1)
      expect(await overflowsSideways(label), `${option} on ${path}`).toBe(false)
    }
    expect(await overflowsSideways(type), path).toBe(false)
    const box = await boxOf(type)
    expect(box.x + box.width, path).toBeLessThanOrEqual(390 - 16)
  }
})

test('the library screens’ headings go down one level at a time, on a desktop and on a phone', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page)
  const [onWatchlist, watched] = await titlesFor(page, ['godfather'])
  if (!onWatchlist || !watched) throw new Error('the offline catalog should have the Godfather films')
  await addByApi(page, onWatchlist.tmdbId)
  const logged = await page.request.post('/api/watched', {
    data: { tmdbId: watched.tmdbId, mediaType: 'movie', rating: 7, review: 'Good.' },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  expect(logged.status(), await logged.text()).toBeLessThan(300)
  // heading-order is one of axe's best practices, outside the WCAG tags the audit above runs.
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport)
    for (const path of ['/watchlist', '/watchlist?view=list', '/watched', '/watched?view=grid']) {
      await page.goto(path)
      await expect(page.getByRole('article').first()).toBeVisible()
      const { violations } = await new AxeBuilder({ page }).withRules(['heading-order']).analyze()
      const where = `${path} at ${viewport.width}px`
      expect
        .soft(violations.map((v) => `${where}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`))
        .toEqual([])
    }
  }
})

test.describe('screenshots', () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    test(`/watchlist and /watched at ${width}×${height}`, async ({ page }) => {
      mkdirSync(screenshots, { recursive: true })
      await page.setViewportSize({ width, height })
      await signUp(page)
      const titles = await titlesFor(page, ['godfather', 'casablanca', 'vertigo', 'alien'])
      for (const title of titles.slice(0, 8)) await addByApi(page, title.tmdbId)
      const token = await csrfToken(page)
      const reviews = [
        'A family saga that earns every minute.',
        'Still the best ending in the movies.',
        null,
        'Scarier than I remembered.',
      ]
      for (const [index, title] of titles.slice(8, 12).entries()) {
        await page.request.post('/api/watched', {
          data: {
            tmdbId: title.tmdbId,
            mediaType: 'movie',
            rating: [9, 10, 6, 7][index],
            recommend: index !== 2,
            review: reviews[index],
            streamingService: ['Netflix', 'HBO Max', null, 'Hulu'][index],
            watchedAt: new Date(Date.now() - (index + 1) * 86_400_000 * 3).toISOString(),
            isPrivate: index === 2,
          },
          headers: { 'CSRF-Token': token },
        })
      }
      await page.goto('/watchlist')
      await expect(page.locator('[data-title-key]').first()).toBeVisible()
      await page.screenshot({ path: `${screenshots}watchlist-${width}x${height}.png`, fullPage: false })
      await page.goto('/watchlist?view=list')
      await expect(page.locator('[data-title-key]').first()).toBeVisible()
      await page.screenshot({ path: `${screenshots}watchlist-list-${width}x${height}.png`, fullPage: false })
      await page.goto('/watched')
      await expect(page.getByRole('article').first()).toBeVisible()
      await page.screenshot({ path: `${screenshots}watched-${width}x${height}.png`, fullPage: false })
      await page.goto('/watchlist')
      await page
        .getByRole('button', { name: /^Mark .* watched$/ })
        .first()
        .click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.screenshot({ path: `${screenshots}rating-dialog-${width}x${height}.png`, fullPage: false })
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Pick one for me' }).click()
      await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toBeVisible()
      await page.screenshot({ path: `${screenshots}watchlist-pick-${width}x${height}.png`, fullPage: false })
    })
  }
})

test('"Show more" on /watched hands focus to the first entry it brought', async ({ page }) => {
  await signUp(page)
  const [film] = await titlesFor(page, ['godfather'])
  if (!film) throw new Error('the offline catalog should have The Godfather')
  const token = await csrfToken(page)
  // One page is 60 entries (watchedPageSize); rewatches are entries of their own.
  const day = 86_400_000
  for (let index = 0; index < 61; index++) {
    const answer = await page.request.post('/api/watched', {
      data: {
        tmdbId: film.tmdbId,
        mediaType: 'movie',
        watchedAt: new Date(Date.now() - (index + 1) * day).toISOString(),
      },
      headers: { 'CSRF-Token': token },
    })
    expect(answer.status(), await answer.text()).toBeLessThan(300)
  }
  await page.goto('/watched')
  const entries = page.getByRole('article')
  await expect(entries).toHaveCount(60)
  const showMore = page.getByRole('button', { name: 'Show more' })
  await showMore.focus()
  await page.keyboard.press('Enter')
  await expect(entries).toHaveCount(61)
  await expect(showMore).toHaveCount(0)
  await expect(entries.nth(60)).toBeFocused()
  expect(await entries.nth(60).evaluate((entry) => entry === document.activeElement)).toBe(true)
  // Reached by the keyboard, so the ring shows.
  expect(await entries.nth(60).evaluate((entry) => entry.matches(':focus-visible'))).toBe(true)
})

test('saving the log-a-watch dialog gives the keyboard focus back to the button that opened it', async ({ page }) => {
  await signUp(page)
  const [title] = await titlesFor(page, ['casablanca'])
  if (!title) throw new Error('the offline catalog should have this film')
  await page.goto(`/media/movie/${title.tmdbId}`)
  const opener = page.getByRole('button', { name: 'Mark watched' })
  await expect(opener).toBeEnabled()
  await opener.focus()
  await expect(opener).toBeFocused()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: title.title })
  await dialog.locator('label', { hasText: /^4 stars$/ }).click()
  await dialog.getByRole('button', { name: 'Log it' }).click()
  await expect(dialog).toBeHidden()
  // The same button, now counting the watch: a keyboard goes on from where it was.
  await expect(page.getByRole('button', { name: /^Watched 1×/ })).toBeFocused()

  // The new entry's buttons wait for the server's id (a disabled button takes no focus).
  const edit = page.getByRole('button', { name: `Edit your entry for ${title.title}` })
  await expect(edit).toBeEnabled()
  await edit.focus()
  await expect(edit).toBeFocused()
  await page.keyboard.press('Enter')
  await page.getByRole('dialog', { name: title.title }).getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeFocused()
})

test('a title that leaves the watchlist from the keyboard hands the focus to the title in its place, not to the page', async ({
  page,
}) => {
  await signUp(page)
  const [first, second, third] = await titlesFor(page, ['godfather', 'casablanca'])
  if (!first || !second || !third) throw new Error('the offline catalog should have these films')
  for (const title of [first, second, third]) await addByApi(page, title.tmdbId)
  await page.goto('/watchlist')

  // Logged watched (and so taken off) from its dialog: the dialog's opener left with the title.
  await page.getByRole('button', { name: `Mark ${first.title} watched`, exact: true }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: first.title })
  await dialog.getByRole('button', { name: 'Log it' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: `Mark ${second.title} watched`, exact: true })).toBeFocused()

  // Removed from its menu: the menu's button left with it.
  await page.getByRole('button', { name: `More actions for ${second.title}`, exact: true }).focus()
  await page.keyboard.press('Enter')
  await page.getByRole('menu').getByRole('menuitem', { name: 'Remove from watchlist' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: `More actions for ${third.title}`, exact: true })).toBeFocused()

  // Put back with the toast's Undo: the focus goes back to the title's menu, not to the emptied toasts.
  await page.getByRole('button', { name: 'Undo' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: `More actions for ${second.title}`, exact: true })).toBeFocused()

  // The diary's Remove, the same.
  const older = await page.request.post('/api/watched', {
    data: { tmdbId: third.tmdbId, mediaType: 'movie', watchedOn: '2026-01-01' },
    headers: { 'CSRF-Token': await csrfToken(page) },
  })
  expect(older.status()).toBe(201)
  await page.goto('/watched?view=list')
  const remove = page.getByRole('button', { name: entryButton('Remove', first.title) })
  await expect(remove).toBeEnabled()
  await remove.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: entryButton('Remove', third.title) })).toBeFocused()
})

/** Where the focused element is drawn, and what it is called (for a failure's message). */
const focusedBox = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLInputElement
    const { top, bottom, left } = focused.getBoundingClientRect()
    const label = focused.getAttribute('aria-label') ?? focused.labels?.[0]?.textContent
    return { name: (label ?? focused.textContent).trim(), top, bottom, left }
  })

for (const width of [1024, 1440]) {
  test(`at ${width} px the watchlist's controls take the Tab in the order they are read, not back up a row`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await signUp(page)
    const [first] = await titlesFor(page, ['godfather'])
    if (!first) throw new Error('the offline catalog should have this film')
    await addByApi(page, first.tmdbId)
    await page.goto('/watchlist')
    await expect(page.getByRole('combobox', { name: 'Add a title to your watchlist' })).toBeVisible()

    // From Export, beside the title, through the toolbar to the first title of the list.
    await page.getByRole('button', { name: 'Export' }).focus()
    const walk = [await focusedBox(page)]
    while (!(await page.evaluate(() => document.activeElement?.closest('[data-title-key]') != null))) {
      expect(walk.length, 'Tab reaches the list through the toolbar').toBeLessThan(12)
      await page.keyboard.press('Tab')
      walk.push(await focusedBox(page))
    }
    expect(walk.map((box) => box.name)).toContain('Add a title to your watchlist')
    for (const [before, after] of walk.slice(1).map((box, index) => [walk[index], box] as const)) {
      if (!before) continue
      // The next control is on a row below, or on the same row further right.
      const below = after.top >= before.bottom - 1
      const sameRowRight = after.top < before.bottom && after.bottom > before.top && after.left > before.left
      expect(below || sameRowRight, `${after.name} comes after ${before.name}`).toBe(true)
    }
  })
}

test('a diary entry removed while its answer is lost (the server did it) can still be put back with Undo', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signUp(page)
  const film = await catalogMovie(page.request, 'casablanca')
  await sendJson(page.request, '/api/watched', { tmdbId: film.tmdbId, mediaType: 'movie', rating: 8 })
  await page.goto('/watched')
  const entry = page.getByRole('article').filter({ hasText: film.title })
  await expect(entry).toBeVisible()
  // A bad connection: the server removes it, the phone never hears it (the app's own resend included).
  let lost = 0
  await page.route('**/api/watched/**', async (route) => {
    if (route.request().method() !== 'DELETE' || lost >= 2) return route.continue()
    lost += 1
    await route.fetch()
    await route.abort('connectionreset')
  })
  await entry.getByRole('button', { name: `Remove your entry for ${film.title}` }).click()
  await expect(entry).toHaveCount(0)
  // Its own toast says it waits, with the Undo: not "Can't reach Reelmates right now" in its place.
  await expect(page.getByRole('status').filter({ hasText: `Removed your entry for ${film.title}` })).toBeVisible()
  expect(lost).toBe(2)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(entry).toBeVisible()
  // Sent after the removal, once the server answers: the entry is back on the server too.
  await expect
    .poll(async () => ((await (await page.request.get('/api/watched')).json()) as { items: unknown[] }).items.length, {
      timeout: 30_000,
    })
    .toBe(1)
  await page.reload()
  await expect(entry).toBeVisible()
})
