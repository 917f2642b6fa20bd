import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { befriend, member } from './support/members'
import {
  adminAccount,
  latestMailTo,
  linkIn,
  registerByApi,
  screenshotsDir,
  signInByApi,
  toastWith,
  uniqueName,
  type Account,
} from './support/server'
import { newContext } from './support/contexts'
import { catalogMovie, sendJson } from './support/api'

/**
 * Recommendations end to end against the real server (issue 12): two friends in two browser contexts.
 * A recommends a title with a note from its page; B finds it on /recommendations, adds it to the
 * watchlist (which says who recommended it), later logs it watched 9/10; A's Sent tab shows it.
 */
mkdirSync(screenshotsDir, { recursive: true })
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const

async function shootBoth(page: Page, name: string, ready: () => Promise<void>) {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport)
    await ready()
    await page.screenshot({ path: join(screenshotsDir, `${name}-${viewport.width}x${viewport.height}.png`) })
  }
  await page.setViewportSize(viewports.desktop)
}

/** Ann and Bob, friends, each in a browser of their own, and a film of the offline catalog. */
async function friendsAndAFilm(browser: Browser, baseURL: string, query: string) {
  const a = await member(browser, baseURL, 'ann')
  const b = await member(browser, baseURL, 'bob')
  await befriend(a, b)
  return { a, b, title: await catalogMovie(a.page.request, query) }
}

test('A recommends a title with a note; B accepts it, finds it on the watchlist, rates it 4½ stars; A sees "Watched · 4½ stars"', async ({
  browser,
  baseURL,
}) => {
  // Two people, four screens at two sizes: long on a busy two-core machine.
  test.setTimeout(300_000)
  const a = await member(browser, baseURL ?? '', 'ann')
  const b = await member(browser, baseURL ?? '', 'bob')
  await befriend(a, b)
  const title = await catalogMovie(a.page.request, 'casablanca')
  const note = 'The ending gets me every time. Watch it on a rainy night.'

  // A: the Recommend dialog on the media page, with B picked and a note.
  await a.page.setViewportSize(viewports.desktop)
  await a.page.goto(`/media/movie/${title.tmdbId}`)
  await a.page.getByRole('button', { name: 'Recommend', exact: true }).click()
  const dialog = a.page.getByRole('dialog', { name: title.title })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('checkbox', { name: b.account.username }).check()
  await dialog.getByLabel('Note (optional)').fill(note)
  await expect(dialog.getByText(`${note.length} / 500`)).toBeVisible()
  await shootBoth(a.page, 'recommend-dialog', async () => {
    await expect(dialog).toBeVisible()
  })
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog).toBeHidden()
  await expect(toastWith(a.page, 'Recommendation sent').first()).toBeVisible()

  // B: it waits on /recommendations, with A's note; B adds it to the watchlist.
  await b.page.setViewportSize(viewports.desktop)
  await b.page.goto('/recommendations')
  const card = b.page.getByRole('article', { name: title.title })
  await expect(card).toContainText(a.account.username)
  await expect(card).toContainText(note)
  // Each line of a note takes its own direction (a Hebrew line above an English one).
  await expect(card.getByText(note)).toHaveCSS('unicode-bidi', 'plaintext')
  // For a screen reader: h1, the box's h2, then the cards as a list, each leading to the title once.
  await expect(b.page.getByRole('heading', { level: 2, name: 'Received' })).toBeAttached()
  await expect(b.page.getByRole('list', { name: 'Received' }).getByRole('listitem')).toHaveCount(1)
  await expect(card.getByRole('link', { name: title.title })).toHaveCount(1)
  await shootBoth(b.page, 'recommendations-received', async () => {
    await b.page.goto('/recommendations')
    await expect(b.page.getByRole('article', { name: title.title })).toBeVisible()
  })
  await card.getByRole('button', { name: 'Add to watchlist' }).click()
  await expect(card.getByText('On your watchlist')).toBeVisible()

  // B: the watchlist says who recommended it, and so does the title's page.
  await b.page.goto('/watchlist')
  await expect(b.page.getByText(`recommended by ${a.account.username}`)).toBeVisible()
  await b.page.goto(`/media/movie/${title.tmdbId}`)
  await expect(b.page.getByText(`Recommended by ${a.account.username}`)).toBeVisible()

  // B: later, logs it watched, four and a half stars (9 of the stored 1–10).
  await b.page.getByRole('button', { name: 'Mark watched' }).click()
  const rating = b.page.getByRole('dialog', { name: title.title })
  await rating.locator('input[type="radio"][value="9"]').check({ force: true })
  await expect(rating.getByText('4½ stars', { exact: true }).and(rating.locator('[aria-hidden="true"]'))).toBeVisible()
  await rating.getByRole('button', { name: 'Log it' }).click()
  await expect(rating).toBeHidden()

  // A: the Sent tab closes the loop.
  await a.page.goto('/recommendations?box=sent')
  const sent = a.page.getByRole('article', { name: title.title })
  await expect(sent).toContainText(`to ${b.account.username}`)
  await expect(sent.getByText('Watched · 4½ stars')).toBeVisible()
  await shootBoth(a.page, 'recommendations-sent', async () => {
    await a.page.goto('/recommendations?box=sent')
    await expect(a.page.getByText('Watched · 4½ stars')).toBeVisible()
  })

  // A's profile, seen by B: the hit rate and the best pick.
  await b.page.goto(`/profile/${a.account.username}`)
  await expect(b.page.getByText('100%')).toBeVisible()
  await expect(b.page.getByText(`${b.account.username} gave it 4½ stars`)).toBeVisible()

  await a.close()
  await b.close()
})

