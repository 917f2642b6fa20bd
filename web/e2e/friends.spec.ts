import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { friendshipMessages } from '@reelmates/contracts/friendships'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { befriend, member } from './support/members'
import {
  adminAccount,
  csrfToken,
  latestMailTo,
  linkIn,
  password,
  registerByApi,
  screenshotsDir,
  signOutByApi,
  toastWith,
  uniqueName,
} from './support/server'
import { newContext } from './support/contexts'

/**
 * Friends end to end against the real server (issue 10): two people in two browser contexts find,
 * ask and accept each other; an invitation mail leads a new person through sign-up to a friendship;
 * the accept-friend screen's texts of spec §8 with real friend-request tokens.
 */
mkdirSync(screenshotsDir, { recursive: true })
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const

async function send(request: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown) {
  const answer = await request.fetch(path, { method, data, headers: { 'CSRF-Token': await csrfToken(request) } })
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300)
  return (await answer.json()) as { position?: string }
}

/** Types `typed` (the whole name unless said) into /friends' search; answers the row of `username` found. */
async function findPerson(page: Page, username: string, typed = username) {
  await page.getByRole('searchbox', { name: 'Username' }).fill(typed)
  return page.getByRole('list', { name: 'People found' }).getByRole('listitem').filter({ hasText: username })
}

/** Movies of the offline catalog, found the way the search box finds them. */
async function movies(request: APIRequestContext, queries: string[]): Promise<{ tmdbId: number; title: string }[]> {
  const found = new Map<number, { tmdbId: number; title: string }>()
  for (const query of queries) {
    const answer = await request.get(`/api/tmdb/autocomplete?query=${encodeURIComponent(query)}`)
    const { results } = (await answer.json()) as {
      results: { id: number; media_type: string; title?: string; name?: string }[]
    }
    for (const result of results)
      if (result.media_type === 'movie')
        found.set(result.id, { tmdbId: result.id, title: result.title ?? result.name ?? '' })
  }
  return [...found.values()]
}

/** A reader of the mail outbox: an admin in a context of its own. */
async function mailReader(browser: Browser, baseURL: string) {
  const context = await newContext(browser, { baseURL })
  const page = await context.newPage()
  await adminAccount(page.request)
  return {
    link: async (to: string, category: string, path: string) =>
      linkIn(await latestMailTo(page.request, to, category), path),
    close: () => context.close(),
  }
}

async function shoot(page: Page, name: string, path: string, ready: (page: Page) => Promise<void>) {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport)
    await page.goto(path)
    await ready(page)
    await page.screenshot({ path: join(screenshotsDir, `${name}-${viewport.width}x${viewport.height}.png`) })
  }
  await page.setViewportSize(viewports.desktop)
}

const friendsList = (page: Page) => page.getByRole('region', { name: /Your friends/ })

