import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { compareTitles } from '@reelmates/contracts/media'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { signedInAgent } from '../testing/signedIn'

let test: TestApp
let titles: MediaResult[]

// Every add gets its own instant, so sorting by date added has something to tell apart.
let last = 0
const tickingClock = () => new Date((last = Math.max(Date.now(), last + 1)))

beforeAll(async () => {
  test = await createTestApp({ now: tickingClock })
  titles = (await test.platform.catalog.trendingMovies()).results.slice(0, 4)
  expect(titles.length).toBe(4)
})
afterAll(() => test.close())

const ref = (title: MediaResult) => ({ tmdbId: title.id, mediaType: 'movie' as const })
const path = (title: MediaResult) => `/api/watchlist/movie/${title.id}`

describe('watchlist API', () => {
  it('needs a signed-in user', async () => {
    const anonymous = agent(test.app)
    expect((await anonymous.get('/api/watchlist')).statusCode).toBe(401)
    expect((await anonymous.post('/api/watchlist', ref(titles[0]!))).statusCode).toBe(401)
  })

  it('adds titles with what the catalog knows of them, in order', async () => {
    const { client, user } = await signedInAgent(test.app, 'wl_adder')
    const first = await client.post('/api/watchlist', { ...ref(titles[0]!), note: 'with Sam' })
    expect(first.statusCode).toBe(201)
    expect(first.json<{ position: string }>().position).toMatch(/^\d+$/)
    await client.post('/api/watchlist', ref(titles[1]!))

    const list = await client.get('/api/watchlist')
    expect(list.statusCode).toBe(200)
    const page = list.json<{ items: Record<string, unknown>[]; total: number }>()
    expect(page.total).toBe(2)
    expect(page.items.map((item) => item.tmdbId)).toEqual([titles[0]!.id, titles[1]!.id])
    expect(page.items[0]).toMatchObject({
      userId: user.id,
      mediaType: 'movie',
      order: 0,
      note: 'with Sam',
      title: titles[0]!.title,
      posterPath: titles[0]!.poster_path,
    })
  })

  it('answers 409 for a title already on the watchlist, and keeps one copy', async () => {
    const { client } = await signedInAgent(test.app, 'wl_twice')
    await client.post('/api/watchlist', ref(titles[0]!))
    const again = await client.post('/api/watchlist', ref(titles[0]!))
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ message: 'This title is already on your watchlist.' })
    expect((await client.get('/api/watchlist')).json<{ total: number }>().total).toBe(1)
  })

  it('refuses bad input with a message', async () => {
    const { client } = await signedInAgent(test.app, 'wl_bad')
    const cases = [
      { body: { tmdbId: 'abc', mediaType: 'movie' }, message: /tmdbId/ },
      { body: { tmdbId: 603, mediaType: 'book' }, message: /mediaType must be movie or tv/ },
      { body: { tmdbId: titles[0]!.id, mediaType: 'movie', note: 'x'.repeat(501) }, message: /at most 500/ },
    ]
    for (const { body, message } of cases) {
      const answer = await client.post('/api/watchlist', body)
      expect(answer.statusCode).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    expect((await client.get('/api/watchlist?page=0')).statusCode).toBe(400)
    expect((await client.get('/api/watchlist?sort=nonsense')).statusCode).toBe(400)
  })

  it('refuses bad notes, places and title paths on every change route', async () => {
    const { client } = await signedInAgent(test.app, 'wl_bad_paths')
    await client.post('/api/watchlist', ref(titles[0]!))
    const expect400 = async (answer: Promise<LightMyRequestResponse>, message: RegExp) => {
      const settled = await answer
      expect(settled.statusCode).toBe(400)
      expect(settled.json<{ message: string }>().message).toMatch(message)
    }
    await expect400(client.patch(path(titles[0]!), { note: 'x'.repeat(501) }), /at most 500/)
    await expect400(client.patch(path(titles[0]!), {}), /note/)
    await expect400(client.post(`${path(titles[0]!)}/move`, { toIndex: -1 }), /toIndex must be 0 or more/)
    await expect400(client.post(`${path(titles[0]!)}/move`, { toIndex: 'x' }), /toIndex must be a number/)
    await expect400(client.post(`${path(titles[0]!)}/move`, { toIndex: 0.5 }), /toIndex must be a whole number/)
    await expect400(client.post(`${path(titles[0]!)}/move`, {}), /toIndex, after or before/)
    const twoWays = { toIndex: 0, after: null }
    await expect400(client.post(`${path(titles[0]!)}/move`, twoWays), /toIndex, after or before \(one of them\)/)
    await expect400(client.post(`${path(titles[0]!)}/move`, { after: { tmdbId: 'x', mediaType: 'movie' } }), /tmdbId/)
    await expect400(client.post(`${path(titles[0]!)}/move`, { before: ref(titles[0]!) }), /after or before itself/)
    for (const bad of ['/api/watchlist/book/1', '/api/watchlist/movie/abc', '/api/watchlist/movie/0']) {
      const message = bad.includes('book') ? /mediaType must be movie or tv/ : /tmdbId/
      await expect400(client.patch(bad, { note: 'x' }), message)
      await expect400(client.post(`${bad}/move`, { toIndex: 0 }), message)
      await expect400(client.delete(bad), message)
    }
    for (const query of ['page=0', 'pageSize=501', 'sort=nonsense', 'direction=up', 'mediaType=book']) {
      expect((await client.get(`/api/watchlist?${query}`)).statusCode, query).toBe(400)
    }
    // Nothing of it changed the list.
    const items = (await client.get('/api/watchlist')).json<{ items: { note: string | null }[] }>().items
    expect(items).toEqual([expect.objectContaining({ tmdbId: titles[0]!.id, note: null, order: 0 })])
  })

  it('answers 404 for a title the catalog does not have', async () => {
    const { client } = await signedInAgent(test.app, 'wl_unknown')
    const answer = await client.post('/api/watchlist', { tmdbId: 999_999_999, mediaType: 'movie' })
    expect(answer.statusCode).toBe(404)
  })

  it('moves, edits the note of, and removes titles', async () => {
    const { client } = await signedInAgent(test.app, 'wl_editor')
    for (const title of titles.slice(0, 3)) await client.post('/api/watchlist', ref(title))
    expect((await client.post(`${path(titles[2]!)}/move`, { toIndex: 0 })).statusCode).toBe(200)
    expect((await client.patch(path(titles[1]!), { note: 'IMAX' })).statusCode).toBe(200)
    expect((await client.delete(path(titles[0]!))).statusCode).toBe(200)

    const items = (await client.get('/api/watchlist')).json<{
      items: { tmdbId: number; order: number; note: string | null }[]
    }>().items
    expect(items.map((item) => [item.tmdbId, item.order, item.note])).toEqual([
      [titles[2]!.id, 0, null],
      [titles[1]!.id, 1, 'IMAX'],
    ])
  })

  it('moves a title next to the one the screen showed it by, on a list changed since on another device', async () => {
    const { client } = await signedInAgent(test.app, 'wl_stale_move')
    const [iv, v, vi, i] = titles
    for (const title of [iv!, v!, vi!, i!]) await client.post('/api/watchlist', ref(title))
    // A tab left open shows [IV, V, VI, I]; another moves VI, then I, to the top: [I, VI, IV, V].
    for (const title of [vi!, i!])
      expect((await client.post(`${path(title)}/move`, { after: null })).statusCode).toBe(200)
    const order = async () =>
      (await client.get('/api/watchlist')).json<{ items: { tmdbId: number }[] }>().items.map((item) => item.tmdbId)
    expect(await order()).toEqual([i!.id, vi!.id, iv!.id, v!.id])

    // The stale tab moves IV one place later: after V, as it showed.
    expect((await client.post(`${path(iv!)}/move`, { after: ref(v!) })).statusCode).toBe(200)
    expect(await order()).toEqual([i!.id, vi!.id, v!.id, iv!.id])
    expect((await client.post(`${path(i!)}/move`, { before: ref(v!) })).statusCode).toBe(200)
    expect(await order()).toEqual([vi!.id, i!.id, v!.id, iv!.id])
    expect((await client.post(`${path(vi!)}/move`, { before: null })).statusCode).toBe(200)
    expect(await order()).toEqual([i!.id, v!.id, iv!.id, vi!.id])

    // Without the neighbour there is no telling where the move meant: refused, and nothing moves.
    await client.delete(path(v!))
    const orphan = await client.post(`${path(iv!)}/move`, { after: ref(v!) })
    expect(orphan.statusCode).toBe(409)
    expect(orphan.json<{ message: string }>().message).toBe('Your watchlist changed on another device; here it is now.')
    expect(await order()).toEqual([i!.id, iv!.id, vi!.id])

    // A client that says only a place number still gets it, as before.
    expect((await client.post(`${path(vi!)}/move`, { toIndex: 0 })).statusCode).toBe(200)
    expect(await order()).toEqual([vi!.id, i!.id, iv!.id])
  })

  it('refuses a note edit based on a note another device has changed since (409), and keeps that note', async () => {
    const { client } = await signedInAgent(test.app, 'wl_two_devices')
    await client.post('/api/watchlist', ref(titles[0]!))
    const first = await client.patch(path(titles[0]!), { note: 'A: with Sam in IMAX', previousNote: null })
    expect(first.statusCode).toBe(200)

    const stale = await client.patch(path(titles[0]!), { note: 'B: Mum says skip it', previousNote: null })
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ message: 'This note was changed on another device since you opened it.' })
    const noteNow = async () =>
      (await client.get('/api/watchlist')).json<{ items: { note: string | null }[] }>().items[0]?.note
    expect(await noteNow()).toBe('A: with Sam in IMAX')

    const current = await client.patch(path(titles[0]!), {
      note: 'B: Mum says skip it',
      previousNote: 'A: with Sam in IMAX',
    })
    expect(current.statusCode).toBe(200)
    expect(await noteNow()).toBe('B: Mum says skip it')
    const badPrevious = await client.patch(path(titles[0]!), { note: 'x', previousNote: 7 })
    expect(badPrevious.statusCode).toBe(400)
    expect(badPrevious.json<{ message: string }>().message).toContain('previousNote must be text')
  })

  it('puts a title taken off back as it was: its date added, note and place in the order', async () => {
    const { client } = await signedInAgent(test.app, 'wl_undoer')
    await client.post('/api/watchlist', { ...ref(titles[0]!), note: 'with Sam' })
    await client.post('/api/watchlist', ref(titles[1]!))
    type Item = { tmdbId: number; order: number; note: string | null; addedAt: string }
    const before = (await client.get('/api/watchlist')).json<{ items: Item[] }>().items[0]!
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await client.delete(path(titles[0]!))).statusCode).toBe(200)

    const putBack = await client.post(`${path(titles[0]!)}/restore`)
    expect(putBack.statusCode).toBe(201)
    const items = (await client.get('/api/watchlist')).json<{ items: Item[] }>().items
    expect(items.map((item) => [item.tmdbId, item.order])).toEqual([
      [titles[0]!.id, 0],
      [titles[1]!.id, 1],
    ])
    expect(items[0]).toMatchObject({ note: 'with Sam', addedAt: before.addedAt })
  })

  it('refuses to put back a title that is on the watchlist (409) or was never taken off (404)', async () => {
    const { client } = await signedInAgent(test.app, 'wl_undo_refused')
    const never = await client.post(`${path(titles[2]!)}/restore`)
    expect(never.statusCode).toBe(404)
    expect(never.json()).toMatchObject({
      message: 'This title was not taken off your watchlist, so there is nothing to put back.',
    })
    await client.post('/api/watchlist', ref(titles[2]!))
    await client.delete(path(titles[2]!))
    expect((await client.post(`${path(titles[2]!)}/restore`)).statusCode).toBe(201)
    const twice = await client.post(`${path(titles[2]!)}/restore`)
    expect(twice.statusCode).toBe(409)
    expect((await client.get('/api/watchlist')).json<{ total: number }>().total).toBe(1)
  })

  it('answers 404 when moving, editing or removing a title not on the watchlist, and 400 for a bad place', async () => {
    const { client } = await signedInAgent(test.app, 'wl_missing')
    expect((await client.delete(path(titles[3]!))).statusCode).toBe(404)
    expect((await client.patch(path(titles[3]!), { note: 'x' })).statusCode).toBe(404)
    await client.post('/api/watchlist', ref(titles[3]!))
    const outside = await client.post(`${path(titles[3]!)}/move`, { toIndex: 5 })
    expect(outside.statusCode).toBe(400)
    expect(outside.json<{ message: string }>().message).toBe('toIndex must be between 0 and 0.')
  })

  it("never shows or changes another user's watchlist", async () => {
    const alice = await signedInAgent(test.app, 'wl_alice')
    const bob = await signedInAgent(test.app, 'wl_bob')
    await alice.client.post('/api/watchlist', { ...ref(titles[0]!), note: 'secret plans' })
    const bobs = await bob.client.get('/api/watchlist')
    expect(bobs.json<{ total: number }>().total).toBe(0)
    expect(bobs.body).not.toContain('secret plans')
    await alice.client.post('/api/watchlist', ref(titles[1]!))
    // Bob's changes go to Bob's own stream: Alice's titles are not on his list.
    expect((await bob.client.delete(path(titles[0]!))).statusCode).toBe(404)
    expect((await bob.client.patch(path(titles[0]!), { note: 'hijacked' })).statusCode).toBe(404)
    expect((await bob.client.post(`${path(titles[1]!)}/move`, { toIndex: 0 })).statusCode).toBe(404)
    const bobsStatus = await bob.client.get(`/api/library/status/movie/${titles[0]!.id}`)
    expect(bobsStatus.json()).toMatchObject({ inWatchlist: false, watchlistNote: null })
    for (const format of ['csv', 'json']) {
      const exported = await bob.client.get(`/api/watchlist/export?format=${format}`)
      expect(exported.statusCode).toBe(200)
      expect(exported.body).not.toContain('secret plans')
      expect(exported.body).not.toContain(titles[0]!.title)
    }
    const alices = (await alice.client.get('/api/watchlist')).json<{
      items: { tmdbId: number; note: string | null }[]
    }>().items
    expect(alices.map((item) => [item.tmdbId, item.note])).toEqual([
      [titles[0]!.id, 'secret plans'],
      [titles[1]!.id, null],
    ])
  })

  it('sorts and filters', async () => {
    const { client } = await signedInAgent(test.app, 'wl_sorter')
    for (const title of titles.slice(0, 3)) await client.post('/api/watchlist', ref(title))
    const byTitle = (await client.get('/api/watchlist?sort=title')).json<{ items: { title: string }[] }>().items
    expect(byTitle.map((i) => i.title)).toEqual([...byTitle.map((i) => i.title)].sort(compareTitles))
    expect((await client.get('/api/watchlist?mediaType=tv')).json<{ total: number }>().total).toBe(0)
    expect((await client.get('/api/watchlist?mediaType=movie')).json<{ total: number }>().total).toBe(3)
    const paged = (await client.get('/api/watchlist?pageSize=2&page=2')).json<{ items: unknown[]; total: number }>()
    expect(paged.items).toHaveLength(1)
    expect(paged.total).toBe(3)
  })

  it('sorts by date added, release date and rating, both ways', async () => {
    const { client } = await signedInAgent(test.app, 'wl_sorter2')
    // Four titles that every sort tells apart, added in an order none of the sorts gives back by chance.
    const pool = (await test.platform.catalog.trendingMovies()).results
    const distinct = pool.filter(
      (title, i) =>
        pool.findIndex((other) => other.vote_average === title.vote_average) === i &&
        pool.findIndex((other) => other.release_date === title.release_date) === i,
    )
    const [a, b, c, d] = distinct
    const added = [c!, a!, d!, b!]
    for (const title of added) await client.post('/api/watchlist', ref(title))
    const ids = async (query: string) =>
      (await client.get(`/api/watchlist?${query}`)).json<{ items: { tmdbId: number }[] }>().items.map((i) => i.tmdbId)
    const by = (key: (title: MediaResult) => string | number) =>
      [...added].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map((title) => title.id)

    expect(await ids('')).toEqual(added.map((title) => title.id))
    expect(await ids('sort=order&direction=desc')).toEqual(added.map((title) => title.id).reverse())
    expect(await ids('sort=addedAt')).toEqual(added.map((title) => title.id))
    expect(await ids('sort=addedAt&direction=desc')).toEqual(added.map((title) => title.id).reverse())
    expect(await ids('sort=releaseDate')).toEqual(by((title) => title.release_date ?? ''))
    expect(await ids('sort=releaseDate&direction=desc')).toEqual(by((title) => title.release_date ?? '').reverse())
    // A title nobody has rated (a vote average of 0) goes last either way.
    const unrated = added.filter((title) => title.vote_average === 0).map((title) => title.id)
    const rated = by((title) => title.vote_average).filter((id) => !unrated.includes(id))
    expect(await ids('sort=rating&direction=desc')).toEqual([...[...rated].reverse(), ...unrated])
    expect(await ids('sort=rating')).toEqual([...rated, ...unrated])
  })

  /** Adds these catalog titles, found by name, in this order; answers the client. */
  async function withWatchlist(username: string, names: [string, 'movie' | 'tv'][]) {
    const { client } = await signedInAgent(test.app, username)
    for (const [name, mediaType] of names) {
      const { results } = await test.platform.catalog.search(name, 1)
      const title = results.find((result) => (result.title ?? result.name) === name && result.media_type === mediaType)
      expect(title, name).toBeDefined()
      expect((await client.post('/api/watchlist', { tmdbId: title!.id, mediaType })).statusCode).toBe(201)
    }
    return client
  }
  /** Every page of the watchlist in this sort, two titles a page. */
  async function pagedThrough(client: Awaited<ReturnType<typeof withWatchlist>>, query: string) {
    const shown: Record<string, unknown>[] = []
    for (let page = 1; page <= 3; page++) {
      const answer = await client.get(`/api/watchlist?${query}&pageSize=2&page=${page}`)
      shown.push(...answer.json<{ items: Record<string, unknown>[] }>().items)
    }
    return shown
  }

  it('sorts titles whatever their case, page after page, and answers no sort key', async () => {
    // Byte order put "The Ghost Writer" before "The Ghost and the Darkness", "ET: …" before "Eastbound & Down".
    const client = await withWatchlist('wl_titles', [
      ['The Ghost Writer', 'movie'],
      ['ET: The Extra-Terrestrial', 'movie'],
      ['The Ghost and the Darkness', 'movie'],
      ['Eastbound & Down', 'tv'],
      ['Sex Education', 'tv'],
    ])
    const shown = await pagedThrough(client, 'sort=title&direction=asc')
    expect(shown.map((item) => item.title)).toEqual([
      'Eastbound & Down',
      'ET: The Extra-Terrestrial',
      'Sex Education',
      'The Ghost and the Darkness',
      'The Ghost Writer',
    ])
    // What the list sorts by stays in the read model.
    for (const key of ['sortTitle', 'hasRating', 'sortRating'])
      for (const item of shown) expect(item).not.toHaveProperty(key)
  })

  it('lists the titles without a catalog rating last, whichever way ratings are sorted', async () => {
    // The offline catalog's shows have no rating (0, as TMDB answers for a title nobody voted on).
    const client = await withWatchlist('wl_unrated', [
      ['Sex Education', 'tv'],
      ['The Ghost Writer', 'movie'],
      ['Eastbound & Down', 'tv'],
      ['ET: The Extra-Terrestrial', 'movie'],
      ['The Ghost and the Darkness', 'movie'],
    ])
    const titles = async (direction: string) =>
      (await pagedThrough(client, `sort=rating&direction=${direction}`)).map((item) => item.title)
    // Those without one keep the user's order among themselves.
    expect(await titles('asc')).toEqual([
      'The Ghost and the Darkness',
      'The Ghost Writer',
      'ET: The Extra-Terrestrial',
      'Sex Education',
      'Eastbound & Down',
    ])
    expect(await titles('desc')).toEqual([
      'ET: The Extra-Terrestrial',
      'The Ghost Writer',
      'The Ghost and the Darkness',
      'Sex Education',
      'Eastbound & Down',
    ])
  })

  it('records which of the streaming services stream a title, and filters by one', async () => {
    const { client } = await signedInAgent(test.app, 'wl_providers')
    // The catalog as TMDB answers for a title on Netflix (8) and on a service the product does not carry.
    const [streamed, other] = [titles[1]!, titles[2]!]
    const details = test.platform.catalog.details.bind(test.platform.catalog)
    const spy = vi.spyOn(test.platform.catalog, 'details').mockImplementation(async (mediaType, id) => {
      const found = await details(mediaType, id)
      if (id !== streamed.id) return found
      const offer = (provider_id: number, provider_name: string) => ({ provider_id, provider_name, logo_path: null })
      return {
        ...found,
        watch_providers: {
          US: { flatrate: [offer(8, 'Netflix'), offer(1899, 'Elsewhere')], rent: [offer(9, 'Prime Video')] },
          GB: { flatrate: [offer(15, 'Hulu')] },
        },
      }
    })
    try {
      await client.post('/api/watchlist', ref(streamed))
      await client.post('/api/watchlist', ref(other))
    } finally {
      spy.mockRestore()
    }

    type Listed = { items: { tmdbId: number; streamingOn: number[] }[]; total: number }
    const all = (await client.get('/api/watchlist')).json<Listed>()
    expect(all.items.map((item) => [item.tmdbId, item.streamingOn])).toEqual([
      [streamed.id, [8]],
      [other.id, []],
    ])
    const onNetflix = (await client.get('/api/watchlist?provider=8')).json<Listed>()
    expect(onNetflix.items.map((item) => item.tmdbId)).toEqual([streamed.id])
    expect(onNetflix.total).toBe(1)
    expect((await client.get('/api/watchlist?provider=15')).json<Listed>().total).toBe(0)
    const invalid = await client.get('/api/watchlist?provider=netflix')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json<{ message: string }>().message).toMatch(/provider must be a provider id/)
  })

  it('exports the watchlist as CSV and JSON, in its order from 1', async () => {
    const { client } = await signedInAgent(test.app, 'wl_exporter')
    await client.post('/api/watchlist', { ...ref(titles[0]!), note: 'a "quoted", note' })
    await client.post('/api/watchlist', ref(titles[1]!))
    const moved = await client.post(`${path(titles[1]!)}/move`, { toIndex: 0 })
    const csv = await client.get('/api/watchlist/export?format=csv', {
      headers: { 'x-min-position': moved.json<{ position: string }>().position },
    })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.headers['content-disposition']).toContain('reelmates-watchlist.csv')
    // trimEnd: trim() would take the byte order mark away too.
    const lines = csv.body.trimEnd().split('\n')
    expect(lines[0]).toBe('\uFEFFposition,title,mediaType,tmdbId,releaseDate,addedAt,note,recommendedBy')
    expect(lines[1]).toMatch(new RegExp(`^1,"?${titles[1]!.title}`))
    expect(lines[2]).toMatch(new RegExp(`^2,"?${titles[0]!.title}`))
    expect(csv.body).toContain('"a ""quoted"", note"')
    const json = await client.get('/api/watchlist/export?format=json')
    expect(json.json<{ position: number; note: string | null }[]>().map((item) => [item.position, item.note])).toEqual([
      [1, null],
      [2, 'a "quoted", note'],
    ])
    expect((await client.get('/api/watchlist/export?format=xml')).statusCode).toBe(400)
  })

  it('exports a note a spreadsheet would run as a formula as text in the CSV, and as written in JSON', async () => {
    const { client } = await signedInAgent(test.app, 'wl_formula')
    await client.post('/api/watchlist', { ...ref(titles[0]!), note: '@SUM(1+1)' })
    const csv = (await client.get('/api/watchlist/export?format=csv')).body
    expect(csv).toMatch(/,'@SUM\(1\+1\),\n$/)
    const json = (await client.get('/api/watchlist/export?format=json')).json<{ note: string }[]>()
    expect(json.map((item) => item.note)).toEqual(['@SUM(1+1)'])
  })
})