test('a newcomer invited by email finds, once signed up through the invitation on a phone, what was recommended to her address before', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const ann = await member(browser, baseURL!, 'ann')
  const cleo = `${uniqueName('cleo')}@example.com`
  const film = await catalogMovie(ann.page.request, 'matrix')
  await sendJson(ann.page.request, '/api/friendships', { email: cleo })
  await sendJson(ann.page.request, '/api/recommendations', {
    ...film,
    mediaType: 'movie',
    toEmail: cleo,
    note: 'Trust me',
  })

  const adminContext = await newContext(browser, { baseURL })
  const admin = await adminContext.newPage()
  await adminAccount(admin.request)
  const invitation = new URL(linkIn(await latestMailTo(admin.request, cleo, 'friend-invitation'), '/sign_up'))
  await adminContext.close()

  const phone = await newContext(browser, { baseURL, viewport: viewports.phone, hasTouch: true, isMobile: true })
  const page = await phone.newPage()
  await page.goto(invitation.pathname + invitation.search)
  await expect(page.getByText(`${ann.account.username} invited you to Reelmates`)).toBeVisible()
  await page.getByLabel('Username').fill(uniqueName('cleo'))
  await page.getByLabel('Password').fill('correct-horse-42')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/home$/)

  await page.goto('/recommendations')
  const card = page.getByRole('article', { name: film.title })
  await expect(card).toContainText(`from ${ann.account.username}`)
  await expect(card).toContainText('Trust me')
  await phone.close()
  await ann.close()
})

test('an empty /recommendations leads to friends and discovery', async ({ browser, baseURL }) => {
  const a = await member(browser, baseURL ?? '', 'lone')
  await a.page.goto('/recommendations')
  await expect(a.page.getByRole('heading', { name: 'No recommendations yet' })).toBeVisible()
  // Not from friends only: anyone may send one to the address (docs/recommendations.md, By email).
  await expect(a.page.getByText('and so do those sent to your email address')).toBeVisible()
  await expect(a.page.getByRole('link', { name: 'Find friends' })).toHaveAttribute('href', '/friends')
  await a.page.getByRole('link', { name: 'Sent' }).click()
  await expect(a.page.getByRole('heading', { name: "You haven't recommended anything yet" })).toBeVisible()
  await expect(a.page.getByRole('link', { name: 'Discover titles' })).toHaveAttribute('href', '/trending-movies')
  await a.close()
})

