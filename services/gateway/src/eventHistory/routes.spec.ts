import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type {
  EventDetailAnswer,
  EventHistoryAnswer,
  EventTypesAnswer,
  HistoryEvent,
} from '@reelmates/contracts/eventHistory'
import { makeAdmin, password, register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'
import { personalDataViewsStream } from './personalDataViews'
import { WITHHELD } from './presentEvent'

let t: TestApp
let admin: Registered
let ann: Registered
let bob: Registered
let titles: MediaResult[]

const caughtUp = async () => {
  await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
}
const history = async (query: string) => {
  const answer = await admin.client.get(`/api/admin/events?${query}`)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<EventHistoryAnswer>()
}
const ref = (title: MediaResult) => ({ tmdbId: title.id, mediaType: 'movie' as const })
const positions = (items: HistoryEvent[]) => items.map((item) => BigInt(item.position))
const isNewestFirst = (items: HistoryEvent[]) =>
  positions(items).every((position, index, all) => index === 0 || position < (all[index - 1] ?? 0n))

beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 3)
  admin = await register(t.app, 'historian')
  await makeAdmin(t.platform, admin.user.id)
  ann = await register(t.app, 'annhistory')
  bob = await register(t.app, 'bobhistory')
  await ann.client.post('/api/watchlist', { ...ref(titles[0]!), note: 'with my sister' })
  await bob.client.post('/api/watchlist', ref(titles[1]!))
  await ann.client.post('/api/watchlist', ref(titles[2]!))
  await caughtUp()
})
afterAll(() => t.close())