test('A finds B by username and asks; B accepts; each sees the other on /friends and on their profile', async ({
  browser,
  baseURL,
}) => {
  // Two people, three titles, three screens at two sizes: long on a busy two-core machine.
  test.setTimeout(300_000)
  const a = await member(browser, baseURL ?? '', 'ana')
  const b = await member(browser, baseURL ?? '', 'ben')
  const [seen, saved, secret] = await movies(b.page.request, ['casablanca', 'godfather'])
  if (!seen || !saved || !secret) throw new Error('the offline catalog should have these films')
  await send(b.page.request, 'PUT', '/api/user/profile', {
    bio: 'Noir at night, musicals on Sundays.',
    location: 'Lisbon',
  })
  await send(b.page.request, 'POST', '/api/watched', {
    tmdbId: seen.tmdbId,
    mediaType: 'movie',
    rating: 9,
    recommend: true,
    review: 'Still the best goodbye at an airport.',
    containsSpoilers: true,
  })
  await send(b.page.request, 'POST', '/api/watched', {
    tmdbId: secret.tmdbId,
    mediaType: 'movie',
    rating: 2,
    review: 'A guilty secret.',
    isPrivate: true,
  })
  await send(b.page.request, 'POST', '/api/watchlist', { tmdbId: saved.tmdbId, mediaType: 'movie' })

  // A finds B by the start of the username and asks.
  await a.page.goto('/friends')
  await expect(a.page.getByRole('heading', { name: 'Movies are better with friends' })).toBeVisible()
  const found = await findPerson(a.page, b.account.username, b.account.username.slice(0, -2))
  await found.getByRole('button', { name: `Add friend ${b.account.username}` }).click()
  await expect(toastWith(a.page, 'Friend request sent')).toBeVisible()
  await expect(found.getByText('Requested')).toBeVisible()
  const waiting = a.page.getByRole('region', { name: /Waiting for an answer/ })
  await expect(waiting.getByRole('link', { name: b.account.username })).toBeVisible()

  // B sees the request and accepts it.
  await b.page.goto('/friends')
  const requests = b.page.getByRole('region', { name: /Friend requests/ })
  await expect(requests.getByRole('link', { name: a.account.username })).toBeVisible()
  await requests.getByRole('button', { name: `Accept ${a.account.username}'s friend request` }).click()
  await expect(toastWith(b.page, `You and ${a.account.username} are now friends.`)).toBeVisible()
  await expect(requests).toHaveCount(0)
  await expect(friendsList(b.page).getByRole('link', { name: a.account.username })).toBeVisible()
  // A's page, left open all along, catches up on its own (friendsRefetchMs).
  await expect(friendsList(a.page).getByRole('link', { name: b.account.username })).toBeVisible({ timeout: 15_000 })
  await expect(waiting.getByRole('link', { name: b.account.username })).toHaveCount(0)

  // Both see each other on /friends and on each other's profile.
  await a.page.goto('/friends')
  await expect(friendsList(a.page).getByRole('link', { name: b.account.username })).toBeVisible()
  await expect(waiting.getByRole('link', { name: b.account.username })).toHaveCount(0)
  await expect(friendsList(a.page).getByRole('link', { name: seen.title })).toBeVisible()
  await a.page.goto(`/profile/${b.account.username}`)
  await expect(a.page.getByRole('heading', { level: 1, name: b.account.username })).toBeVisible()
  await expect(a.page.getByRole('main').getByText('Friends', { exact: true })).toBeVisible()
  await expect(a.page.getByText('Noir at night, musicals on Sundays.')).toBeVisible()
  // A review its writer marked as containing spoilers stays covered until asked for, as in the feed.
  await expect(a.page.getByText('Still the best goodbye at an airport.')).toHaveCount(0)
  await a.page.getByRole('main').getByRole('button', { name: 'Show review (may contain spoilers)' }).click()
  await expect(a.page.getByText('Still the best goodbye at an airport.')).toBeVisible()
  await expect(a.page.getByRole('img', { name: '4½ stars' })).toBeVisible()
  await expect(a.page.getByRole('main')).not.toContainText('A guilty secret.')
  await expect(a.page.getByRole('main')).not.toContainText(secret.title)
  // The favourite genres the API counted from B's public watches (inject-tested) are on the screen.
  const { favouriteGenres } = (await (await a.page.request.get(`/api/users/${b.account.username}`)).json()) as {
    favouriteGenres: { name: string }[]
  }
  expect(favouriteGenres.length).toBeGreaterThan(0)
  await expect(a.page.getByRole('list', { name: 'Favourite genres' }).getByRole('listitem')).toHaveText(
    favouriteGenres.map((genre) => genre.name),
  )
  await b.page.goto(`/profile/${a.account.username}`)
  await expect(b.page.getByRole('button', { name: `Unfriend ${a.account.username}` })).toBeVisible()

  // A title page says which friends watched it, and how many keep one on their watchlist.
  await a.page.goto(`/media/movie/${seen.tmdbId}`)
  const watchedBy = a.page.getByRole('region', { name: 'Friends who watched this' })
  await expect(watchedBy.getByRole('link', { name: b.account.username })).toBeVisible()
  await expect(watchedBy).not.toContainText('Still the best goodbye at an airport.')
  await watchedBy.getByRole('button', { name: 'Show review (may contain spoilers)' }).click()
  await expect(watchedBy).toContainText('Still the best goodbye at an airport.')
  await a.page.goto(`/media/movie/${saved.tmdbId}`)
  await expect(a.page.getByText("On 1 friend's watchlist")).toBeVisible()
  await a.page.goto(`/media/movie/${secret.tmdbId}`)
  await expect(a.page.getByRole('heading', { name: 'Where to watch' })).toBeVisible()
  await expect(a.page.getByRole('region', { name: /Friends/ })).toHaveCount(0)

  // The screenshot shows every part of /friends: a request to answer and an invitation waiting too.
  const c = await member(browser, baseURL ?? '', 'cleo')
  await send(c.page.request, 'POST', '/api/friendships', { username: a.account.username })
  await send(a.page.request, 'POST', '/api/friendships', { email: `${uniqueName('sam')}@example.com` })
  await shoot(a.page, 'friends', '/friends', (page) =>
    expect(friendsList(page).getByRole('link', { name: b.account.username })).toBeVisible(),
  )
  await shoot(a.page, 'profile', `/profile/${b.account.username}`, (page) =>
    expect(page.getByRole('button', { name: 'Show review (may contain spoilers)' })).toBeVisible(),
  )
  await shoot(a.page, 'media-friends', `/media/movie/${seen.tmdbId}`, (page) =>
    expect(page.getByRole('region', { name: 'Friends who watched this' })).toBeVisible(),
  )

  // Unfriending asks first, then both lists forget the other.
  await a.page.goto('/friends')
  await friendsList(a.page)
    .getByRole('button', { name: `Unfriend ${b.account.username}` })
    .click()
  await a.page
    .getByRole('dialog', { name: `Unfriend ${b.account.username}?` })
    .getByRole('button', { name: 'Unfriend' })
    .click()
  await expect(toastWith(a.page, `You and ${b.account.username} are no longer friends.`)).toBeVisible()
  await expect(friendsList(a.page).getByRole('link', { name: b.account.username })).toHaveCount(0)
  await b.page.goto(`/profile/${a.account.username}`)
  await expect(b.page.getByRole('button', { name: `Add friend ${a.account.username}` })).toBeVisible()

  await a.close()
  await b.close()
  await c.close()
})

