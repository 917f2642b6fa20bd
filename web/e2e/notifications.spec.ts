import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { NotificationsAnswer } from '@reelmates/contracts/notifications'
import { startFakePushService, type FakePushService } from '@reelmates/infra/push/testing/fakePushService'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  adminAccount,
  csrfToken,
  openApp,
  registerByApi,
  screenshotsDir,
  signInByApi,
  toastWith,
  type Account,
} from './support/server'
import { newContext } from './support/contexts'

/**
 * In-app notifications and web push in the browser (issue 13): the bell, the profile's push switch
 * with a granted notification permission, the service worker's push and click handling, and the
 * admin's announcements.
 */
mkdirSync(screenshotsDir, { recursive: true })
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const

// Several browsers and the scheduler's round trips on a shared 2-core machine: more than the default minute.
test.describe.configure({ timeout: 180_000 })

let service: FakePushService
test.beforeAll(async () => {
  service = await startFakePushService()
})
test.afterAll(async () => {
  await service.close()
})

async function askFriend(page: Page, username: string) {
  const answer = await page.request.post('/api/friendships', {
    data: { username },
    headers: { 'CSRF-Token': await csrfToken(page.request) },
  })
  expect(answer.status(), await answer.text()).toBe(201)
}

async function post(page: Page, path: string, data?: unknown): Promise<Record<string, unknown>> {
  const answer = await page.request.post(path, { data, headers: { 'CSRF-Token': await csrfToken(page.request) } })
  expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBeLessThan(300)
  return (await answer.json()) as Record<string, unknown>
}

/** The bell as the API answers it to this page's member (notifications of others are projected a moment later). */
async function bellOf(page: Page): Promise<NotificationsAnswer> {
  return (await (await page.request.get('/api/notifications')).json()) as NotificationsAnswer
}

async function aMovie(page: Page): Promise<number> {
  const answer = await page.request.get('/api/tmdb/autocomplete?query=godfather')
  const { results } = (await answer.json()) as { results: { id: number; media_type: string }[] }
  const movie = results.find((result) => result.media_type === 'movie')
  if (!movie) throw new Error('no movie for godfather')
  return movie.id
}

async function person(context: BrowserContext, prefix: string): Promise<{ page: Page; account: Account }> {
  const page = await context.newPage()
  return { page, account: await registerByApi(page.request, prefix) }
}

/**
 * A context whose pages may show notifications and hold a push subscription. The browser's own push
 * service is on the internet: this device's subscription points at the loopback one instead, with keys
 * made in the test (so the test can decrypt what it receives).
 */
async function contextWithPush(browser: Browser, baseURL: string | undefined) {
  const context = await newContext(browser, { baseURL, permissions: ['notifications'] })
  const device = service.newDevice()
  await context.addInitScript((subscription) => {
    const asked: string[] = []
    ;(window as unknown as { pushAsked: string[] }).pushAsked = asked
    const original = Notification.requestPermission.bind(Notification)
    Notification.requestPermission = () => {
      asked.push('permission')
      return original()
    }
    // Like the browser's, the subscription outlives a page load.
    const made = () =>
      ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        toJSON: () => ({ ...subscription, expirationTime: null }),
        unsubscribe: () => {
          localStorage.removeItem('test-push-subscribed')
          return Promise.resolve(true)
        },
      }) as unknown as PushSubscription
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(localStorage.getItem('test-push-subscribed') ? made() : null)
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey
      asked.push(`subscribe:${typeof key === 'string' ? key : 'binary'}:${String(options?.userVisibleOnly)}`)
      localStorage.setItem('test-push-subscribed', 'yes')
      return Promise.resolve(made())
    }
  }, device.subscription)
  return { context, device }
}