describe('GET /api/admin/events', () => {
  it('pages through the whole log newest first, without gaps or repeats', async () => {
    const head = await t.platform.eventStore.headPosition()
    const seen: HistoryEvent[] = []
    let next: string | null = null
    do {
      const page: EventHistoryAnswer = await history(`limit=3${next ? `&before=${next}` : ''}`)
      expect(page.items.length).toBeLessThanOrEqual(3)
      seen.push(...page.items)
      next = page.next
    } while (next !== null)
    expect(isNewestFirst(seen)).toBe(true)
    // Reading the history records views of personal data, so the log grew while it was paged.
    expect(seen.filter((item) => BigInt(item.position) <= head)).toHaveLength(Number(head))
  })

  it("shows one person's timeline: every stream of theirs, in log order, and only theirs", async () => {
    const { items } = await history(`userId=${ann.user.id}`)
    expect(isNewestFirst(items)).toBe(true)
    const watchlist = items.filter((item) => item.type === 'TitleAddedToWatchlist').reverse()
    expect(watchlist.map((item) => item.data.tmdbId)).toEqual([titles[0]!.id, titles[2]!.id])
    expect(items.some((item) => item.streamId === `account-${ann.user.id}`)).toBe(true)
    expect(items.some((item) => item.streamId.includes(bob.user.id))).toBe(false)
  })

  it("puts a comment and a reaction on someone's activity in that person's timeline too", async () => {
    const cid = await register(t.app, 'cidhistory')
    const dan = await register(t.app, 'danhistory')
    const asked = await cid.client.post('/api/friendships', { username: dan.user.username })
    const { id } = asked.json<{ friendship: { id: string } }>().friendship
    expect((await dan.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    const watched = await dan.client.post('/api/watched', { ...ref(titles[1]!), rating: 8 })
    expect(watched.statusCode, watched.body).toBe(201)
    const activityId = `watched:${watched.json<{ entryId: string }>().entryId}`
    const comment = await cid.client.post(`/api/activities/${encodeURIComponent(activityId)}/comments`, {
      content: 'Loved it too',
    })
    expect(comment.statusCode, comment.body).toBe(201)
    const commentId = comment.json<{ id: string }>().id
    expect((await dan.client.put(`/api/comments/${encodeURIComponent(commentId)}/reactions/🔥`)).statusCode).toBe(200)
    await caughtUp()

    const types = (items: HistoryEvent[]) => items.map((item) => item.type)
    // dan's activity got the comment; cid's comment got dan's reaction.
    expect(types((await history(`userId=${dan.user.id}`)).items)).toEqual(
      expect.arrayContaining(['TitleWatched', 'CommentAdded', 'ReactionAdded']),
    )
    expect(types((await history(`userId=${cid.user.id}`)).items)).toEqual(
      expect.arrayContaining(['CommentAdded', 'ReactionAdded']),
    )
  })

  it('filters by type, by stream and by correlation id, and pages a filter too', async () => {
    const added = await history('type=TitleAddedToWatchlist')
    expect(added.items.map((item) => item.data.tmdbId)).toEqual([titles[2]!.id, titles[1]!.id, titles[0]!.id])

    const firstTwo = await history('type=TitleAddedToWatchlist&limit=2')
    expect(firstTwo.items).toHaveLength(2)
    const rest = await history(`type=TitleAddedToWatchlist&limit=2&before=${firstTwo.next}`)
    expect(rest.items.map((item) => item.data.tmdbId)).toEqual([titles[0]!.id])
    expect(rest.next).toBeNull()

    const stream = await history(`stream=watchlist-${bob.user.id}`)
    expect(stream.items.map((item) => item.type)).toEqual(['TitleAddedToWatchlist'])

    const correlationId = String(stream.items[0]?.metadata.correlationId)
    const correlated = await history(`correlationId=${correlationId}`)
    expect(correlated.items.map((item) => item.position)).toEqual([stream.items[0]?.position])

    const both = await history(`userId=${ann.user.id}&type=UserRegistered`)
    expect(both.items.map((item) => item.streamId)).toEqual([`account-${ann.user.id}`])
  })

  it('never shows a secret, and records who was shown whose personal data', async () => {
    const { items } = await history(`stream=account-${ann.user.id}`)
    const registered = items.find((item) => item.type === 'UserRegistered')
    expect(registered?.data).toMatchObject({ username: 'annhistory', passwordHash: WITHHELD })
    expect(JSON.stringify(items)).not.toContain('$argon')

    const views = await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))
    const last = views.at(-1)
    expect(last?.type).toBe('PersonalDataViewed')
    expect(last?.data).toMatchObject({ adminUserId: admin.user.id, subjectUserIds: [ann.user.id] })
    expect(last?.metadata.actorId).toBe(admin.user.id)
  })

  it("withholds a push device's keys and address, showing only its push service", async () => {
    const endpoint = 'http://127.0.0.1:9/push/ann-laptop-capability'
    const keys = {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, 9).toString('base64url'),
    }
    expect((await ann.client.post('/api/push/subscriptions', { endpoint, keys })).statusCode).toBe(201)
    await caughtUp()
    const viewsBefore = (await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))).length

    const { items } = await history(`stream=push-subscriptions-${ann.user.id}`)
    expect(items[0]?.data).toMatchObject({ endpoint: `http://127.0.0.1:9/${WITHHELD}`, keys: WITHHELD })
    for (const secret of ['ann-laptop-capability', keys.p256dh, keys.auth])
      expect(JSON.stringify(items)).not.toContain(secret)
    // Nothing personal was shown, so no view of ann's data is recorded.
    expect(await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))).toHaveLength(viewsBefore)
  })

  it("withholds the push device a profile save carries, as it withholds a subscribed device's", async () => {
    // PUT /api/user/profile takes the browser's PushSubscription in any shape (spec §5).
    const pushSubscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/ann-phone-capability',
      expirationTime: null,
      keys: { p256dh: 'ann-phone-p256dh-key', auth: 'ann-phone-auth-secret' },
    }
    expect((await ann.client.put('/api/user/profile', { pushSubscription })).statusCode).toBe(200)
    await caughtUp()
    const viewsBefore = (await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))).length

    const { items } = await history(`stream=account-${ann.user.id}&type=ProfileUpdated`)
    const saved = items.find((item) => item.data.pushSubscription !== undefined)
    expect(saved?.data.pushSubscription).toEqual({
      endpoint: `https://fcm.googleapis.com/${WITHHELD}`,
      expirationTime: null,
      keys: WITHHELD,
    })
    for (const secret of ['ann-phone-capability', 'ann-phone-p256dh-key', 'ann-phone-auth-secret'])
      expect(JSON.stringify(items)).not.toContain(secret)
    expect(await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))).toHaveLength(viewsBefore)
  })

  it("leaves out of a person's timeline the events of a shared stream that are about others", async () => {
    // Each look records a view on the admin's own stream: of ann, then of bob, then of ann again.
    await history(`userId=${ann.user.id}`)
    await history(`userId=${bob.user.id}`)
    await caughtUp()
    const { items } = await history(`userId=${ann.user.id}`)
    const views = items.filter((item) => item.type === 'PersonalDataViewed')
    expect(views.length).toBeGreaterThan(0)
    for (const view of views) expect(view.data.subjectUserIds).toContain(ann.user.id)
    const aboutAnn = (item: HistoryEvent) =>
      item.streamId.includes(ann.user.id) ||
      item.metadata.actorId === ann.user.id ||
      JSON.stringify(item.data).includes(ann.user.id)
    expect(items.filter((item) => !aboutAnn(item))).toEqual([])
  })

  it('shows the personal fields of an erased user as erased, and records no view of them', async () => {
    const gone = await register(t.app, 'gonehistory')
    await gone.client.post('/api/watchlist', { ...ref(titles[0]!), note: 'private words' })
    expect((await gone.client.delete('/api/user', { currentPassword: password })).statusCode).toBeLessThan(300)
    await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 5_000)
    await caughtUp()
    const viewsBefore = (await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))).length

    const { items } = await history(`userId=${gone.user.id}`)
    const registered = items.find((item) => item.type === 'UserRegistered')
    expect(registered?.data.username).toBeNull()
    expect(registered?.erasedFields).toEqual(expect.arrayContaining(['username', 'email']))
    const note = items.find((item) => item.type === 'TitleAddedToWatchlist')
    expect(note?.erasedFields).toEqual(['note'])
    expect(JSON.stringify(items)).not.toContain('private words')
    expect((await t.platform.eventStore.readStream(personalDataViewsStream(admin.user.id))).length).toBe(viewsBefore)
  })

  it('answers a bad query with a 400 that says why', async () => {
    const answer = await admin.client.get('/api/admin/events?limit=0')
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/limit/)
    expect((await admin.client.get('/api/admin/events?before=abc')).statusCode).toBe(400)
    // Past any 64-bit position: a 400 that says so, not the store's RangeError as a 500.
    const huge = '99999999999999999999999'
    for (const path of [`/api/admin/events?before=${huge}`, `/api/admin/events/${huge}`]) {
      const refused = await admin.client.get(path)
      expect(refused.statusCode, path).toBe(400)
      expect(refused.json<{ message: string }>().message).toContain('is past any position the log can have')
    }
    expect((await admin.client.get(`/api/admin/events?before=${2n ** 63n - 1n}`)).statusCode).toBe(200)
    // The last position there can be: no event there, like its neighbour below (not the store's RangeError).
    for (const last of [2n ** 63n - 1n, 2n ** 63n - 2n])
      expect((await admin.client.get(`/api/admin/events/${last}`)).statusCode, String(last)).toBe(404)
  })

  it('refuses an unknown event type with a 400 that names it and what it may mean, not an empty page', async () => {
    const typo = await admin.client.get('/api/admin/events?type=watched')
    expect(typo.statusCode).toBe(400)
    const { message, validationErrors } = typo.json<{ message: string; validationErrors: { type?: string } }>()
    expect(message).toMatch(/^“watched” is not an event type\. Did you mean TitleWatched, /)
    expect(validationErrors.type).toBe(message)
    const nothingLike = await admin.client.get('/api/admin/events?type=NoSuchThingHappened')
    expect(nothingLike.statusCode).toBe(400)
    expect(nothingLike.json<{ message: string }>().message).toBe('“NoSuchThingHappened” is not an event type.')
  })

  it('is for admins only', async () => {
    expect((await ann.client.get('/api/admin/events')).statusCode).toBe(403)
  })
})