test('unfriending from the keyboard hands the focus to the next friend, then to the list when nobody is left, and on a profile to "Unfriended"', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const a = await member(browser, baseURL ?? '', 'keyhost')
  const others = [await member(browser, baseURL ?? '', 'keyone'), await member(browser, baseURL ?? '', 'keytwo')]
  for (const other of others) {
    const asked = (await send(a.page.request, 'POST', '/api/friendships', { username: other.account.username })) as {
      friendship: { id: string }
    }
    await send(other.page.request, 'POST', `/api/friendships/${asked.friendship.id}/accept`, undefined)
  }

  await a.page.goto('/friends')
  const rows = friendsList(a.page).getByRole('listitem')
  await expect(rows).toHaveCount(2)
  const [first, second] = [
    await rows.nth(0).getByRole('link').first().textContent(),
    await rows.nth(1).getByRole('link').first().textContent(),
  ]
  /** Unfriend, then the dialog's Unfriend, from the keyboard: the dialog opens on Cancel. */
  const unfriendFocused = async (username: string | null) => {
    await a.page.keyboard.press('Enter')
    const ask = a.page.getByRole('dialog', { name: `Unfriend ${username}?` })
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await a.page.keyboard.press('Tab')
    await a.page.keyboard.press('Enter')
    await expect(ask).toBeHidden()
  }

  await rows
    .nth(0)
    .getByRole('button', { name: `Unfriend ${first}` })
    .focus()
  await unfriendFocused(first)
  await expect(rows).toHaveCount(1)
  await expect(friendsList(a.page).getByRole('button', { name: `Unfriend ${second}` })).toBeFocused()

  await unfriendFocused(second)
  await expect(a.page.getByRole('heading', { name: 'Movies are better with friends' })).toBeVisible()
  await expect(a.page.getByRole('heading', { name: 'Your friends' })).toBeFocused()

  // On a profile the button changes in place: the focus goes to the word that says it was done, not to
  // the "Add friend" beside it, which a second Enter would press.
  const friendAgain = others.find((other) => other.account.username === second)
  if (!friendAgain) throw new Error('the second row should be one of the others')
  const asked = (await send(a.page.request, 'POST', '/api/friendships', { username: second })) as {
    friendship: { id: string }
  }
  await send(friendAgain.page.request, 'POST', `/api/friendships/${asked.friendship.id}/accept`, undefined)
  await expect
    .poll(
      async () =>
        ((await (await a.page.request.get(`/api/users/${second}`)).json()) as { friendship: string }).friendship,
    )
    .toBe('friends')
  await a.page.goto(`/profile/${second}`)
  await a.page
    .getByRole('main')
    .getByRole('button', { name: `Unfriend ${second}` })
    .focus()
  await unfriendFocused(second)
  const profile = a.page.getByRole('main')
  await expect(profile.getByRole('button', { name: `Add friend ${second}` })).toBeVisible()
  await expect(profile.getByText('Unfriended')).toBeFocused()
  await a.close()
  for (const other of others) await other.close()
})

test('"Add friend" from the keyboard leaves the focus on "Requested", so a second Enter does not take the request back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'asker')
  const b = await member(browser, baseURL ?? '', 'asked')
  await a.page.goto('/friends')
  const found = await findPerson(a.page, b.account.username)
  await found.getByRole('button', { name: `Add friend ${b.account.username}` }).focus()
  await a.page.keyboard.press('Enter')
  await expect(toastWith(a.page, 'Friend request sent')).toBeVisible()
  await expect(found.getByText('Requested')).toBeFocused()

  await a.page.keyboard.press('Enter')
  const waiting = a.page.getByRole('region', { name: /Waiting for an answer/ })
  await expect(waiting.getByRole('link', { name: b.account.username })).toBeVisible()
  await expect(found.getByText('Requested')).toBeFocused()
  await expect(toastWith(a.page, 'Request cancelled')).toHaveCount(0)
  await a.close()
  await b.close()
})

test('a held Enter on Cancel takes the request back once, and leaves the focus on "Cancelled", not on the "Add friend" that replaces it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'holder')
  const b = await member(browser, baseURL ?? '', 'held')
  await send(a.page.request, 'POST', '/api/friendships', { username: b.account.username })
  await a.page.goto('/friends')
  const found = await findPerson(a.page, b.account.username)
  await found.getByRole('button', { name: `Cancel your friend request to ${b.account.username}` }).focus()
  await a.page.keyboard.down('Enter')
  await expect(found.getByRole('button', { name: `Add friend ${b.account.username}` })).toBeVisible()
  const cancelled = found.getByText('Cancelled')
  await expect(cancelled).toBeFocused()

  // The key is still down: the browser repeats it on what now has the focus.
  const asked = a.page
    .waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/friendships',
      {
        timeout: 2000,
      },
    )
    .then(
      () => true,
      () => false,
    )
  await a.page.keyboard.down('Enter')
  await a.page.keyboard.down('Enter')
  await a.page.keyboard.up('Enter')
  expect(await asked).toBe(false)
  await expect(cancelled).toBeFocused()
  await a.close()
  await b.close()
})