test('a long title fits on a phone, in both boxes', async ({ browser, baseURL }) => {
  const a = await member(browser, baseURL ?? '', 'ann')
  const b = await member(browser, baseURL ?? '', 'bob')
  await befriend(a, b)
  // One unbroken word of the title ("d'Amélie") is wider than a 390 px card's text column.
  const title = await catalogMovie(a.page.request, 'amélie')
  expect(title.title.length).toBeGreaterThan(30)
  await sendJson(a.page.request, '/api/recommendations', {
    tmdbId: title.tmdbId,
    mediaType: 'movie',
    toUsernames: [b.account.username],
  })
  for (const [who, box] of [
    [a, 'sent'],
    [b, 'received'],
  ] as const) {
    await who.page.setViewportSize(viewports.phone)
    await who.page.goto(`/recommendations?box=${box}`)
    await expect(who.page.getByRole('article', { name: title.title })).toBeVisible()
    expect(await who.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    )
  }
})

test('a long note is read in full by its recipient, and by its sender on the Sent tab, on a phone', async ({
  browser,
  baseURL,
}) => {
  const { a, b, title } = await friendsAndAFilm(browser, baseURL ?? '', 'Dune')
  // The dialog lets a note run to 500 characters; the card showed three lines of it, and no screen
  // showed the rest.
  const note = `${'The sound design alone is worth the biggest screen you can find. '.repeat(7)}Trust me.`
  expect(note.length).toBeLessThanOrEqual(500)
  await sendJson(a.page.request, '/api/recommendations', {
    tmdbId: title.tmdbId,
    mediaType: 'movie',
    toUsernames: [b.account.username],
    note,
  })
  await b.page.setViewportSize(viewports.phone)
  await b.page.goto('/recommendations')
  const shown = b.page.getByRole('article', { name: title.title }).getByText('Trust me.')
  await expect(shown).toBeVisible()
  expect(await shown.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1)
  // The Sent card cut the sender's own note at two lines.
  await a.page.setViewportSize(viewports.phone)
  await a.page.goto('/recommendations?box=sent')
  const sent = a.page.getByRole('article', { name: title.title }).getByText('Trust me.')
  await expect(sent).toBeVisible()
  expect(await sent.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(1)
})

test.describe('the Recommend dialog on a phone', () => {
  test.use({ viewport: viewports.phone, hasTouch: true, isMobile: true })

  test('takes focus itself rather than a field, so no keyboard opens over the friends', async ({ page }) => {
    await registerByApi(page.request, 'phone')
    const title = await catalogMovie(page.request, 'casablanca')
    await page.goto(`/media/movie/${title.tmdbId}`)
    await page.getByRole('button', { name: 'Recommend', exact: true }).tap()
    const dialog = page.getByRole('dialog', { name: title.title })
    await expect(dialog).toBeVisible()
    await expect(dialog).toBeFocused()
    await expect(dialog.getByRole('textbox', { name: 'Or to an email address' })).not.toBeFocused()
    // The sheet's way out is at its top, in reach without scrolling.
    await dialog.getByRole('button', { name: 'Close' }).tap()
    await expect(dialog).toHaveCount(0)
  })
})

test('the Recommend dialog on a desktop starts in its first field: the address, for someone with no friends to search', async ({
  page,
}) => {
  await registerByApi(page.request, 'desk')
  const title = await catalogMovie(page.request, 'casablanca')
  await page.goto(`/media/movie/${title.tmdbId}`)
  await page.getByRole('button', { name: 'Recommend', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: title.title })
  await expect(dialog.getByRole('textbox', { name: 'Or to an email address' })).toBeFocused()
  await expect(dialog.getByRole('searchbox', { name: 'Search friends' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Recommend', exact: true })).toBeFocused()
})

test('a double tap on Dismiss answers the card tapped, once, and the next card stays where it was', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'tapsender')
  const context = await newContext(browser, { baseURL, viewport: viewports.phone, hasTouch: true, isMobile: true })
  const page = await context.newPage()
  const b = { page, account: await registerByApi(page.request, 'taptapper'), close: () => context.close() }
  await befriend(a, b)
  for (const query of ['inception', 'casablanca']) {
    const title = await catalogMovie(a.page.request, query)
    await sendJson(a.page.request, '/api/recommendations', {
      ...title,
      mediaType: 'movie',
      toUsernames: [b.account.username],
    })
  }

  await page.goto('/recommendations?box=received')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(2)
  const [first, second] = [await cards.nth(0).getAttribute('aria-label'), await cards.nth(1).getAttribute('aria-label')]
  const answers: string[] = []
  page.on('request', (request) => {
    if (/\/api\/recommendations\/[^/]+\/\w+$/.test(new URL(request.url()).pathname)) answers.push(request.url())
  })
  const box = await cards.nth(0).getByRole('button', { name: 'Dismiss' }).boundingBox()
  if (!box) throw new Error('the first card should show Dismiss')
  // One finger, the same spot, twice: whatever is under it the second time.
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
  await page.waitForTimeout(250)
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)

  await expect(page.getByRole('article', { name: first ?? '' })).toContainText('Dismissed')
  await page.waitForTimeout(1000)
  expect(answers).toHaveLength(1)
  expect(new URL(answers[0] ?? '').pathname).toMatch(/\/dismiss$/)
  await expect(page.getByRole('article', { name: second ?? '' }).getByRole('button', { name: 'Dismiss' })).toBeVisible()
  await expect(cards.nth(0)).toHaveAttribute('aria-label', first ?? '')
  await context.close()
})

test('accepting from the keyboard leaves the focus on the card’s new state, not on the page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'keysender')
  const b = await member(browser, baseURL ?? '', 'keyreader')
  await befriend(a, b)
  const title = await catalogMovie(a.page.request, 'casablanca')
  await sendJson(a.page.request, '/api/recommendations', {
    ...title,
    mediaType: 'movie',
    toUsernames: [b.account.username],
  })

  await b.page.goto('/recommendations?box=received')
  const card = b.page.getByRole('article', { name: title.title })
  await card.getByRole('button', { name: 'Add to watchlist' }).focus()
  await b.page.keyboard.press('Enter')
  // The buttons become the words: a keyboard or screen-reader user lands on them, and hears them.
  await expect(card.getByText('On your watchlist')).toBeFocused()
  // Still there once the server has answered and the box is fetched again.
  await expect(toastWith(b.page, 'Added to your watchlist').first()).toBeVisible()
  await b.page.waitForLoadState('networkidle')
  await expect(card.getByText('On your watchlist')).toBeFocused()
  await a.close()
  await b.close()
})