describe('GET /api/admin/event-types', () => {
  it('lists every event type the filter takes, in name order', async () => {
    const answer = await admin.client.get('/api/admin/event-types')
    expect(answer.statusCode, answer.body).toBe(200)
    const { types } = answer.json<EventTypesAnswer>()
    expect(types).toEqual(expect.arrayContaining(['TitleAddedToWatchlist', 'UserRegistered', 'PersonalDataViewed']))
    expect(types).toEqual([...types].sort())
    for (const type of types) expect((await history(`type=${type}&limit=1`)).items.length).toBeLessThanOrEqual(1)
  })

  it('is for admins only', async () => {
    expect((await ann.client.get('/api/admin/event-types')).statusCode).toBe(403)
  })
})

describe('GET /api/admin/events/:position', () => {
  it('opens one event with its neighbours in its stream', async () => {
    const { items } = await history(`stream=watchlist-${ann.user.id}`)
    const newest = items[0]!
    const answer = await admin.client.get(`/api/admin/events/${newest.position}`)
    expect(answer.statusCode, answer.body).toBe(200)
    const { event, neighbours } = answer.json<EventDetailAnswer>()
    expect(event).toMatchObject({ position: newest.position, type: 'TitleAddedToWatchlist' })
    expect(event.metadata).toMatchObject({ actorId: ann.user.id })
    expect(neighbours.map((one) => one.revision)).toEqual([0])
  })

  it('answers 404 for a position with no event', async () => {
    const answer = await admin.client.get('/api/admin/events/999999999')
    expect(answer.statusCode).toBe(404)
    expect(answer.json<{ message: string }>().message).toMatch(/no event/)
  })
})