test('a second Enter after declining someone found by name sends them no request: the focus is on "Declined"', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'decider')
  const b = await member(browser, baseURL ?? '', 'hopeful')
  await send(b.page.request, 'POST', '/api/friendships', { username: a.account.username })
  await a.page.goto('/friends')
  const found = await findPerson(a.page, b.account.username)
  await found.getByRole('button', { name: `Decline ${b.account.username}'s friend request` }).focus()
  await a.page.keyboard.press('Enter')
  await expect(found.getByRole('button', { name: `Add friend ${b.account.username}` })).toBeVisible()
  await expect(found.getByText('Declined')).toBeFocused()

  const asked = a.page
    .waitForRequest(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/friendships',
      { timeout: 2000 },
    )
    .then(
      () => true,
      () => false,
    )
  await a.page.keyboard.press('Enter')
  expect(await asked).toBe(false)
  await expect(found.getByText('Declined')).toBeFocused()
  await a.close()
  await b.close()
})

test('on /friends the keyboard goes in the order of the screen: the requests to answer right after finding people', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'taborder')
  const c = await member(browser, baseURL ?? '', 'tabasker')
  await send(c.page.request, 'POST', '/api/friendships', { username: a.account.username })
  await send(a.page.request, 'POST', '/api/friendships', { email: `${uniqueName('tabsam')}@example.com` })
  /** The section (by its heading) of each control Tab reaches from the search box on, in turn, once each. */
  const sectionsInTabOrder = async (page: Page) => {
    await page.getByRole('searchbox', { name: 'Username' }).focus()
    const sections: string[] = []
    for (let step = 0; step < 30 && sections.at(-1) !== 'Waiting for an answer'; step += 1) {
      const section = await page.evaluate(() => {
        const region = document.activeElement?.closest('section[aria-labelledby]')
        const heading = document.getElementById(region?.getAttribute('aria-labelledby') ?? '')
        return heading?.firstChild?.textContent?.trim() ?? ''
      })
      if (section !== sections.at(-1)) sections.push(section)
      await page.keyboard.press('Tab')
    }
    return sections
  }
  const box = async (page: Page, name: RegExp) => {
    const found = await page.getByRole('region', { name }).boundingBox()
    if (!found) throw new Error(`${name.source} is not on screen`)
    return found
  }

  for (const viewport of Object.values(viewports)) {
    await a.page.setViewportSize(viewport)
    await a.page.goto('/friends')
    await expect(a.page.getByRole('button', { name: `Accept ${c.account.username}'s friend request` })).toBeVisible()
    expect(await sectionsInTabOrder(a.page)).toEqual([
      'Find people',
      'Friend requests',
      'Your friends',
      'Invite by email',
      'Waiting for an answer',
    ])
    const [find, requests, invite] = [
      await box(a.page, /^Find people/),
      await box(a.page, /^Friend requests/),
      await box(a.page, /^Invite by email/),
    ]
    if (viewport === viewports.phone) {
      // One column, in that order from the top.
      expect(requests.y).toBeGreaterThan(find.y + find.height)
      expect(invite.y).toBeGreaterThan(requests.y + requests.height)
    } else {
      // The requests top left; finding people top right, with inviting under it.
      expect(requests.x + requests.width).toBeLessThan(find.x)
      expect(Math.abs(requests.y - find.y)).toBeLessThan(2)
      expect(invite.x).toBe(find.x)
      expect(invite.y - (find.y + find.height)).toBeCloseTo(24, 0)
    }
  }
  await a.close()
  await c.close()
})

test('an invitation mail leads a new address through sign-up to a friendship', async ({ browser, baseURL }) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'host')
  const address = `${uniqueName('newcomer')}@example.com`
  await a.page.goto('/friends')
  await a.page.getByRole('textbox', { name: 'Email address' }).fill(address)
  await a.page.getByRole('button', { name: 'Send invite' }).click()
  await expect(toastWith(a.page, 'Invitation sent')).toBeVisible()
  await expect(toastWith(a.page, `We've emailed ${address} a link to become friends on Reelmates.`)).toBeVisible()
  const waiting = a.page.getByRole('region', { name: /Waiting for an answer/ })
  await expect(waiting.getByText(address)).toBeVisible()
  await waiting.getByRole('button', { name: `Resend the invitation to ${address}` }).click()
  await expect(waiting.getByText('sent 2×')).toBeVisible()

  const link = await signUpLinkMailedTo(browser, baseURL ?? '', address)

  const context = await newContext(browser, { baseURL: baseURL ?? '' })
  const page = await context.newPage()
  await page.goto(link)
  await expect(page.getByText(`${a.account.username} invited you to Reelmates`)).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(address)
  const newcomer = uniqueName('newcomer')
  await page.getByLabel('Username').fill(newcomer)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/home/)
  await expect(toastWith(page, `You and ${a.account.username} are now friends.`)).toBeVisible()
  await page.goto('/friends')
  await expect(friendsList(page).getByRole('link', { name: a.account.username })).toBeVisible()

  // The same link again, by someone else: the account is made, and they are told why no friend came with it.
  const latecomer = await (await newContext(browser, { baseURL: baseURL ?? '' })).newPage()
  await latecomer.goto(link)
  await expect(latecomer.getByText('This invitation link was used before and can only be used once.')).toBeVisible()
  await latecomer.getByLabel('Email').fill(`${uniqueName('late')}@example.com`)
  await latecomer.getByLabel('Username').fill(uniqueName('late'))
  await latecomer.getByLabel('Password').fill(password)
  await latecomer.getByRole('button', { name: 'Sign Up' }).click()
  await expect(latecomer).toHaveURL(/\/home/)
  await expect(toastWith(latecomer, "The invitation couldn't be used")).toBeVisible()
  await expect(toastWith(latecomer, "you aren't friends with whoever invited you yet")).toBeVisible()
  await latecomer.context().close()

  await a.page.goto('/friends')
  await expect(friendsList(a.page).getByRole('link', { name: newcomer })).toBeVisible()
  await expect(waiting.getByText(address)).toHaveCount(0)
  await context.close()
  await a.close()
})