test('the push switch asks permission and subscribes this device; a push shows and its click opens its screen', async ({
  browser,
  baseURL,
}) => {
  const { context, device } = await contextWithPush(browser, baseURL)

  const { page: bob, account } = await person(context, 'pushbob')
  await openApp(bob, '/profile')
  await bob.evaluate(() => navigator.serviceWorker.ready)
  expect(await bob.evaluate(() => Notification.permission)).toBe('granted')

  // The switch moves once the permission and the subscription are through, not on the click itself.
  await bob.getByLabel('Push notifications').click()
  await expect(toastWith(bob, 'Push notifications on')).toBeVisible()
  const { publicKey } = (await (await bob.request.get('/api/push/public-key')).json()) as { publicKey: string }
  expect(await bob.evaluate(() => (window as unknown as { pushAsked: string[] }).pushAsked)).toEqual([
    'permission',
    `subscribe:${publicKey}:true`,
  ])
  await expect(bob.getByLabel('Push notifications')).toBeChecked()
  const devices = (await (await bob.request.get('/api/push/subscriptions')).json()) as {
    devices: { service: string }[]
  }
  expect(devices.devices.map((d) => d.service)).toEqual([new URL(service.origin).host])

  // The same member on another device, which never subscribed: its switch is off, whatever the account
  // chose on the first one (pushes go to each subscribed device, and this one gets none).
  const otherDevice = await newContext(browser, { baseURL, permissions: ['notifications'] })
  const elsewhere = await otherDevice.newPage()
  await signInByApi(elsewhere.request, account)
  expect(
    ((await (await elsewhere.request.get('/api/user')).json()) as { pushNotificationsEnabled: boolean })
      .pushNotificationsEnabled,
  ).toBe(true)
  await openApp(elsewhere, '/profile')
  await expect(elsewhere.getByLabel('Push notifications on this device')).not.toBeChecked()
  await otherDevice.close()

  // A friend request reaches the device through the scheduler, signed and encrypted.
  const ann = await person(await newContext(browser, { baseURL }), 'pushann')
  await askFriend(ann.page, account.username)
  await expect
    .poll(() => service.received.filter((push) => device.subscription.endpoint.endsWith(push.deviceId)).length)
    .toBe(1)
  const delivered = service.received.find((push) => device.subscription.endpoint.endsWith(push.deviceId))
  const payload = JSON.parse(delivered?.payload ?? '{}') as { title: string; body: string; url: string }
  expect(payload).toMatchObject({
    title: 'Reelmates',
    body: `${ann.account.username} sent you a friend request`,
    url: '/friends',
  })
  expect(service.refused).toEqual([])

  // The service worker gets that payload as a push, shows it, and a click brings the open page to /friends.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  const shown = await worker.evaluate(async (data) => {
    // Service worker globals, which the page typings of this file do not know.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration
      dispatchEvent(event: Event): boolean
      PushEvent: new (type: string, init: { data: string }) => Event
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    }
    scope.dispatchEvent(new scope.PushEvent('push', { data }))
    for (let tries = 0; tries < 50; tries++) {
      const [notification] = await scope.registration.getNotifications()
      if (notification) {
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }))
        return { title: notification.title, body: notification.body, data: notification.data as unknown }
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return null
  }, delivered?.payload ?? '')
  expect(shown).toEqual({ title: payload.title, body: payload.body, data: { url: '/friends' } })
  await expect(bob).toHaveURL(/\/friends$/)

  // Off again, after a reload (the switch remembers it is on): the server forgets the device.
  await openApp(bob, '/profile')
  await expect(bob.getByLabel('Push notifications')).toBeChecked()
  await bob.getByLabel('Push notifications').click()
  await expect(toastWith(bob, 'Push notifications off')).toBeVisible()
  await expect
    .poll(async () => ((await (await bob.request.get('/api/push/subscriptions')).json()) as { devices: [] }).devices)
    .toEqual([])
  await context.close()
})

test('logging out ends this browser’s push for the member: the next one here gets none of it and sees the switch off', async ({
  browser,
  baseURL,
}) => {
  const { context } = await contextWithPush(browser, baseURL)
  const { page, account: mia } = await person(context, 'pushmia')
  await openApp(page, '/profile')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.getByLabel('Push notifications').click()
  await expect(toastWith(page, 'Push notifications on')).toBeVisible()
  const devicesOf = async () =>
    ((await (await page.request.get('/api/push/subscriptions')).json()) as { devices: unknown[] }).devices
  expect(await devicesOf()).toHaveLength(1)

  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/sign_in/)
  // The browser holds no subscription, and the server no device of hers.
  expect(await page.evaluate(() => localStorage.getItem('test-push-subscribed'))).toBeNull()
  await signInByApi(page.request, mia)
  expect(await devicesOf()).toEqual([])

  // The next member on this browser finds push off, as it is for them.
  await page.request.post('/api/logout', { headers: { 'CSRF-Token': await csrfToken(page.request) } })
  await registerByApi(page.request, 'pushleo')
  await openApp(page, '/profile')
  await expect(page.getByLabel('Push notifications')).not.toBeChecked()
  await context.close()
})