test('a send refused because the friend has just unfriended me says why in the dialog, above the modal layer, and keeps the note', async ({
  browser,
  baseURL,
}) => {
  const { a, b, title } = await friendsAndAFilm(browser, baseURL ?? '', 'memento')
  await a.page.setViewportSize(viewports.phone)
  await a.page.goto(`/media/movie/${title.tmdbId}`)
  await a.page.getByRole('button', { name: 'Recommend', exact: true }).click()
  const dialog = a.page.getByRole('dialog', { name: title.title })
  await dialog.getByRole('checkbox', { name: b.account.username }).check()
  const note = dialog.getByLabel('Note (optional)')
  await note.fill('Backwards and brilliant.')

  // B unfriends A while A writes.
  const { friends } = (await (await b.page.request.get('/api/friendships')).json()) as { friends: { id: string }[] }
  await sendJson(b.page.request, `/api/friendships/${friends[0]?.id}`, undefined, 'DELETE')

  await dialog.getByRole('button', { name: 'Send' }).click()
  const refusal = dialog.getByRole('alert')
  await expect(refusal).toHaveText(
    `Not sent. You can only recommend titles to friends, and ${b.account.username} is not your friend.`,
  )
  // What the dialog says is what the person sees: nothing of the modal page lies over it.
  const box = await refusal.boundingBox()
  expect(box).not.toBeNull()
  const onTop = await a.page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role=alert]') !== null, {
    x: (box?.x ?? 0) + 4,
    y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
  })
  expect(onTop).toBe(true)
  await expect(note).toHaveValue('Backwards and brilliant.')
  await expect(dialog.getByRole('checkbox', { name: b.account.username })).toBeChecked()
  await a.close()
  await b.close()
})