test('two members invite one address: the newcomer joins through one link and finds the other’s request to answer', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'first')
  const d = await member(browser, baseURL ?? '', 'second')
  const address = `${uniqueName('wanted')}@example.com`
  await send(a.page.request, 'POST', '/api/friendships', { email: address })
  await send(d.page.request, 'POST', '/api/friendships', { email: address })
  // The newest mail to the address: the second member's invitation.
  const link = await signUpLinkMailedTo(browser, baseURL ?? '', address)

  const context = await newContext(browser, { baseURL: baseURL ?? '' })
  const page = await context.newPage()
  await page.goto(link)
  await expect(page.getByText(`${d.account.username} invited you to Reelmates`)).toBeVisible()
  const newcomer = uniqueName('wanted')
  await page.getByLabel('Username').fill(newcomer)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(toastWith(page, `You and ${d.account.username} are now friends.`)).toBeVisible()

  // The first member's invitation became their friend request, which she answers like any other.
  await page.goto('/friends')
  const requests = page.getByRole('region', { name: /Friend requests/ })
  await expect(requests.getByRole('link', { name: a.account.username })).toBeVisible({ timeout: 15_000 })
  await requests.getByRole('button', { name: `Accept ${a.account.username}'s friend request` }).click()
  await expect(toastWith(page, `You and ${a.account.username} are now friends.`)).toBeVisible()
  await expect(friendsList(page).getByRole('link', { name: a.account.username })).toBeVisible()
  await expect(friendsList(page).getByRole('link', { name: d.account.username })).toBeVisible()

  // Nothing waits at the address for the first member any more.
  await a.page.goto('/friends')
  await expect(friendsList(a.page).getByRole('link', { name: newcomer })).toBeVisible()
  await expect(a.page.getByRole('region', { name: /Waiting for an answer/ }).getByText(address)).toHaveCount(0)
  await context.close()
  await a.close()
  await d.close()
})

test('a member who signs in from the sign-up invitation banner is friends with the inviter, once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'host')
  // Invited before they had an account, so the mail is a sign-up invitation; they then joined without it.
  const username = uniqueName('joiner')
  const address = `${username}@example.com`
  await send(a.page.request, 'POST', '/api/friendships', { email: address })
  const link = await signUpLinkMailedTo(browser, baseURL ?? '', address)
  const context = await newContext(browser, { baseURL: baseURL ?? '' })
  const page = await context.newPage()
  const registered = await page.request.post('/api/register', {
    data: { username, email: address, password },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(registered.status(), await registered.text()).toBe(201)
  await signOutByApi(page.request)

  const accepts: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/friendships/accept-with-token') accepts.push(request.url())
  })
  await page.goto(link)
  await page.getByRole('link', { name: 'Already have an account? Sign in' }).first().click()
  // The sign-up form has a Username field too: filled before the sign-in page replaced it, the name was lost.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(toastWith(page, `You and ${a.account.username} are now friends.`)).toBeVisible()
  await expect(page).toHaveURL(/\/home$/)
  expect(accepts).toHaveLength(1)
  await page.goto('/friends')
  await expect(friendsList(page).getByRole('link', { name: a.account.username })).toBeVisible()
  expect(accepts).toHaveLength(1)
  await context.close()
  await a.close()
})

