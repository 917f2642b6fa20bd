import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationsAnswer } from '@reelmates/contracts/notifications'
import { pushMessages } from '@reelmates/contracts/push'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { pushSubscriptions, pushSubscriptionsStream } from '@reelmates/commands/notifications/pushSubscriptions'
import { startFakePushService, type FakePushService } from '@reelmates/infra/push/testing/fakePushService'
import { makeAdmin, password, register, type Registered } from '../account/accountFixtures'
import { announcementMailReaction } from '@reelmates/scheduler/notifications/announcementMail'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

/**
 * Web push end to end: the scheduler's reaction pushes through the web-push library to a push service
 * on 127.0.0.1 that verifies the VAPID signature and decrypts the payload with the device's own keys.
 */
let t: TestApp
let service: FakePushService
beforeAll(async () => {
  t = await createTestApp()
  service = await startFakePushService()
})
afterAll(async () => {
  await t.close()
  await service.close()
})

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
/** Waits until the scheduler has reacted to what the client's last change appended. */
const settled = async (answer: { json: () => unknown }) => {
  const { position } = answer.json() as { position?: string }
  if (!position) throw new Error('the change answered no position')
  await t.platform.projections.waitForPosition(BigInt(position), 5_000)
  const reached = await t.platform.scheduler.waitForPosition(BigInt(position), 5_000)
  const failures = reached ? [] : await t.platform.readStore.collection('scheduler_failures').find({})
  expect(reached, JSON.stringify(failures)).toBe(true)
}
async function subscribed(who: Registered) {
  const device = service.newDevice()
  const answer = await who.client.post('/api/push/subscriptions', { ...device.subscription, expirationTime: null })
  expect(answer.statusCode, answer.body).toBe(201)
  await settled(answer)
  return device
}
const pushesTo = (endpoint: string) =>
  service.received
    .filter((push) => endpoint.endsWith(`/push/${push.deviceId}`))
    .map((push) => JSON.parse(push.payload) as Record<string, string>)
type FriendshipAnswer = { friendship: { id: string } }
const devicesOf = async (who: Registered) =>
  (await who.client.get('/api/push/subscriptions')).json<{ devices: { id: string }[] }>().devices