test('a recommendation in the bell opens its own card, focused, not the top of the list', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'bellsender')
  const b = await member(browser, baseURL ?? '', 'bellreader')
  await befriend(a, b)
  const [first, second] = [await catalogMovie(a.page.request, 'heat'), await catalogMovie(a.page.request, 'alien')]
  for (const title of [first, second])
    await sendJson(a.page.request, '/api/recommendations', {
      ...title,
      mediaType: 'movie',
      toUsernames: [b.account.username],
    })

  await b.page.goto('/home')
  await b.page.getByRole('button', { name: /^Notifications/ }).click()
  const bell = b.page.getByRole('dialog', { name: 'Notifications' })
  await bell.getByRole('link', { name: new RegExp(`recommended ${first.title} to you`) }).click()
  await expect(b.page).toHaveURL(/\/recommendations(\?box=received)?#rec-/)
  await expect(b.page.getByRole('article', { name: first.title })).toBeFocused()
  await a.close()
  await b.close()
})

test('the list’s placeholder is the shape of the card that replaces it, on a phone', async ({ browser, baseURL }) => {
  const a = await member(browser, baseURL ?? '', 'ann')
  const b = await member(browser, baseURL ?? '', 'bob')
  await befriend(a, b)
  const title = await catalogMovie(a.page.request, 'casablanca')
  await sendJson(a.page.request, '/api/recommendations', {
    tmdbId: title.tmdbId,
    mediaType: 'movie',
    toUsernames: [b.account.username],
  })
  await b.page.setViewportSize(viewports.phone)
  // The list comes late, as on a slow phone's network.
  await b.page.route(
    (url) => url.pathname === '/api/recommendations',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await route.continue()
    },
  )
  await b.page.goto('/recommendations?box=received')
  const placeholder = b.page.locator('main div.grid[aria-hidden="true"] > *').first()
  await expect(placeholder).toBeVisible()
  const held = await placeholder.boundingBox()
  const card = b.page.getByRole('article', { name: title.title })
  await expect(card).toBeVisible({ timeout: 10_000 })
  const shown = await card.boundingBox()
  if (!held || !shown) throw new Error('the placeholder and the card should both have been on the screen')
  // Where the card is, as wide, and near its height: one card a row, a poster at its side.
  expect(Math.abs(held.x - shown.x)).toBeLessThanOrEqual(1)
  expect(Math.abs(held.width - shown.width)).toBeLessThanOrEqual(1)
  expect(Math.abs(held.height - shown.height)).toBeLessThanOrEqual(24)
  await a.close()
  await b.close()
})

/**
 * Bob recommends a film to an address of Dave's that his account does not have: the mail's link opens
 * the sign-up page. Answers Bob, Dave's account (made in a browser since closed), the film and the link.
 */
async function recommendedToAnotherAddress(browser: Browser, baseURL: string) {
  const bob = await member(browser, baseURL, 'bob')
  const daveContext = await newContext(browser, { baseURL })
  const dave = await registerByApi((await daveContext.newPage()).request, 'dave')
  await daveContext.close()
  const daveAlt = `${uniqueName('dave.alt')}@example.com`
  const film = await catalogMovie(bob.page.request, 'matrix')
  await sendJson(bob.page.request, '/api/recommendations', { ...film, mediaType: 'movie', toEmail: daveAlt })

  const adminContext = await newContext(browser, { baseURL })
  const admin = await adminContext.newPage()
  await adminAccount(admin.request)
  const link = new URL(linkIn(await latestMailTo(admin.request, daveAlt, 'recommendation-invitation'), '/sign_up'))
  await adminContext.close()
  return { bob, dave, film, link: link.pathname + link.search }
}

/** The received box shows the film's card, from its sender. */
const expectReceived = (page: Page, title: string, from: string) =>
  expect(page.getByRole('article', { name: title })).toContainText(`from ${from}`)

/** A browser of its own where `account` is signed in (a member who opens a mailed link there). */
async function signedInAs(browser: Browser, baseURL: string, account: Account) {
  const context = await newContext(browser, { baseURL })
  const page = await context.newPage()
  await signInByApi(page.request, account)
  return { context, page }
}