test('a member signed in already who opens an invitation mailed to another address is asked first: Not now accepts nothing, Accept makes them friends', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'host')
  const b = await member(browser, baseURL ?? '', 'other')
  const address = `${uniqueName('otheraddress')}@example.com`
  await send(a.page.request, 'POST', '/api/friendships', { email: address })
  const link = await signUpLinkMailedTo(browser, baseURL ?? '', address)
  const question = b.page.getByRole('dialog', {
    name: `Accept ${a.account.username}'s invitation as ${b.account.username}?`,
  })

  // The mail went to an address this account does not have (forwarded, a shared computer): ask, masked.
  await b.page.goto(link)
  await expect(question).toContainText(`${a.account.username} sent this invitation to o•••@example.com.`)
  await question.getByRole('button', { name: 'Not now' }).click()
  await expect(question).toHaveCount(0)
  await expect(b.page).toHaveURL(/\/home$/)
  await expect(b.page.locator('main h1')).toBeFocused()
  const friends = (await (await b.page.request.get('/api/friendships')).json()) as { friends: unknown[] }
  expect(friends.friends).toEqual([])

  await b.page.goto(link)
  await question.getByRole('button', { name: 'Accept' }).click()
  await expect(toastWith(b.page, `You and ${a.account.username} are now friends.`)).toBeVisible()
  await b.page.goto('/friends')
  await expect(friendsList(b.page).getByRole('link', { name: a.account.username })).toBeVisible()
  await a.close()
  await b.close()
})

test('the host who opens their own invitation’s mailed link is told it is theirs, and accepts nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'host')
  const address = `${uniqueName('otheraddress')}@example.com`
  await send(a.page.request, 'POST', '/api/friendships', { email: address })
  const link = await signUpLinkMailedTo(browser, baseURL ?? '', address)

  await a.page.goto(link)
  const own = toastWith(a.page, 'Your own invitation')
  await expect(own).toContainText('This is the invitation you sent to o•••@example.com; it waits for them to join.')
  await expect(toastWith(a.page, "Couldn't accept the invitation")).toHaveCount(0)
  await own.getByRole('button', { name: 'Friends' }).click()
  await expect(a.page).toHaveURL(/\/friends$/)
  await expect(a.page.getByText(address)).toBeVisible()
  await a.close()
})

test("the host's friend who opens their invitation's mailed link is told they are friends already, mailed to them or not, and asked nothing", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const a = await member(browser, baseURL ?? '', 'host')
  // A friend of the host's, holding a link mailed to an address without an account (forwarded to them).
  const b = await member(browser, baseURL ?? '', 'friend')
  await befriend(b, a)
  const elsewhere = `${uniqueName('otheraddress')}@example.com`
  await send(a.page.request, 'POST', '/api/friendships', { email: elsewhere })
  const forwarded = await signUpLinkMailedTo(browser, baseURL ?? '', elsewhere)
  // Invited before they had an account, then joined without the link and became friends by a request.
  const username = uniqueName('joiner')
  const address = `${username}@example.com`
  await send(a.page.request, 'POST', '/api/friendships', { email: address })
  const own = await signUpLinkMailedTo(browser, baseURL ?? '', address)
  const context = await newContext(browser, { baseURL: baseURL ?? '' })
  const joiner = {
    page: await context.newPage(),
    account: { username, email: address, password },
    close: () => context.close(),
  }
  await send(joiner.page.request, 'POST', '/api/register', { username, email: address, password })
  await befriend(a, joiner)

  for (const [opener, link, told] of [
    [
      b,
      forwarded,
      `You and ${a.account.username} are friends already. This invitation went to o•••@example.com; it is left for them.`,
    ],
    [joiner, own, `You and ${a.account.username} are friends already; there is nothing to accept.`],
  ] as const) {
    const accepts: string[] = []
    opener.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/friendships/accept-with-token') accepts.push(request.url())
    })
    await opener.page.goto(link)
    const already = toastWith(opener.page, 'Already friends')
    await expect(already).toContainText(told)
    await expect(opener.page.getByRole('dialog')).toHaveCount(0)
    await already.getByRole('button', { name: 'Friends' }).click()
    await expect(opener.page).toHaveURL(/\/friends$/)
    await expect(friendsList(opener.page).getByRole('link', { name: a.account.username })).toBeVisible()
    expect(accepts).toEqual([])
  }
  await joiner.close()
  await a.close()
  await b.close()
})

/** The sign-up link of the newest friend invitation mailed to `address`. */
async function signUpLinkMailedTo(browser: Browser, baseURL: string, address: string): Promise<string> {
  const mail = await mailReader(browser, baseURL)
  const link = await mail.link(address, 'friend-invitation', '/sign_up')
  await mail.close()
  return link
}

/** A asks member B by B's address; B's friend-request mail holds `link`. */
async function invitedByMail(browser: Browser, baseURL: string) {
  const a = await member(browser, baseURL, 'asker')
  const b = await member(browser, baseURL, 'asked')
  await send(a.page.request, 'POST', '/api/friendships', { email: b.account.email })
  const mail = await mailReader(browser, baseURL)
  const link = await mail.link(b.account.email, 'friend-request', '/accept-friend')
  await mail.close()
  return { a, b, link }
}

/** The asked member accepts `asker`'s request on /friends, before any mailed link is used. */
async function acceptInTheApp(page: Page, asker: string) {
  await page.goto('/friends')
  await page.getByRole('button', { name: `Accept ${asker}'s friend request` }).click()
  await expect(friendsList(page).getByRole('link', { name: asker })).toBeVisible()
}