describe('web push', () => {
  it('answers the VAPID public key the pushes are signed with', async () => {
    const ann = await member('ann')
    const answer = await ann.client.get('/api/push/public-key')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ publicKey: t.platform.config.push?.vapid.publicKey })
    expect((await agent(t.app).get('/api/push/public-key')).statusCode).toBe(401)
  })

  it('pushes a friend request to every device of the person asked, signed and encrypted for each', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    const phone = await subscribed(bob)
    const laptop = await subscribed(bob)
    expect(await devicesOf(bob)).toHaveLength(2)

    await settled(await ann.client.post('/api/friendships', { username: bob.user.username }))
    const expected = {
      title: 'Reelmates',
      body: `${ann.user.username} sent you a friend request`,
      url: '/friends',
      tag: expect.stringMatching(/^friend-request:/) as unknown,
    }
    expect(pushesTo(phone.subscription.endpoint)).toEqual([expected])
    expect(pushesTo(laptop.subscription.endpoint)).toEqual([expected])
    expect(service.refused).toEqual([])
    expect(service.received.every((push) => push.vapidKey === t.platform.config.push?.vapid.publicKey)).toBe(true)
  })

  it('sends one push per event and device, however often the reaction runs', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    const phone = await subscribed(bob)
    await settled(await ann.client.post('/api/friendships', { username: bob.user.username }))
    const [request] = await t.platform.eventStore.readStream(
      `friendship-${[ann.user.id, bob.user.id].sort().join('_')}`,
    )
    if (!request) throw new Error('no friend request event')
    const { webPushReaction } = await import('@reelmates/scheduler/notifications/webPush')
    const { createWebPushSender } = await import('@reelmates/infra/push/webPushSender')
    const push = t.platform.config.push
    if (!push) throw new Error('push is configured in the embedded column')
    await webPushReaction({ ...t.platform, push: createWebPushSender(push) }).react(request)
    expect(pushesTo(phone.subscription.endpoint)).toHaveLength(1)
  })

  it('pushes each comment on its own, while the bell gathers them into one line', async () => {
    const [ann, bob, cat] = await Promise.all([member('ann'), member('bob'), member('cat')])
    for (const friend of [ann, cat]) {
      const asked = await bob.client.post('/api/friendships', { username: friend.user.username })
      await settled(asked)
      await settled(await friend.client.post(`/api/friendships/${asked.json<FriendshipAnswer>().friendship.id}/accept`))
    }
    const phone = await subscribed(bob)
    const [movie] = (await t.platform.catalog.trendingMovies()).results
    if (!movie) throw new Error('the test catalog has no trending movie')
    const watched = await bob.client.post('/api/watched', { tmdbId: movie.id, mediaType: 'movie' })
    await settled(watched)
    const comments = `/api/activities/${encodeURIComponent(`watched:${watched.json<{ entryId: string }>().entryId}`)}/comments`

    await settled(await ann.client.post(comments, { content: 'Loved it' }))
    await settled(await cat.client.post(comments, { content: 'Me too' }))
    const pushed = pushesTo(phone.subscription.endpoint).filter((push) => push.tag?.startsWith('comment:'))
    expect(pushed.map((push) => push.body)).toEqual([
      `${ann.user.username} commented on your watch of ${movie.title}`,
      `${cat.user.username} commented on your watch of ${movie.title}`,
    ])
    expect(new Set(pushed.map((push) => push.tag)).size).toBe(2)
    const bell = (await bob.client.get('/api/notifications')).json<NotificationsAnswer>()
    expect(bell.items.filter((item) => item.kind === 'comment').map((item) => item.text)).toEqual([
      `${cat.user.username} and ${ann.user.username} commented on your watch of ${movie.title}`,
    ])
  })

  it('removes a device the push service answers 410 for, with an event', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    const gone = await subscribed(bob)
    const kept = await subscribed(bob)
    gone.answerWith(410)
    await settled(await ann.client.post('/api/friendships', { username: bob.user.username }))

    const events = await t.platform.eventStore.readStream(`push-subscriptions-${bob.user.id}`)
    expect(events.map((event) => [event.type, event.data.reason])).toEqual([
      ['PushSubscriptionAdded', undefined],
      ['PushSubscriptionAdded', undefined],
      ['PushSubscriptionRemoved', 'expired'],
    ])
    await t.platform.projections.waitForPosition(events.at(-1)?.position ?? 0n, 5_000)
    expect(await devicesOf(bob)).toHaveLength(1)
    expect(pushesTo(kept.subscription.endpoint)).toHaveLength(1)
  })

  it('drops a device saved with keys web push cannot encrypt for, and pushes to the others', async () => {
    const ann = await member('ann')
    const bob = await member('bob')
    const kept = await subscribed(bob)
    // Saved before subscribing checked the keys: base64url of the length the old rule took.
    const broken = service.newDevice()
    const at = new Date().toISOString()
    await handleCommand(t.platform.eventStore, {
      decider: pushSubscriptions,
      streamId: pushSubscriptionsStream(bob.user.id),
      command: {
        type: 'SubscribeDevice',
        userId: bob.user.id,
        endpoint: broken.subscription.endpoint,
        keys: { p256dh: 'A'.repeat(50), auth: 'B'.repeat(40) },
        subscribedAt: at,
        listed: false,
      },
      metadata: { correlationId: 'old-device', causationId: 'old-device', actorId: bob.user.id, occurredAt: at },
    })
    const failuresBefore = (await t.platform.readStore.collection('scheduler_failures').find({})).length
    await settled(await ann.client.post('/api/friendships', { username: bob.user.username }))

    const events = await t.platform.eventStore.readStream(`push-subscriptions-${bob.user.id}`)
    expect(events.map((event) => [event.type, event.data.reason])).toEqual([
      ['PushSubscriptionAdded', undefined],
      ['PushSubscriptionAdded', undefined],
      ['PushSubscriptionRemoved', 'unusable'],
    ])
    expect(await t.platform.readStore.collection('scheduler_failures').find({})).toHaveLength(failuresBefore)
    await t.platform.projections.waitForPosition(events.at(-1)?.position ?? 0n, 5_000)
    expect(await devicesOf(bob)).toHaveLength(1)
    expect(pushesTo(kept.subscription.endpoint)).toHaveLength(1)
  })

  it('subscribes a device once, unsubscribes it, and says when it is not subscribed', async () => {
    const bob = await member('bob')
    const device = service.newDevice()
    expect((await bob.client.post('/api/push/subscriptions', device.subscription)).statusCode).toBe(201)
    expect((await bob.client.post('/api/push/subscriptions', device.subscription)).json()).toEqual({})
    const removed = await bob.client.delete('/api/push/subscriptions', { endpoint: device.subscription.endpoint })
    expect(removed.statusCode, removed.body).toBe(200)
    await settled(removed)
    expect(await devicesOf(bob)).toEqual([])
    const again = await bob.client.delete('/api/push/subscriptions', { endpoint: device.subscription.endpoint })
    expect(again.statusCode).toBe(404)
    expect(again.json()).toMatchObject({ message: 'This device is not subscribed to push notifications.' })
  })

  it('gives a shared browser to the member who subscribed it last, and back when the first subscribes again', async () => {
    const [alice, mallory] = await Promise.all([member('alice'), member('mallory')])
    const browser = await subscribed(alice)
    const [aliceDevice] = await devicesOf(alice)

    const taken = await mallory.client.post('/api/push/subscriptions', browser.subscription)
    expect(taken.statusCode, taken.body).toBe(201)
    await settled(taken)
    expect(await devicesOf(alice)).toEqual([])
    expect((await devicesOf(mallory)).map((device) => device.id)).toEqual([aliceDevice?.id])
    const aliceEvents = await t.platform.eventStore.readStream(`push-subscriptions-${alice.user.id}`)
    expect(aliceEvents.map((event) => [event.type, event.data.reason])).toEqual([
      ['PushSubscriptionAdded', undefined],
      ['PushSubscriptionRemoved', 'moved'],
    ])
    // Her hold ended: unsubscribing it is hers no more, and leaves mallory's alone.
    expect(
      (await alice.client.delete('/api/push/subscriptions', { endpoint: browser.subscription.endpoint })).statusCode,
    ).toBe(404)
    expect(await devicesOf(mallory)).toHaveLength(1)

    const back = await alice.client.post('/api/push/subscriptions', browser.subscription)
    expect(back.statusCode, back.body).toBe(201)
    await settled(back)
    expect((await devicesOf(alice)).map((device) => device.id)).toEqual([aliceDevice?.id])
    expect(await devicesOf(mallory)).toEqual([])
    const gone = await mallory.client.delete('/api/push/subscriptions', { endpoint: browser.subscription.endpoint })
    expect(gone.statusCode).toBe(404)
    expect(await devicesOf(alice)).toHaveLength(1)

    const bob = await member('bob')
    await settled(await bob.client.post('/api/friendships', { username: alice.user.username }))
    expect(pushesTo(browser.subscription.endpoint).map((push) => push.body)).toEqual([
      `${bob.user.username} sent you a friend request`,
    ])
  })

  it("mends a shared browser's hand-over whose second append failed when it is sent again under its key", async () => {
    const [alice, mallory] = await Promise.all([member('alice'), member('mallory')])
    const browser = await subscribed(alice)
    const store = t.platform.eventStore
    const append = store.append.bind(store)
    let failed = false
    store.append = (streamId, events, options) => {
      if (streamId === `push-subscriptions-${mallory.user.id}` && !failed) {
        failed = true
        return Promise.reject(new Error('the event store went away'))
      }
      return append(streamId, events, options)
    }
    const key = { headers: { 'idempotency-key': `take-over-${mallory.user.id}` } }
    try {
      const lost = await mallory.client.post('/api/push/subscriptions', browser.subscription, key)
      expect(lost.statusCode).toBe(500)
    } finally {
      store.append = append
    }
    // Alice's hold ended, and mallory's was never recorded: the browser is no one's until the retry.
    await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition(), 5_000)
    expect(await devicesOf(alice)).toEqual([])

    const retried = await mallory.client.post('/api/push/subscriptions', browser.subscription, key)
    expect(retried.statusCode, retried.body).toBe(201)
    expect(retried.headers['idempotent-replayed']).toBeUndefined()
    await settled(retried)
    expect(await devicesOf(mallory)).toHaveLength(1)
    expect(await devicesOf(alice)).toEqual([])
  })

  it('refuses a subscription that is not a push service address or lacks its keys', async () => {
    const bob = await member('bob')
    const { subscription } = service.newDevice()
    const plainHttp = await bob.client.post('/api/push/subscriptions', {
      ...subscription,
      endpoint: 'http://push.example.com/x',
    })
    expect(plainHttp.statusCode).toBe(400)
    expect(plainHttp.json()).toMatchObject({
      message: 'A push subscription needs the https address of a push service.',
    })
    const noKeys = await bob.client.post('/api/push/subscriptions', { endpoint: subscription.endpoint })
    expect(noKeys.statusCode).toBe(400)
    expect(noKeys.json<{ message: string }>().message).toMatch(/p256dh and auth/)
    // Taken, such keys made every push to the device fail (level-50 errors from the web_push reaction).
    const shortKey = await bob.client.post('/api/push/subscriptions', {
      ...subscription,
      keys: { ...subscription.keys, p256dh: 'B'.repeat(40) },
    })
    expect(shortKey.statusCode).toBe(400)
    expect(shortKey.json()).toMatchObject({ message: pushMessages.badP256dh })
    const shortSecret = await bob.client.post('/api/push/subscriptions', {
      ...subscription,
      keys: { ...subscription.keys, auth: 'a'.repeat(8) },
    })
    expect(shortSecret.statusCode).toBe(400)
    expect(shortSecret.json()).toMatchObject({ message: pushMessages.badAuth })
    expect(await devicesOf(bob)).toEqual([])
  })

  it('refuses a signed-out visitor on every push route', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/public-key'],
      ['GET', '/api/push/subscriptions'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
    ] as const) {
      expect((await agent(t.app).request(method, url, { body: {} })).statusCode, url).toBe(401)
    }
  })
})