test('the bell counts new notifications, lists them, and marks them read', async ({ browser, baseURL }) => {
  const context = await newContext(browser, { baseURL, viewport: viewports.desktop })
  const { page, account } = await person(context, 'bellbob')
  const askers = ['ann', 'cat', 'dan']
  for (const name of askers) {
    const asker = await person(await newContext(browser, { baseURL }), `bell${name}`)
    await askFriend(asker.page, account.username)
  }

  for (const [index, viewport] of Object.values(viewports).entries()) {
    await page.setViewportSize(viewport)
    await openApp(page, '/home')
    const bell = page.getByRole('button', { name: /^Notifications/ })
    // The first opening clears the badge; the notifications stay unread in the list.
    await expect(bell).toHaveAccessibleName(index === 0 ? 'Notifications, 3 new' : 'Notifications')
    await bell.click()
    const list = page.getByRole('dialog', { name: 'Notifications' })
    await expect(list.getByRole('listitem')).toHaveCount(3)
    await expect(list.getByText('(unread)')).toHaveCount(3)
    await expect(list.getByText(/sent you a friend request/).first()).toBeVisible()
    await page.screenshot({ path: join(screenshotsDir, `notifications-${viewport.width}x${viewport.height}.png`) })
    await page.keyboard.press('Escape')
    // The next round reloads the page: the mark must be on the server by then.
    await expect.poll(() => bellOf(page)).toMatchObject({ unreadCount: 3, unseenCount: 0 })
  }

  // Opening one marks it read and goes to its screen.
  const bell = page.getByRole('button', { name: /^Notifications/ })
  const list = page.getByRole('dialog', { name: 'Notifications' })
  await bell.click()
  await list.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/friends$/)
  await bell.click()
  await expect(list.getByText('(unread)')).toHaveCount(2)

  await page.getByRole('button', { name: 'Mark all read' }).click()
  await expect(list.getByText('(unread)')).toHaveCount(0)
  await expect(bell).toHaveAccessibleName('Notifications')
  await context.close()
})