test.describe('the accept-friend screen with a friend-request mail', () => {
  test('signed out: the link signs in and accepts in one step, then /friends', async ({ browser, baseURL }) => {
    test.setTimeout(150_000)
    const { a, b, link } = await invitedByMail(browser, baseURL ?? '')
    await signOutByApi(b.page.request)

    // The token is single-use: it is spent once, on signing in, and never sent to the accept call.
    const calls: string[] = []
    b.page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path === '/api/auth/process-token' || path === '/api/friendships/accept-with-token') calls.push(path)
    })
    await b.page.goto(link)
    await expect(b.page.getByRole('heading', { name: "You're now friends!" })).toBeVisible({ timeout: 15_000 })
    await expect(b.page.getByText(`You and ${a.account.username} are now friends.`).first()).toBeVisible()
    await expect(b.page).toHaveURL(/\/friends$/, { timeout: 5000 })
    expect(calls).toEqual(['/api/auth/process-token'])
    await expect(friendsList(b.page).getByRole('link', { name: a.account.username })).toBeVisible()
    await a.close()
    await b.close()
  })

  test('signed in, already friends: "Already friends", then /friends', async ({ browser, baseURL }) => {
    test.setTimeout(150_000)
    const { a, b, link } = await invitedByMail(browser, baseURL ?? '')

    // B answers in the app first; the mailed link then finds them friends already.
    await acceptInTheApp(b.page, a.account.username)
    await b.page.goto(link)
    await expect(b.page.getByRole('heading', { name: 'Already friends' })).toBeVisible()
    // Said once, in the heading; the line under it says why.
    await expect(b.page.getByText('Already friends')).toHaveCount(1)
    await expect(b.page.getByText('This invitation was accepted before.')).toBeVisible()
    await expect(b.page.getByRole('link', { name: 'Go to Login' })).toHaveCount(0)
    await expect(b.page).toHaveURL(/\/friends$/, { timeout: 5000 })
    await a.close()
    await b.close()
  })

  test('signed out, already friends: "Already friends", then sign in on the way to /friends', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000)
    const { a, b, link } = await invitedByMail(browser, baseURL ?? '')
    await acceptInTheApp(b.page, a.account.username)
    await signOutByApi(b.page.request)

    // The spent link signs nobody in, so the good news leads to sign-in, which comes back to /friends.
    await b.page.goto(link)
    await expect(b.page.getByRole('heading', { name: 'Already friends' })).toBeVisible()
    await expect(b.page.getByText('Taking you to sign in…')).toBeVisible()
    await expect(b.page.getByRole('heading', { name: "Couldn't accept the invitation" })).toHaveCount(0)
    await expect(b.page).toHaveURL(/\/sign_in\?returnTo=%2Ffriends$/, { timeout: 5000 })
    await a.close()
    await b.close()
  })

  test("cancelled by the inviter: the request leaves the invitee's list and the mailed link says so", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000)
    const { a, b, link } = await invitedByMail(browser, baseURL ?? '')
    await b.page.goto('/friends')
    const answer = b.page.getByRole('button', { name: `Accept ${a.account.username}'s friend request` })
    await expect(answer).toBeVisible()

    await a.page.goto('/friends')
    const waiting = a.page.getByRole('region', { name: /Waiting for an answer/ })
    await waiting.getByRole('button', { name: `Cancel the invitation to ${b.account.email}` }).click()
    await expect(toastWith(a.page, 'Invitation cancelled')).toBeVisible()
    await expect(waiting.getByText(b.account.email)).toHaveCount(0)
    await expect(a.page.getByRole('heading', { name: 'Waiting for an answer' })).toBeFocused()

    await b.page.reload()
    await expect(b.page.getByRole('heading', { name: /Your friends/ })).toBeVisible()
    await expect(answer).toHaveCount(0)
    await b.page.goto(link)
    await expect(b.page.getByRole('heading', { name: "Couldn't accept the invitation" })).toBeVisible()
    await expect(b.page.getByText(friendshipMessages.cancelledToken, { exact: true })).toBeVisible()
    await a.close()
    await b.close()
  })

  test('signed in, with a link that was never sent: the server says why, with the ways on', async ({ page }) => {
    await registerByApi(page.request, 'stray')
    await page.goto('/accept-friend?token=not-a-real-token')
    await expect(page.getByRole('heading', { name: "Couldn't accept the invitation" })).toBeVisible()
    await expect(page.getByText('This invitation link is invalid.', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/sign_in?returnTo=%2Ffriends',
    )
    await expect(page.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/friends')
  })

  test("signed in, with an expired link: the server's expiry text, with the ways on", async ({ page }) => {
    // The server cannot age a token in a browser test (its clock is the machine's and a link lasts
    // 7 days; the API's inject tests cover the expiry itself), so the accept call answers as the
    // server does for an expired token: 410 with the contract's message.
    await registerByApi(page.request, 'late')
    let asked = 0
    await page.route('**/api/friendships/accept-with-token**', (route) => {
      asked += 1
      return route.fulfill({
        status: 410,
        contentType: 'application/json',
        body: JSON.stringify({ message: friendshipMessages.expiredToken }),
      })
    })
    await page.goto('/accept-friend?token=i-aged.secret')
    await expect(page.getByRole('heading', { name: "Couldn't accept the invitation" })).toBeVisible()
    await expect(page.getByText(friendshipMessages.expiredToken, { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
      'href',
      '/sign_in?returnTo=%2Ffriends',
    )
    await expect(page.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/friends')
    expect(asked).toBe(1)
  })
})

test('on a phone, a name found keeps every letter once the request is sent: the buttons go under it', async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'finder')
  const b = await member(browser, baseURL ?? '', 'margot_reels_long')
  await a.page.setViewportSize(viewports.phone)
  await a.page.goto('/friends')
  const found = await findPerson(a.page, b.account.username)
  await found.getByRole('button', { name: `Add friend ${b.account.username}` }).click()
  await expect(found.getByText('Requested')).toBeVisible()
  const name = found.getByRole('link', { name: b.account.username })
  await expect(name).toHaveText(b.account.username)
  // Cut with an ellipsis, the link's text is wider than the link.
  expect(await name.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true)
  expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await a.close()
  await b.close()
})

test("at 320 px (400 % zoom), a request waiting for an answer and a friend's last watch keep their words readable", async ({
  browser,
  baseURL,
}) => {
  const a = await member(browser, baseURL ?? '', 'narrow')
  const waitee = await member(browser, baseURL ?? '', 'waitee')
  const watcher = await member(browser, baseURL ?? '', 'watcher')
  await befriend(a, watcher)
  const [film] = await movies(watcher.page.request, ['casablanca'])
  await send(watcher.page.request, 'POST', '/api/watched', { tmdbId: film?.tmdbId, mediaType: 'movie', rating: 8 })
  await send(a.page.request, 'POST', '/api/friendships', { username: waitee.account.username })

  await a.page.setViewportSize({ width: 320, height: 640 })
  await a.page.goto('/friends')
  // The buttons take a line of their own rather than squeezing "Request sent …" to a letter a line.
  const sent = a.page.getByRole('region', { name: /Waiting for an answer/ }).getByText(/^Request sent /)
  await expect(sent).toBeVisible()
  expect((await sent.boundingBox())?.height).toBeLessThanOrEqual(20)
  // The title keeps room for its first letters; the stars go under it if they must.
  const title = friendsList(a.page).getByRole('link', { name: film?.title ?? '' })
  await expect(title).toBeVisible()
  expect((await title.boundingBox())?.width).toBeGreaterThanOrEqual(60)
  await a.close()
  await waitee.close()
  await watcher.close()
})

test('a cancel whose answer is lost twice (the server did it) says it is cancelled, not that it failed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'unheard')
  const b = await member(browser, baseURL ?? '', 'unasked')
  await a.page.goto('/friends')
  const found = await findPerson(a.page, b.account.username)
  await found.getByRole('button', { name: `Add friend ${b.account.username}` }).click()
  await expect(toastWith(a.page, 'Friend request sent')).toBeVisible()
  // A bad connection: the server cancels, the phone never hears it (the app's own retry included).
  let lost = 0
  await a.page.route('**/api/friendships/**', async (route) => {
    if (route.request().method() !== 'DELETE' || lost >= 2) return route.continue()
    lost += 1
    await route.fetch()
    await route.abort('connectionreset')
  })
  await found.getByRole('button', { name: `Cancel your friend request to ${b.account.username}` }).click()
  await expect(toastWith(a.page, 'Request cancelled')).toBeVisible()
  await expect(toastWith(a.page, "Couldn't cancel the request")).toHaveCount(0)
  expect(lost).toBe(2)
  const waiting = a.page.getByRole('region', { name: /Waiting for an answer/ })
  await expect(waiting.getByRole('link', { name: b.account.username })).toHaveCount(0)
  await a.close()
  await b.close()
})