describe('announcements', () => {
  it('are for admins only', async () => {
    const bob = await member('bob')
    for (const [method, url] of [
      ['GET', '/api/admin/announcements'],
      ['POST', '/api/admin/announcements'],
    ] as const) {
      expect((await agent(t.app).request(method, url, { body: {} })).statusCode, url).toBe(401)
      const refused = await bob.client.request(method, url, { body: {} })
      expect(refused.statusCode, url).toBe(403)
      expect(refused.json()).toMatchObject({ message: "You don't have permission to access this page." })
    }
  })

  it('mail a link that stays on this site, percent-encoded, in the frame every mail has', async () => {
    const boss = await member('boss')
    await makeAdmin(t.platform, boss.user.id)
    const bob = await member('bob')
    const sent = await boss.client.post('/api/admin/announcements', {
      title: 'Look',
      body: 'Here.',
      url: '/feed?x=1&y=<2>',
      audience: 'chosen',
      usernames: [bob.user.username],
      channels: { inApp: false, push: false, email: true },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    await settled(sent)
    const [mail] = (await t.platform.mailer.list({ to: bob.user.email })).filter(
      (sentMail) => sentMail.category === 'announcement',
    )
    expect(mail?.text).toContain('Open Reelmates: http://localhost:3000/feed?x=1&y=%3C2%3E')
    expect(mail?.html).toContain('href="http://localhost:3000/feed?x=1&amp;y=%3C2%3E"')
    expect(mail?.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
  })

  it('reach chosen members in the bell, by push and by mail, and say who received them', async () => {
    const boss = await member('boss')
    await makeAdmin(t.platform, boss.user.id)
    const bob = await member('bob')
    const cat = await member('cat')
    const bystander = await member('dan')
    const phone = await subscribed(bob)

    const sent = await boss.client.post('/api/admin/announcements', {
      title: 'New: recommendations',
      body: 'Send a title to a friend.\n\nThey will see it at once.',
      url: '/recommendations',
      audience: 'chosen',
      usernames: [bob.user.username, cat.user.username],
      channels: { inApp: true, push: true, email: true },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toMatchObject({ announcement: { id: expect.any(String) as unknown, recipients: 2 } })
    await settled(sent)

    const bobsBell = (await bob.client.get('/api/notifications')).json<{
      items: { kind: string; text: string; url: string }[]
    }>()
    expect(bobsBell.items).toEqual([
      expect.objectContaining({
        kind: 'announcement',
        text: 'New: recommendations: Send a title to a friend.\n\nThey will see it at once.',
        url: '/recommendations',
      }),
    ])
    expect((await bystander.client.get('/api/notifications')).json()).toEqual({
      items: [],
      nextCursor: null,
      unreadCount: 0,
      unseenCount: 0,
    })
    expect(pushesTo(phone.subscription.endpoint)).toEqual([
      {
        title: 'New: recommendations',
        body: 'Send a title to a friend.\n\nThey will see it at once.',
        url: '/recommendations',
        tag: expect.stringMatching(/^announcement:/) as unknown,
      },
    ])
    const [mail] = await t.platform.mailer.list({ to: cat.user.email })
    expect(mail).toMatchObject({ category: 'announcement', subject: 'New: recommendations', status: 'outbox' })
    expect(mail?.text).toContain('http://localhost:3000/recommendations')
    // Each paragraph takes the direction it is written in (a message in Hebrew reads from the right).
    expect(mail?.html).toContain(
      '<p dir="auto">Send a title to a friend.</p><p dir="auto">They will see it at once.</p>',
    )

    await bob.client.post('/api/notifications/read', {})
    const report = await boss.client.get('/api/admin/announcements')
    expect(report.statusCode, report.body).toBe(200)
    const [latest] = report.json<{ announcements: { author: string; recipients: unknown[] }[] }>().announcements
    expect(latest?.author).toBe(boss.user.username)
    expect(latest?.recipients).toEqual([
      { userId: bob.user.id, username: bob.user.username, inApp: 'read', pushDevices: 1, email: 'outbox' },
      { userId: cat.user.id, username: cat.user.username, inApp: 'unread', pushDevices: 0, email: 'outbox' },
    ])

    const catsMail = async () =>
      (await boss.client.get('/api/admin/announcements'))
        .json<{ announcements: { recipients: { userId: string; email: string }[] }[] }>()
        .announcements[0]?.recipients.find((recipient) => recipient.userId === cat.user.id)?.email
    // A record a crash took with the last seconds of the snapshot: the outbox still has the mail, and
    // the report says so; the reaction run again (its checkpoint not yet moved) mails nobody twice.
    const records = t.platform.readStore.collection('announcement_mails')
    await records.deleteMany({ userId: cat.user.id })
    expect(await catsMail()).toBe('outbox')
    const [published] = (await t.platform.eventStore.readAll({ maxCount: 100_000 })).filter(
      (event) => event.type === 'AnnouncementPublished',
    )
    if (!published) throw new Error('the announcement should be in the log')
    await announcementMailReaction({
      eventStore: t.platform.eventStore,
      readStore: t.platform.readStore,
      mailer: t.platform.mailer,
      publicUrl: 'http://localhost:3000',
      unsubscribeSecret: 'a test secret of at least thirty-two characters',
    }).react(published)
    expect(await t.platform.mailer.list({ to: cat.user.email })).toHaveLength(1)
    // Before the scheduler has put a mail in the outbox, the report says it is queued, not that none goes.
    await records.deleteMany({ userId: cat.user.id })
    await t.platform.mailer.eraseUser(cat.user.id, cat.user.email)
    expect(await catsMail()).toBe('queued')

    // A deleted account's mail that was waiting went with its data: the report no longer says it is there.
    expect((await bob.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    expect(await t.platform.mailer.list({ to: bob.user.email })).toEqual([])
    const afterErasure = (await boss.client.get('/api/admin/announcements')).json<{
      announcements: { recipients: { userId: string; username: string; email: string }[] }[]
    }>().announcements[0]
    expect(afterErasure?.recipients.find((recipient) => recipient.userId === bob.user.id)).toMatchObject({
      username: 'Deleted account',
      email: 'erased',
    })
  })

  it('go by mail only to members with tips and news emails on, each mail with its way off that list', async () => {
    const boss = await member('boss')
    await makeAdmin(t.platform, boss.user.id)
    const bob = await member('bob')
    const cat = await member('cat')
    const off = await cat.client.put('/api/user/profile', { receiveCampaignEmails: false })
    expect(off.statusCode, off.body).toBe(200)
    await settled(off)

    const sent = await boss.client.post('/api/admin/announcements', {
      title: 'Reelmates 2.0',
      body: 'It is out.',
      audience: 'chosen',
      usernames: [bob.user.username, cat.user.username],
      channels: { inApp: true, push: false, email: true },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    await settled(sent)

    const announcements = async (to: string) =>
      (await t.platform.mailer.list({ to })).filter((mail) => mail.category === 'announcement')
    expect(await announcements(cat.user.email)).toEqual([])
    const [mail] = await announcements(bob.user.email)
    const link = /http:\/\/localhost:3000\/unsubscribed\?token=([^\s"]+)/.exec(mail?.text ?? '')
    expect(link, mail?.text).not.toBeNull()
    expect(mail?.html).toContain('Unsubscribe</a>')
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    const [latest] = (await boss.client.get('/api/admin/announcements')).json<{
      announcements: { recipients: { userId: string; email: string }[] }[]
    }>().announcements
    expect(latest?.recipients.map(({ userId, email }) => [userId, email])).toEqual([
      [bob.user.id, 'outbox'],
      [cat.user.id, 'unsubscribed'],
    ])

    // The link takes bob off the list, in one click from his mail client.
    const unsubscribed = await agent(t.app).request('POST', `/api/unsubscribe?token=${link?.[1] ?? ''}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(unsubscribed.statusCode, unsubscribed.body).toBeLessThan(300)
    expect((await bob.client.get('/api/user')).json()).toMatchObject({ receiveCampaignEmails: false })
  })

  it('go by mail to no suspended member, and the report says why', async () => {
    const boss = await member('boss')
    await makeAdmin(t.platform, boss.user.id)
    const dan = await member('dan')
    const suspended = await boss.client.post(`/api/admin/users/${dan.user.id}/suspend`)
    expect(suspended.statusCode, suspended.body).toBe(200)
    const sent = await boss.client.post('/api/admin/announcements', {
      title: 'Reelmates 2.1',
      body: 'It is out too.',
      audience: 'chosen',
      usernames: [dan.user.username],
      channels: { inApp: true, push: false, email: true },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    await settled(sent)
    expect(
      (await t.platform.mailer.list({ to: dan.user.email })).filter((mail) => mail.category === 'announcement'),
    ).toEqual([])
    const [latest] = (await boss.client.get('/api/admin/announcements')).json<{
      announcements: { recipients: { userId: string; email: string }[] }[]
    }>().announcements
    expect(latest?.recipients.map(({ userId, email }) => [userId, email])).toEqual([[dan.user.id, 'suspended']])
  })

  it('go to every member when sent to everyone, on the chosen channels only', async () => {
    const boss = await member('boss')
    await makeAdmin(t.platform, boss.user.id)
    const bob = await member('bob')
    const sent = await boss.client.post('/api/admin/announcements', {
      title: 'Maintenance',
      body: 'Back in ten minutes.',
      audience: 'everyone',
      channels: { inApp: true, push: false, email: false },
    })
    expect(sent.statusCode, sent.body).toBe(201)
    await settled(sent)
    const members = await t.platform.readStore.collection('users').countDocuments({})
    expect(sent.json()).toMatchObject({ announcement: { recipients: members } })
    expect((await bob.client.get('/api/notifications')).json()).toMatchObject({
      items: [{ kind: 'announcement', text: 'Maintenance: Back in ten minutes.', url: '/home' }],
    })
    expect(await t.platform.mailer.list({ to: bob.user.email })).toEqual([])
  })

  it('refuse unknown usernames, no recipients, no channel and links outside the app', async () => {
    const boss = await member('boss')
    await makeAdmin(t.platform, boss.user.id)
    const base = { title: 'Hi', body: 'Hello', audience: 'chosen', usernames: [boss.user.username] }
    const channels = { inApp: true, push: false, email: false }
    const cases: [object, RegExp][] = [
      [{ ...base, usernames: ['nobody_here'], channels }, /No user named nobody_here/],
      [{ ...base, usernames: [], channels }, /at least one recipient/],
      [{ ...base, channels: { inApp: false, push: false, email: false } }, /at least one way/],
      [{ ...base, channels, url: 'https://evil.example' }, /inside the app/],
      // Browsers read a backslash as a slash: this opens evil.example.
      [{ ...base, channels, url: '/\\evil.example/path' }, /inside the app/],
      // A field the form has not (no schedule) is refused, not dropped: the announcement went out at once.
      [{ ...base, channels, sendAt: '2030-01-01T00:00:00Z' }, /sendAt/],
      [{ ...base, channels, title: '' }, /title is required/],
    ]
    for (const [body, message] of cases) {
      const answer = await boss.client.post('/api/admin/announcements', body)
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
  })
})

describe('push subscriptions under the production rule', () => {
  let production: TestApp
  beforeAll(async () => {
    production = await createTestApp()
    const push = production.platform.config.push
    if (!push) throw new Error('push is configured in the embedded column')
    // What NODE_ENV=production configures (config.push.spec.ts); set here because production's Secure
    // session cookie would need https in front of the app.
    push.anyPushService = false
  })
  afterAll(() => production.close())

  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  }

  it("refuses any address but a browser's push service, with a clear 400, and keeps no device", async () => {
    const bob = await register(production.app, 'pushprod_bob')
    for (const [endpoint, message] of [
      ['https://169.254.169.254/latest/meta-data', /push service is not supported/],
      ['https://internal.example/push/1', /push service is not supported/],
      [`${service.origin}/push/loopback`, /https address of a push service/],
    ] as const) {
      const answer = await bob.client.post('/api/push/subscriptions', { endpoint, keys })
      expect(answer.statusCode, endpoint).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    expect((await bob.client.get('/api/push/subscriptions')).json()).toEqual({ devices: [] })
  })

  it("takes a browser's push service", async () => {
    const ann = await register(production.app, 'pushprod_ann')
    const answer = await ann.client.post('/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/fv3jabydF5c:APA91bE',
      expirationTime: null,
      keys,
    })
    expect(answer.statusCode, answer.body).toBe(201)
  })
})