test('opening the bell clears its badge but leaves the notifications unread; what comes after counts again, a thread on one line', async ({
  browser,
  baseURL,
}) => {
  const [a, b, c] = await Promise.all([
    person(await newContext(browser, { baseURL, viewport: viewports.desktop }), 'seenann'),
    person(await newContext(browser, { baseURL }), 'seenbob'),
    person(await newContext(browser, { baseURL }), 'seencat'),
  ])
  // Friends (B and C asked and A accepted, so A's bell holds nothing of it), with a watch of A's to talk about.
  for (const friend of [b, c]) {
    const asked = (await post(friend.page, '/api/friendships', { username: a.account.username })) as {
      friendship: { id: string }
    }
    await post(a.page, `/api/friendships/${asked.friendship.id}/accept`)
  }
  const watched = await post(a.page, '/api/watched', { tmdbId: await aMovie(a.page), mediaType: 'movie', rating: 8 })
  const comments = `/api/activities/${encodeURIComponent(`watched:${String(watched.entryId)}`)}/comments`

  // B acts: A's badge says 1.
  await post(b.page, comments, { content: 'What an ending' })
  await expect.poll(() => bellOf(a.page)).toMatchObject({ items: [{ read: false }], unseenCount: 1 })
  await openApp(a.page, '/home')
  const bell = a.page.getByRole('button', { name: /^Notifications/ })
  const badge = a.page.locator('[data-testid=notifications-badge]:visible')
  await expect(bell).toHaveAccessibleName('Notifications, 1 new')
  await expect(badge).toHaveText('1')

  // A opens the bell: the badge goes at once, the comment's line is still there as unread.
  const seen = a.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/notifications/seen', {
    timeout: 10_000,
  })
  await bell.click()
  await expect(badge).toHaveCount(0)
  await expect(bell).toHaveAccessibleName('Notifications')
  const panel = a.page.getByRole('dialog', { name: 'Notifications' })
  const line = panel.getByRole('listitem').filter({ hasText: `${b.account.username} commented on your watch of` })
  await expect(line).toContainText('(unread)')
  await expect(line.locator('span.block').first()).toHaveCSS('font-weight', '500')
  expect((await seen).status()).toBe(200)
  await a.page.keyboard.press('Escape')

  // The server keeps the mark: after a reload, still no badge, and the line still unread.
  await expect.poll(() => bellOf(a.page)).toMatchObject({ unreadCount: 1, unseenCount: 0 })
  await openApp(a.page, '/home')
  await expect(bell).toHaveAccessibleName('Notifications')
  await expect(badge).toHaveCount(0)

  // B comments again, and C comments: still one line, the latest commenter first and B counted once;
  // it comes back as new, and opening it goes to the activity.
  await post(b.page, comments, { content: 'And the score!' })
  await post(c.page, comments, { content: 'Agreed' })
  const both = `${c.account.username} and ${b.account.username} commented on your watch of`
  await expect
    .poll(() => bellOf(a.page))
    .toMatchObject({ items: [{ text: expect.stringContaining(both) }], unreadCount: 1, unseenCount: 1 })
  await openApp(a.page, '/home')
  await expect(bell).toHaveAccessibleName('Notifications, 1 new')
  await expect(badge).toHaveText('1')
  await bell.click()
  await expect(badge).toHaveCount(0)
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  const thread = panel.getByRole('listitem').filter({ hasText: both })
  await expect(thread).toContainText('(unread)')
  await thread.getByRole('link').click()
  await expect(a.page).toHaveURL(/\/activity\/watched/)
  await expect.poll(() => bellOf(a.page)).toMatchObject({ unreadCount: 0 })

  await a.page.context().close()
  await b.page.context().close()
  await c.page.context().close()
})

test('the bell’s panel takes the keyboard when it opens, and "Mark all read" keeps it there; Escape gives it back', async ({
  browser,
  baseURL,
}) => {
  const context = await newContext(browser, { baseURL, viewport: viewports.desktop })
  const { page, account } = await person(context, 'bellkeys')
  const asker = await person(await newContext(browser, { baseURL }), 'bellkeyann')
  await askFriend(asker.page, account.username)

  await openApp(page, '/home')
  const bell = page.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications, 1 new')
  await bell.focus()
  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  // The panel is a dialog: the focus goes into it, to its heading, and Tab goes on from there.
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeFocused()
  // Its small grey times are legible too (WCAG 1.4.3).
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withRules(['color-contrast'])
    .analyze()
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([])
  await page.keyboard.press('Tab')
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(bell).toHaveAccessibleName('Notifications')
  // The button is disabled now: the focus went to the panel's heading, not to the page.
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeFocused()
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)

  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(bell).toBeFocused()
  await context.close()
  await asker.page.context().close()
})