test('an Accept whose answer is lost twice (the server did it) says the friend is added, not that it failed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const a = await member(browser, baseURL ?? '', 'unheardyes')
  const b = await member(browser, baseURL ?? '', 'asker')
  await send(b.page.request, 'POST', '/api/friendships', { username: a.account.username })
  await a.page.goto('/friends')
  const requests = a.page.getByRole('region', { name: /Friend requests/ })
  await expect(requests.getByRole('link', { name: b.account.username })).toBeVisible()
  // A bad connection: the server accepts, the phone never hears it (the app's own retry included).
  let lost = 0
  await a.page.route('**/api/friendships/**', async (route) => {
    if (!new URL(route.request().url()).pathname.endsWith('/accept') || lost >= 2) return route.continue()
    lost += 1
    await route.fetch()
    await route.abort('connectionreset')
  })
  await requests.getByRole('button', { name: `Accept ${b.account.username}'s friend request` }).click()
  await expect(toastWith(a.page, `You and ${b.account.username} are now friends.`)).toBeVisible()
  await expect(toastWith(a.page, "Couldn't accept the request")).toHaveCount(0)
  expect(lost).toBe(2)
  await expect(friendsList(a.page).getByRole('link', { name: b.account.username })).toBeVisible()
  await a.close()
  await b.close()
})