test('a member who signs in from a recommendation mail’s sign-up page finds the recommendation in the received box', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { bob, dave, film, link } = await recommendedToAnotherAddress(browser, baseURL!)
  const context = await newContext(browser, { baseURL })
  const page = await context.newPage()
  await page.goto(link)
  await expect(page.getByText(`${bob.account.username} recommended ${film.title} to you`)).toBeVisible()
  await page.getByRole('link', { name: 'Sign in', exact: true }).click()

  await expect(page).toHaveURL(/\/sign_in\?/)
  await expect(
    page.getByText(`${bob.account.username} recommended ${film.title} to you. Sign in to see it.`),
  ).toBeVisible()
  await page.getByLabel('Username').fill(dave.username)
  await page.getByLabel('Password').fill(dave.password)
  await page.getByRole('button', { name: 'Sign In' }).click()

  await expect(page).toHaveURL(/\/recommendations\?box=received$/)
  await expectReceived(page, film.title, bob.account.username)
  await context.close()
  await bob.close()
})

/** The question asked of a member signed in who opens a recommendation mailed to another address. */
const addItQuestion = (page: Page, username: string) =>
  page.getByRole('dialog', { name: `Add it to your recommendations as ${username}?` })

test('a member signed in already who opens a recommendation mailed to another address is asked first: Not now takes nothing, Add it takes it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { bob, dave, film, link } = await recommendedToAnotherAddress(browser, baseURL!)
  const { context, page } = await signedInAs(browser, baseURL!, dave)
  await page.goto(link)

  // The mail went to an address this account does not have (forwarded, a shared computer): ask, masked.
  const question = addItQuestion(page, dave.username)
  await expect(question).toContainText(`${bob.account.username} recommended ${film.title} to d•••@example.com.`)
  await expect(page).toHaveURL(/\/recommendations\?box=received$/)
  await question.getByRole('button', { name: 'Not now' }).click()
  await expect(question).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'No recommendations yet' })).toBeVisible()
  // Asked on arrival, by no control of the page: the keyboard goes on from the screen's heading.
  await expect(page.locator('main h1')).toBeFocused()
  await expect(toastWith(page, 'Recommendation received')).toHaveCount(0)

  await page.goto(link)
  await addItQuestion(page, dave.username).getByRole('button', { name: 'Add it' }).click()
  await expect(toastWith(page, 'Recommendation received')).toBeVisible()
  await expectReceived(page, film.title, bob.account.username)

  // A reload, or the link opened again, neither loses it nor asks again nor says it was refused.
  await page.goto(link)
  await expectReceived(page, film.title, bob.account.username)
  await expect(toastWith(page, 'Recommendation received').first()).toBeVisible()
  await expect(addItQuestion(page, dave.username)).toHaveCount(0)
  await expect(toastWith(page, "Couldn't add the recommendation")).toHaveCount(0)
  await context.close()
  await bob.close()
})

test('the sender’s friend who opens a recommendation mailed to another address is asked without the promise of a friend request, and stays friends', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { bob, dave, film, link } = await recommendedToAnotherAddress(browser, baseURL!)
  const { context, page } = await signedInAs(browser, baseURL!, dave)
  await befriend(bob, { page, account: dave, close: () => context.close() })
  await page.goto(link)

  const question = addItQuestion(page, dave.username)
  await expect(question).toContainText(`${bob.account.username} recommended ${film.title} to d•••@example.com.`)
  await expect(question).not.toContainText('friend request')
  await question.getByRole('button', { name: 'Add it' }).click()
  await expect(toastWith(page, 'Recommendation received')).toBeVisible()
  await expectReceived(page, film.title, bob.account.username)
  await expect(toastWith(page, "Couldn't add the recommendation")).toHaveCount(0)
  // Taking it asked nothing of their friendship: still friends, no request either way.
  await expect
    .poll(async () => {
      const answer = (await (await page.request.get('/api/friendships')).json()) as Record<
        'friends' | 'incoming' | 'outgoing',
        { user: { username: string } }[]
      >
      return [answer.friends, answer.incoming, answer.outgoing].map((list) => list.map((item) => item.user.username))
    })
    .toEqual([[bob.account.username], [], []])
  await context.close()
  await bob.close()
})