test('the bell shows the newest 30 and "Show older" brings the rest, page by page', async ({ browser, baseURL }) => {
  const admin = await (await newContext(browser, { baseURL })).newPage()
  await adminAccount(admin.request)
  const reader = await person(await newContext(browser, { baseURL, viewport: viewports.desktop }), 'olderreader')
  for (let n = 1; n <= 32; n += 1)
    await post(admin, '/api/admin/announcements', {
      title: `News ${n}`,
      body: 'Read on.',
      audience: 'chosen',
      usernames: [reader.account.username],
      channels: { inApp: true, push: false, email: false },
    })
  await expect.poll(async () => (await bellOf(reader.page)).unreadCount).toBe(32)

  await openApp(reader.page, '/home')
  await reader.page.getByRole('button', { name: 'Notifications, 32 new' }).click()
  const list = reader.page.getByRole('dialog', { name: 'Notifications' })
  await expect(list.getByRole('listitem')).toHaveCount(30)
  await expect(list.getByRole('listitem').first()).toContainText('News 32')
  await list.getByRole('button', { name: 'Show older' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(32)
  await expect(list.getByRole('listitem').last()).toContainText('News 1:')
  await expect(list.getByRole('button', { name: 'Show older' })).toHaveCount(0)
  // The keyboard is on the first of the older ones, still in the panel.
  await expect(list.getByRole('link', { name: /News 2: Read on/ })).toBeFocused()
  await expect(list.getByText('(unread)')).toHaveCount(32)

  await list.getByRole('button', { name: 'Mark all read' }).click()
  await expect(list.getByText('(unread)')).toHaveCount(0)
  await expect.poll(async () => (await bellOf(reader.page)).unreadCount).toBe(0)
})

test('an admin sends an announcement to a chosen member and sees who received it', async ({ browser, baseURL }) => {
  const adminContext = await newContext(browser, { baseURL, viewport: viewports.desktop })
  const admin = await adminContext.newPage()
  await adminAccount(admin.request)
  const reader = await person(await newContext(browser, { baseURL }), 'newsreader')

  await openApp(admin, '/admin/user-notifications')
  await expect(admin.getByRole('heading', { name: 'User notifications' })).toBeVisible()
  await admin.getByLabel('Title').fill('Movie night')
  await admin.getByLabel('Message').fill('Friday at 8: pick a film together.')
  await admin.getByLabel('Opens (an address in the app)').fill('/watchlist')
  await admin.getByLabel('Chosen members').check()
  await admin.getByLabel(/Usernames/).fill('nobody_like_this')
  await admin.getByLabel('Email too').check()
  await admin.getByRole('button', { name: 'Send announcement' }).click()
  await expect(admin.getByText('No user named nobody_like_this was found.').first()).toBeVisible()

  await admin.getByLabel(/Usernames/).fill(reader.account.username)
  await admin.getByRole('button', { name: 'Send announcement' }).click()
  await expect(toastWith(admin, 'Announcement sent')).toBeVisible()
  const sent = admin.getByRole('list', { name: 'Announcements sent' }).getByRole('listitem').first()
  await expect(sent).toContainText('Movie night')
  await sent.getByText('Sent to 1 member').click()
  const row = sent.getByRole('row', { name: new RegExp(reader.account.username) })
  await expect(row).toContainText('Unread')
  await expect(row).toContainText('In outbox')

  await openApp(reader.page, '/home')
  await reader.page.getByRole('button', { name: 'Notifications, 1 new' }).click()
  await reader.page.getByRole('link', { name: /Movie night: Friday at 8/ }).click()
  await expect(reader.page).toHaveURL(/\/watchlist(\?|$)/)

  for (const viewport of Object.values(viewports)) {
    await admin.setViewportSize(viewport)
    await openApp(admin, '/admin/user-notifications')
    const latest = admin.getByRole('list', { name: 'Announcements sent' }).getByRole('listitem').first()
    await latest.getByText('Sent to 1 member').click()
    await expect(latest.getByRole('row', { name: new RegExp(reader.account.username) })).toContainText('Read')
    // The report's table scrolls in its own frame: the page itself never scrolls sideways.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth), `${viewport.width}`).toBeLessThanOrEqual(
      viewport.width,
    )
    // Its headings and labels break between words only ("Email", not "EMAI / L"); a long name may break.
    const brokenWords = await latest.locator('th, td:not(:first-child)').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const text = cell.firstChild
        if (!(text instanceof Text)) return []
        return [...text.data.matchAll(/\S+/g)].flatMap((word) => {
          const range = document.createRange()
          range.setStart(text, word.index)
          range.setEnd(text, word.index + word[0].length)
          return range.getClientRects().length > 1 ? [word[0]] : []
        })
      }),
    )
    expect(brokenWords, `${viewport.width}`).toEqual([])
    // And it fits: no column cut off at the frame's edge, with nothing to say there are more.
    const table = latest.getByRole('table')
    const frame = await table.evaluate((element) => element.parentElement?.clientWidth ?? 0)
    expect((await table.boundingBox())?.width, `${viewport.width}`).toBeLessThanOrEqual(frame)
    await admin.screenshot({
      path: join(screenshotsDir, `admin-user-notifications-${viewport.width}x${viewport.height}.png`),
      fullPage: true,
    })
  }
  await adminContext.close()
})
