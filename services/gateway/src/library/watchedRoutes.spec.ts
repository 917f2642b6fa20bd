import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { compareTitles } from '@reelmates/contracts/media'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { signedInAgent } from '../testing/signedIn'

const now = new Date('2026-11-20T20:00:00.000Z')
let test: TestApp
let titles: MediaResult[]

beforeAll(async () => {
  test = await createTestApp({ now: () => now })
  titles = (await test.platform.catalog.trendingMovies()).results.slice(0, 3)
  expect(titles.length).toBe(3)
})
afterAll(() => test.close())

const ref = (title: MediaResult) => ({ tmdbId: title.id, mediaType: 'movie' as const })
type Entry = {
  id: string
  tmdbId: number
  rating: number | null
  review: string | null
  watchedAt: string
  isPrivate: boolean
}

describe('watched log API', () => {
  it('needs a signed-in user', async () => {
    expect((await agent(test.app).get('/api/watched')).statusCode).toBe(401)
  })

  it('records a watch with rating, review and service, defaulting to now', async () => {
    const { client, user } = await signedInAgent(test.app, 'wd_logger')
    const answer = await client.post('/api/watched', {
      ...ref(titles[0]!),
      rating: 8,
      recommend: true,
      review: 'Loved it',
      streamingService: 'Netflix',
    })
    expect(answer.statusCode).toBe(201)
    const { entryId } = answer.json<{ entryId: string }>()
    const items = (await client.get('/api/watched')).json<{ items: Record<string, unknown>[] }>().items
    expect(items).toEqual([
      expect.objectContaining({
        id: entryId,
        userId: user.id,
        tmdbId: titles[0]!.id,
        watchedAt: now.toISOString(),
        rating: 8,
        recommend: true,
        review: 'Loved it',
        streamingService: 'Netflix',
        isPrivate: false,
        title: titles[0]!.title,
      }),
    ])
  })

  it('counts rewatches as separate entries and reports the title status', async () => {
    const { client } = await signedInAgent(test.app, 'wd_rewatcher')
    await client.post('/api/watched', {
      ...ref(titles[1]!),
      rating: 6,
      review: 'Slow at first.',
      watchedAt: '2026-01-01T20:00:00.000Z',
    })
    await client.post('/api/watched', { ...ref(titles[1]!), rating: 9, watchedAt: '2026-06-01T20:00:00.000Z' })
    const status = await client.get(`/api/library/status/movie/${titles[1]!.id}`)
    expect(status.json()).toEqual({
      inWatchlist: false,
      watchlistNote: null,
      timesWatched: 2,
      lastWatchedAt: '2026-06-01T20:00:00.000Z',
      lastRating: 9,
      watches: [
        expect.objectContaining({ watchedAt: '2026-06-01T20:00:00.000Z', rating: 9, review: null, rewatch: true }),
        expect.objectContaining({
          watchedAt: '2026-01-01T20:00:00.000Z',
          rating: 6,
          review: 'Slow at first.',
          rewatch: false,
        }),
      ],
    })
  })

  it('marks each diary entry after the first of its title a rewatch, on every page, by when it was watched', async () => {
    const { client } = await signedInAgent(test.app, 'wd_rewatch_marks')
    const log = async (title: MediaResult, watchedAt: string) =>
      (await client.post('/api/watched', { ...ref(title), watchedAt })).json<{ entryId: string }>().entryId
    const second = await log(titles[0]!, '2026-05-01T20:00:00.000Z')
    const other = await log(titles[1]!, '2026-04-01T20:00:00.000Z')
    // Logged last, watched first: the entry logged before it becomes the rewatch.
    const first = await log(titles[0]!, '2026-03-01T20:00:00.000Z')
    // At the same instant as the first, the lower id comes first.
    const tied = await log(titles[0]!, '2026-03-01T20:00:00.000Z')
    const marks = async (query: string) =>
      Object.fromEntries(
        (await client.get(`/api/watched?${query}`))
          .json<{ items: { id: string; rewatch: boolean }[] }>()
          .items.map((item) => [item.id, item.rewatch]),
      )
    const [earlierOfTie, laterOfTie] = [first, tied].sort()
    const expected = { [second]: true, [other]: false, [earlierOfTie!]: false, [laterOfTie!]: true }
    expect(await marks('')).toEqual(expected)
    // A page holding only the latest entry still knows an earlier watch exists.
    expect(await marks('pageSize=1')).toEqual({ [second]: true })
    expect(await marks('pageSize=2&page=2')).toEqual({ [earlierOfTie!]: false, [laterOfTie!]: true })
    // The first watch removed, the tied one is the first now.
    expect((await client.delete(`/api/watched/${earlierOfTie}`)).statusCode).toBe(200)
    expect(await marks('')).toEqual({ [second]: true, [other]: false, [laterOfTie!]: false })
  })

  it('lists each watched title once, with how often, when last and the latest rating given', async () => {
    const { client } = await signedInAgent(test.app, 'wd_marks')
    expect((await client.get('/api/library/watched-titles')).json()).toEqual({ items: [] })
    await client.post('/api/watched', { ...ref(titles[0]!), rating: 7, watchedAt: '2026-01-01T20:00:00.000Z' })
    await client.post('/api/watched', { ...ref(titles[0]!), watchedAt: '2026-03-01T20:00:00.000Z' })
    await client.post('/api/watched', { ...ref(titles[1]!), watchedAt: '2026-02-01T20:00:00.000Z' })
    const other = await signedInAgent(test.app, 'wd_marks_other')
    await other.client.post('/api/watched', { ...ref(titles[2]!), rating: 3 })

    const answer = await client.get('/api/library/watched-titles')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      items: [
        // An unrated rewatch keeps the rating given before it.
        { ...ref(titles[0]!), timesWatched: 2, lastWatchedAt: '2026-03-01T20:00:00.000Z', rating: 7 },
        { ...ref(titles[1]!), timesWatched: 1, lastWatchedAt: '2026-02-01T20:00:00.000Z', rating: null },
      ],
    })
    // The title's page says the same.
    expect((await client.get(`/api/library/status/movie/${titles[0]!.id}`)).json()).toMatchObject({
      timesWatched: 2,
      lastWatchedAt: '2026-03-01T20:00:00.000Z',
      lastRating: 7,
    })
  })

  it('takes the title off the watchlist when asked', async () => {
    const { client } = await signedInAgent(test.app, 'wd_offlist')
    await client.post('/api/watchlist', ref(titles[2]!))
    expect((await client.get(`/api/library/status/movie/${titles[2]!.id}`)).json()).toMatchObject({ inWatchlist: true })
    expect((await client.post('/api/watched', { ...ref(titles[2]!), removeFromWatchlist: true })).statusCode).toBe(201)
    expect((await client.get(`/api/library/status/movie/${titles[2]!.id}`)).json()).toMatchObject({
      inWatchlist: false,
      timesWatched: 1,
    })
    // Asking to take off a title that is not on the watchlist still records the watch.
    expect((await client.post('/api/watched', { ...ref(titles[0]!), removeFromWatchlist: true })).statusCode).toBe(201)
  })

  it('refuses bad input with a message', async () => {
    const { client } = await signedInAgent(test.app, 'wd_bad')
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ rating: 11 }, /rating must be from 1 to 10/],
      [{ rating: 7.5 }, /whole number/],
      [{ review: 'x'.repeat(5001) }, /at most 5000/],
      [{ watchedAt: 'yesterday' }, /ISO date-time/],
      [{ watchedAt: '2026-12-24T20:00:00.000Z' }, /That time has not come yet/],
      [{ isPrivate: 'yes' }, /isPrivate|boolean/],
    ]
    for (const [fields, message] of cases) {
      const answer = await client.post('/api/watched', { ...ref(titles[0]!), ...fields })
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    expect((await client.get('/api/watched')).json<{ total: number }>().total).toBe(0)
    for (const query of ['minRating=12', 'minRating=x', 'sort=order', 'direction=up', 'page=0', 'mediaType=book']) {
      expect((await client.get(`/api/watched?${query}`)).statusCode, query).toBe(400)
    }
  })

  it('refuses a bad edit with a message, and keeps the entry as it was', async () => {
    const { client } = await signedInAgent(test.app, 'wd_bad_edit')
    const { entryId } = (await client.post('/api/watched', { ...ref(titles[0]!), rating: 6 })).json<{
      entryId: string
    }>()
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ rating: 0 }, /rating must be from 1 to 10/],
      [{ rating: 7.5 }, /whole number/],
      [{ rating: '8' }, /rating must be a number/],
      [{ review: 'x'.repeat(5001) }, /at most 5000/],
      [{ watchedAt: 'last week' }, /ISO date-time/],
      [{ watchedAt: '2026-11-20T21:00:00.000Z' }, /That time has not come yet/],
      [{ isPrivate: null }, /isPrivate|boolean/],
      [{}, /Nothing to change/],
    ]
    for (const [changes, message] of cases) {
      const answer = await client.patch(`/api/watched/${entryId}`, changes)
      expect(answer.statusCode, JSON.stringify(changes)).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    const bad = await client.patch('/api/watched/not-a-uuid', { rating: 5 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ message: string }>().message).toMatch(/entryId must be a uuid/)
    expect((await client.delete('/api/watched/not-a-uuid')).statusCode).toBe(400)
    expect((await client.get('/api/watched')).json<{ items: Entry[] }>().items[0]).toMatchObject({
      rating: 6,
      watchedAt: now.toISOString(),
    })
  })

  it("keeps the day on the writer's calendar, which a friend anywhere reads the same", async () => {
    const { client, user } = await signedInAgent(test.app, 'wd_new_york')
    const friend = await signedInAgent(test.app, 'wd_berlin')
    const asked = await client.post('/api/friendships', { username: 'wd_berlin' })
    const { id } = asked.json<{ friendship: { id: string } }>().friendship
    expect((await friend.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    // 20:00 UTC is 15:00 in New York, already the 21st in Tokyo: the writer says the 20th.
    const today = await client.post('/api/watched', { ...ref(titles[0]!), watchedOn: '2026-11-20' })
    expect(today.statusCode).toBe(201)
    // Sent without an instant for an earlier day (a watch queued offline, say): that day, at noon UTC.
    const earlier = await client.post('/api/watched', { ...ref(titles[1]!), watchedOn: '2026-11-18', rating: 7 })
    expect(earlier.statusCode).toBe(201)
    const mine = (await client.get('/api/watched')).json<{ items: (Entry & { watchedOn: string })[] }>().items
    expect(mine.map(({ watchedAt, watchedOn }) => [watchedAt, watchedOn])).toEqual([
      [now.toISOString(), '2026-11-20'],
      ['2026-11-18T12:00:00.000Z', '2026-11-18'],
    ])
    const profile = (await friend.client.get('/api/users/wd_new_york')).json<{
      recent: { watchedOn: string | null }[]
    }>()
    expect(profile.recent.map((watch) => watch.watchedOn)).toEqual(['2026-11-20', '2026-11-18'])
    const feed = (await friend.client.get('/api/feed')).json<{
      items: { user: { id: string }; activityType: string; watchedOn: string | null }[]
    }>()
    expect(
      feed.items
        .filter((item) => item.user.id === user.id && item.activityType === 'watched')
        .map((item) => item.watchedOn)
        .sort(),
    ).toEqual(['2026-11-18', '2026-11-20'])
    const csv = (await client.get('/api/watched/export')).body
    expect(csv).toContain(`,${now.toISOString()},2026-11-20,`)
  })

  it('refuses a day that does not agree with the instant, or has not begun, and records nothing', async () => {
    const { client } = await signedInAgent(test.app, 'wd_bad_day')
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ watchedOn: '20 Nov 2026' }, /watchedOn must be a day such as/],
      [{ watchedOn: '2026-02-30' }, /watchedOn must be a day such as/],
      [{ watchedOn: '2026-11-22' }, /That day has not begun yet/],
      [{ watchedOn: '0001-01-01' }, /A watch can be from 1900-01-01 on, not before/],
      [{ watchedAt: '2026-11-01T20:00:00.000Z', watchedOn: '2026-11-05' }, /watchedOn must be the day of watchedAt/],
    ]
    for (const [fields, message] of cases) {
      const answer = await client.post('/api/watched', { ...ref(titles[0]!), ...fields })
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    expect((await client.get('/api/watched')).json<{ total: number }>().total).toBe(0)
    const { entryId } = (
      await client.post('/api/watched', {
        ...ref(titles[0]!),
        watchedAt: '2026-11-01T20:00:00.000Z',
        watchedOn: '2026-11-01',
      })
    ).json<{ entryId: string }>()
    const edit = await client.patch(`/api/watched/${entryId}`, {
      watchedAt: '2026-11-10T20:00:00.000Z',
      watchedOn: '2026-11-01',
    })
    expect(edit.statusCode).toBe(400)
    expect((await client.get('/api/watched')).json<{ items: Entry[] }>().items[0]).toMatchObject({
      watchedAt: '2026-11-01T20:00:00.000Z',
      watchedOn: '2026-11-01',
    })
  })

  it('moves an entry in the diary by correcting when it was watched', async () => {
    const { client } = await signedInAgent(test.app, 'wd_mover')
    const watch = async (title: MediaResult, watchedAt: string) =>
      (await client.post('/api/watched', { ...ref(title), watchedAt })).json<{ entryId: string }>().entryId
    await watch(titles[0]!, '2026-11-01T20:00:00.000Z')
    const moved = await watch(titles[1]!, '2026-10-01T20:00:00.000Z')
    await watch(titles[2]!, '2026-09-01T20:00:00.000Z')
    const diary = async () =>
      (await client.get('/api/watched')).json<{ items: Entry[] }>().items.map((entry) => entry.tmdbId)
    expect(await diary()).toEqual([titles[0]!.id, titles[1]!.id, titles[2]!.id])
    // A few minutes ahead of the server's clock is a browser clock running fast, not the future.
    const answer = await client.patch(`/api/watched/${moved}`, { watchedAt: '2026-11-20T20:03:00.000Z' })
    expect(answer.statusCode).toBe(200)
    expect(await diary()).toEqual([titles[1]!.id, titles[0]!.id, titles[2]!.id])
  })

  it('refuses a review edit based on a review another device has changed since (409), and keeps that review', async () => {
    const { client } = await signedInAgent(test.app, 'wd_two_devices')
    const { entryId } = (await client.post('/api/watched', { ...ref(titles[0]!), rating: 6 })).json<{
      entryId: string
    }>()
    const first = await client.patch(`/api/watched/${entryId}`, { review: 'A: the score!', previousReview: null })
    expect(first.statusCode).toBe(200)

    const stale = await client.patch(`/api/watched/${entryId}`, {
      review: 'B: too long',
      rating: 9,
      previousReview: null,
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ message: 'This review was changed on another device since you opened it.' })
    const entryNow = async () => (await client.get('/api/watched')).json<{ items: Entry[] }>().items[0]
    expect(await entryNow()).toMatchObject({ review: 'A: the score!', rating: 6 })

    const current = await client.patch(`/api/watched/${entryId}`, {
      review: 'B: too long',
      previousReview: 'A: the score!',
    })
    expect(current.statusCode).toBe(200)
    expect(await entryNow()).toMatchObject({ review: 'B: too long' })
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ review: 'x', previousReview: 7 }, /previousReview must be text/],
      [{ previousReview: 'B: too long' }, /Nothing to change/],
    ]
    for (const [body, message] of cases) {
      const answer = await client.patch(`/api/watched/${entryId}`, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
  })

  it('keeps a review that shows nothing (zero-width spaces, a word joiner) as no review, as one of spaces', async () => {
    const { client } = await signedInAgent(test.app, 'wd_blank_review')
    const answer = await client.post('/api/watched', {
      ...ref(titles[2]!),
      rating: 7,
      review: ' \u200B\u2060\u200B ',
      containsSpoilers: true,
    })
    expect(answer.statusCode, answer.body).toBe(201)
    const { entryId } = answer.json<{ entryId: string }>()
    const entryNow = async () => (await client.get('/api/watched')).json<{ items: Entry[] }>().items[0]
    expect(await entryNow()).toMatchObject({ review: null, containsSpoilers: false })

    expect((await client.patch(`/api/watched/${entryId}`, { review: 'Worth it' })).statusCode).toBe(200)
    expect((await client.patch(`/api/watched/${entryId}`, { review: '\u200B\u00AD' })).statusCode).toBe(200)
    expect(await entryNow()).toMatchObject({ review: null })
  })

  it('edits and removes an entry; an edit after removal is a 404', async () => {
    const { client } = await signedInAgent(test.app, 'wd_editor')
    const { entryId } = (await client.post('/api/watched', { ...ref(titles[0]!), rating: 5 })).json<{
      entryId: string
    }>()
    expect(
      (await client.patch(`/api/watched/${entryId}`, { rating: 7, review: 'Better the second time' })).statusCode,
    ).toBe(200)
    const edited = (await client.get('/api/watched')).json<{ items: Entry[] }>().items[0]
    expect(edited).toMatchObject({ rating: 7, review: 'Better the second time' })
    expect((await client.patch(`/api/watched/${entryId}`, {})).statusCode).toBe(400)
    expect((await client.delete(`/api/watched/${entryId}`)).statusCode).toBe(200)
    expect((await client.get('/api/watched')).json<{ total: number }>().total).toBe(0)
    expect((await client.patch(`/api/watched/${entryId}`, { rating: 3 })).statusCode).toBe(404)
    expect((await client.delete(`/api/watched/${entryId}`)).statusCode).toBe(404)
  })

  it('puts a removed entry back as it was (the undo of a removal), once, and only for its owner', async () => {
    const { client } = await signedInAgent(test.app, 'wd_undoer')
    const other = await signedInAgent(test.app, 'wd_other')
    const { entryId } = (
      await client.post('/api/watched', {
        ...ref(titles[1]!),
        watchedAt: '2026-11-01T21:00:00.000Z',
        rating: 6,
        review: 'Slow start',
        isPrivate: true,
      })
    ).json<{ entryId: string }>()
    expect((await client.patch(`/api/watched/${entryId}`, { rating: 7 })).statusCode).toBe(200)
    const logged = (await client.get('/api/watched')).json<{ items: Entry[] }>().items
    expect((await client.post(`/api/watched/${entryId}/restore`)).statusCode).toBe(409)
    expect((await client.delete(`/api/watched/${entryId}`)).statusCode).toBe(200)

    expect((await other.client.post(`/api/watched/${entryId}/restore`)).statusCode).toBe(404)
    const putBack = await client.post(`/api/watched/${entryId}/restore`)
    expect(putBack.statusCode, putBack.body).toBe(201)
    expect((await client.get('/api/watched')).json<{ items: Entry[] }>().items).toEqual(logged)
    expect(logged[0]).toMatchObject({ id: entryId, rating: 7, review: 'Slow start', isPrivate: true })

    const twice = await client.post(`/api/watched/${entryId}/restore`)
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ message: 'This entry is already in your watched log.' })
    const never = await client.post(`/api/watched/${crypto.randomUUID()}/restore`)
    expect(never.statusCode).toBe(404)
    expect(never.json()).toMatchObject({
      message: 'This entry was not removed from your watched log, so there is nothing to put back.',
    })
    expect((await client.post('/api/watched/not-a-uuid/restore')).statusCode).toBe(400)
    expect((await agent(test.app).post(`/api/watched/${entryId}/restore`)).statusCode).toBe(401)
  })

  it("keeps a user's entries, private ones above all, out of everyone else's view", async () => {
    const alice = await signedInAgent(test.app, 'wd_alice')
    const bob = await signedInAgent(test.app, 'wd_bob')
    const { entryId } = (
      await alice.client.post('/api/watched', { ...ref(titles[0]!), review: 'my private thoughts', isPrivate: true })
    ).json<{ entryId: string }>()
    const bobs = await bob.client.get('/api/watched')
    expect(bobs.json<{ total: number }>().total).toBe(0)
    expect(bobs.body).not.toContain('my private thoughts')
    expect((await bob.client.patch(`/api/watched/${entryId}`, { rating: 1 })).statusCode).toBe(404)
    expect((await bob.client.delete(`/api/watched/${entryId}`)).statusCode).toBe(404)
    const status = (await bob.client.get(`/api/library/status/movie/${titles[0]!.id}`)).json<{ timesWatched: number }>()
    expect(status.timesWatched).toBe(0)
    for (const format of ['csv', 'json']) {
      const exported = await bob.client.get(`/api/watched/export?format=${format}`)
      expect(exported.statusCode).toBe(200)
      expect(exported.body).not.toContain('my private thoughts')
    }

    // The feed's read model, once it has caught up with Alice's writes: her public watch has an
    // activity, her private one has none at all, so no feed query can show it to anyone.
    const { position } = (
      await alice.client.post('/api/watched', { ...ref(titles[1]!), review: 'for everyone' })
    ).json<{ position: string }>()
    const activitiesOfAlice = async (at: string) => {
      expect(await test.platform.projections.waitForPosition(BigInt(at))).toBe(true)
      return test.platform.readStore.collection('activities').find({ userId: alice.user.id, activityType: 'watched' })
    }
    const first = await activitiesOfAlice(position)
    expect(first.map((activity) => activity.review)).toEqual(['for everyone'])
    expect(JSON.stringify(first)).not.toContain('my private thoughts')

    // Made public, the entry gets its activity; made private again, it loses it.
    const madePublic = await alice.client.patch(`/api/watched/${entryId}`, { isPrivate: false })
    const shown = await activitiesOfAlice(madePublic.json<{ position: string }>().position)
    expect(shown.map((activity) => activity.review).sort()).toEqual(['for everyone', 'my private thoughts'])
    const madePrivate = await alice.client.patch(`/api/watched/${entryId}`, { isPrivate: true })
    const hidden = await activitiesOfAlice(madePrivate.json<{ position: string }>().position)
    expect(hidden.map((activity) => activity.review)).toEqual(['for everyone'])
  })

  it('sorts by rating and filters by rating and service', async () => {
    const { client } = await signedInAgent(test.app, 'wd_filter')
    await client.post('/api/watched', { ...ref(titles[0]!), rating: 4, streamingService: 'Hulu' })
    await client.post('/api/watched', { ...ref(titles[1]!), rating: 9, streamingService: 'Netflix' })
    await client.post('/api/watched', { ...ref(titles[2]!), rating: 7, streamingService: 'netflix' })
    const byRating = (await client.get('/api/watched?sort=rating&direction=desc')).json<{ items: Entry[] }>().items
    expect(byRating.map((e) => e.rating)).toEqual([9, 7, 4])
    expect((await client.get('/api/watched?minRating=7')).json<{ total: number }>().total).toBe(2)
    expect((await client.get('/api/watched?streamingService=Netflix')).json<{ total: number }>().total).toBe(2)

    // The watches still to rate (a rewatch logged without one): only those, whatever else is asked.
    await client.post('/api/watched', { ...ref(titles[0]!), streamingService: 'Netflix' })
    const unrated = (await client.get('/api/watched?unrated=true&streamingService=netflix')).json<{
      items: Entry[]
      total: number
    }>()
    expect(unrated.total).toBe(1)
    expect(unrated.items.map((e) => [e.tmdbId, e.rating])).toEqual([[titles[0]!.id, null]])
    expect((await client.get('/api/watched?unrated=false')).json<{ total: number }>().total).toBe(4)
    for (const [search, message] of [
      ['unrated=yes', /unrated must be true or false/],
      ['unrated=true&minRating=7', /minRating and unrated=true ask for opposite entries/],
    ] as const) {
      const refused = await client.get(`/api/watched?${search}`)
      expect(refused.statusCode, search).toBe(400)
      expect(refused.json<{ message: string }>().message).toMatch(message)
    }
  })

  it('sorts by date watched, title and release date', async () => {
    const { client } = await signedInAgent(test.app, 'wd_sorter')
    const dates = ['2026-03-01T20:00:00.000Z', '2026-01-01T20:00:00.000Z', '2026-02-01T20:00:00.000Z']
    for (const [i, title] of titles.entries()) {
      await client.post('/api/watched', { ...ref(title), watchedAt: dates[i] })
    }
    const list = async (query: string) => (await client.get(`/api/watched?${query}`)).json<{ items: Entry[] }>().items
    expect((await list('sort=watchedAt')).map((e) => e.watchedAt)).toEqual([...dates].sort().reverse())
    expect((await list('sort=watchedAt&direction=asc')).map((e) => e.watchedAt)).toEqual([...dates].sort())
    const names = titles.map((title) => title.title ?? '')
    const byName = [...names].sort(compareTitles)
    type Titled = Entry & { title: string; releaseDate: string | null }
    expect((await list('sort=title&direction=asc')).map((e) => (e as Titled).title)).toEqual(byName)
    const released = titles.map((title) => title.release_date ?? '').sort()
    expect((await list('sort=releaseDate&direction=asc')).map((e) => (e as Titled).releaseDate ?? '')).toEqual(released)
    expect((await list('sort=releaseDate&direction=desc')).map((e) => (e as Titled).releaseDate ?? '')).toEqual(
      [...released].reverse(),
    )
  })

  it('lists the entries without a rating last, whichever way ratings are sorted, page after page', async () => {
    const { client } = await signedInAgent(test.app, 'wd_unrated')
    const rated = [6, null, 2, null, 9]
    for (const [i, rating] of rated.entries()) {
      const watchedAt = `2026-0${i + 1}-01T20:00:00.000Z`
      await client.post('/api/watched', { ...ref(titles[i % titles.length]!), rating, watchedAt })
    }
    const ratings = async (direction: string) => {
      const shown: (number | null)[] = []
      for (let page = 1; page <= 3; page++) {
        const answer = await client.get(`/api/watched?sort=rating&direction=${direction}&pageSize=2&page=${page}`)
        shown.push(...answer.json<{ items: Entry[] }>().items.map((entry) => entry.rating))
      }
      return shown
    }
    expect(await ratings('asc')).toEqual([2, 6, 9, null, null])
    expect(await ratings('desc')).toEqual([9, 6, 2, null, null])
  })

  it('sorts titles whatever their case, page after page, and answers no sort key', async () => {
    const { client } = await signedInAgent(test.app, 'wd_titles')
    // Byte order put "Sex Education" before "Sex and the City", "ET: …" before "Eastbound & Down".
    const logged: [string, 'movie' | 'tv'][] = [
      ['Sex Education', 'tv'],
      ['ET: The Extra-Terrestrial', 'movie'],
      ['Sex and the City', 'tv'],
      ['Eastbound & Down', 'tv'],
    ]
    for (const [name, mediaType] of logged) {
      const { results } = await test.platform.catalog.search(name, 1)
      const title = results.find((result) => (result.title ?? result.name) === name && result.media_type === mediaType)
      expect(title, name).toBeDefined()
      await client.post('/api/watched', { tmdbId: title!.id, mediaType })
    }
    const shown: Record<string, unknown>[] = []
    for (let page = 1; page <= 2; page++) {
      const answer = await client.get(`/api/watched?sort=title&direction=asc&pageSize=2&page=${page}`)
      shown.push(...answer.json<{ items: Record<string, unknown>[] }>().items)
    }
    expect(shown.map((entry) => entry.title)).toEqual([
      'Eastbound & Down',
      'ET: The Extra-Terrestrial',
      'Sex and the City',
      'Sex Education',
    ])
    // What the log sorts by stays in the read model.
    for (const entry of shown) expect(entry).not.toHaveProperty('sortTitle')
    for (const entry of shown) expect(entry).not.toHaveProperty('hasRating')
  })

  it('exports a review a spreadsheet would run as a formula as text in the CSV, and as written in JSON', async () => {
    const { client } = await signedInAgent(test.app, 'wd_formula')
    const review = '=HYPERLINK("http://x","y")'
    await client.post('/api/watched', { ...ref(titles[0]!), rating: 6, review })
    const csv = (await client.get('/api/watched/export')).body
    expect(csv).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`)
    expect(csv).not.toContain(',"=HYPERLINK')
    const json = (await client.get('/api/watched/export?format=json')).json<{ review: string }[]>()
    expect(json.map((item) => item.review)).toEqual([review])
  })

  it('exports the log as CSV and JSON', async () => {
    const { client } = await signedInAgent(test.app, 'wd_export')
    await client.post('/api/watched', { ...ref(titles[0]!), rating: 10, review: 'line one\nline two' })
    await client.post('/api/watched', { ...ref(titles[1]!), rating: 7, recommend: false })
    await client.post('/api/watched', { ...ref(titles[0]!), watchedOn: '2026-01-02' })
    const csv = await client.get('/api/watched/export')
    expect(csv.headers['content-type']).toContain('text/csv')
    const [header, ...rows] = csv.body.split('\n')
    expect(header).toBe(
      '\uFEFFtitle,mediaType,tmdbId,releaseDate,watchedAt,watchedOn,rewatch,stars,recommend,review,containsSpoilers,streamingService,isPrivate',
    )
    expect(csv.body).toContain('"line one\nline two"')
    // Stars as given (5 and 3½, not 10 and 7); no written out, not an empty cell.
    const second = rows.find(
      (row) => row.startsWith(`${titles[1]!.title},`) || row.startsWith(`"${titles[1]!.title}",`),
    )
    expect(second).toMatch(/,3\.5,false,,false,,false$/)
    // The later watch of the first title is its rewatch: logged first, it was watched after 2 January.
    expect(csv.body).toMatch(/,true,5,,"line one\nline two",false,,false/)
    const json = (await client.get('/api/watched/export?format=json')).json<
      { title: string; stars: number | null; rewatch: boolean; watchedOn: string | null }[]
    >()
    const marked = json.map((item) => [item.stars, item.rewatch])
    expect(marked).toHaveLength(3)
    expect(marked).toEqual(
      expect.arrayContaining([
        [3.5, false],
        [5, true],
        [null, false],
      ]),
    )
  })
})