test('a member signed in under the address a recommendation was mailed to takes it without a question', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { bob, dave, film, link } = await recommendedToAnotherAddress(browser, baseURL!)
  const { context, page } = await signedInAs(browser, baseURL!, dave)
  const mailedTo = new URLSearchParams(link.split('?')[1]).get('email')
  await sendJson(page.request, '/api/user/profile', { email: mailedTo, currentPassword: dave.password }, 'PUT')
  await page.goto(link)

  await expectReceived(page, film.title, bob.account.username)
  await expect(toastWith(page, 'Recommendation received')).toBeVisible()
  await expect(addItQuestion(page, dave.username)).toHaveCount(0)
  await context.close()
  await bob.close()
})

test('the sender who opens their own recommendation’s mailed link is told it is theirs, and takes nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { bob, film, link } = await recommendedToAnotherAddress(browser, baseURL!)
  await bob.page.goto(link)

  const own = toastWith(bob.page, 'Your own recommendation')
  await expect(own).toContainText(
    `This is the recommendation of ${film.title} you sent to d•••@example.com; it waits for them to join.`,
  )
  await expect(toastWith(bob.page, "Couldn't add the recommendation")).toHaveCount(0)
  await own.getByRole('button', { name: 'Sent box' }).click()
  await expect(bob.page).toHaveURL(/\/recommendations\?box=sent$/)
  await expect(bob.page.getByRole('article', { name: film.title })).toContainText('Waiting for an answer')
  await bob.page.goto('/recommendations?box=received')
  await expect(bob.page.getByRole('heading', { name: 'No recommendations yet' })).toBeVisible()
  await bob.close()
})

test('once the two are no longer friends, their recommendation card is read-only to both, and its recipient can still delete what its sender said', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { a, b, title } = await friendsAndAFilm(browser, baseURL ?? '', 'heat')
  const sent = await sendJson(a.page.request, '/api/recommendations', {
    tmdbId: title.tmdbId,
    mediaType: 'movie',
    toUsernames: [b.account.username],
  })
  const cardId = `recommendation:${(sent.recommendations as { id: string }[])[0]?.id}`
  const onCard = `/api/activities/${encodeURIComponent(cardId)}/comments`
  await sendJson(a.page.request, onCard, { content: 'You will love the diner scene.' })
  await sendJson(b.page.request, onCard, { content: 'Will watch it tonight.' })
  const { friends } = (await (await b.page.request.get('/api/friendships')).json()) as { friends: { id: string }[] }
  await sendJson(b.page.request, `/api/friendships/${friends[0]?.id}`, undefined, 'DELETE')

  for (const [who, other] of [
    [a, b],
    [b, a],
  ] as const) {
    await who.page.goto(`/activity/${encodeURIComponent(cardId)}`)
    const comments = who.page.getByRole('region', { name: 'Comments' })
    await expect(comments.getByText('Will watch it tonight.')).toBeVisible()
    await expect(
      who.page.getByText(
        `You and ${other.account.username} aren't friends now, so this card takes no new comments or reactions.`,
      ),
    ).toBeVisible()
    await expect(who.page.getByRole('textbox', { name: 'Write a comment' })).toHaveCount(0)
    await expect(who.page.getByRole('button', { name: /^React to / })).toHaveCount(0)
    await expect(who.page.getByRole('button', { name: 'Edit your comment' })).toHaveCount(0)
  }

  // The card is the two members' own: its recipient removes what its sender said on it.
  const said = b.page.getByText('You will love the diner scene.')
  await b.page.getByRole('button', { name: `Delete ${a.account.username}'s comment` }).click()
  await b.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(said).toHaveCount(0)
  await a.page.reload()
  await expect(a.page.getByText('Will watch it tonight.')).toBeVisible()
  await expect(a.page.getByText('You will love the diner scene.')).toHaveCount(0)
  await a.close()
  await b.close()
})
