import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestDigestAnswer } from '@reelmates/contracts/digests'
import {
  breakingBadDetails,
  godfatherDetails,
  startTmdbTestServer,
  type TmdbTestServer,
} from '@reelmates/infra/catalog/tmdb/tmdbTestServer'
import { makeAdmin, mailsTo, register, testClock, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

/**
 * "Now streaming on your services" (issue 13.4): on a fake TMDB whose US flat-rate offers change
 * between two digests, through the real TMDB adapter and its cache, on a fake clock.
 * 2026-11-22 is a Sunday; weekly digests go out on Mondays from 08:00 UTC.
 */
const heading = 'Now streaming on your services'
const service = (id: number, name: string) => ({ provider_id: id, provider_name: name, logo_path: null })
const netflix = service(8, 'Netflix')
const hulu = service(15, 'Hulu')
const disney = service(337, 'Disney+')

let tmdb: TmdbTestServer
beforeAll(async () => {
  tmdb = await startTmdbTestServer()
})
afterAll(() => tmdb.close())

const open: { t: TestApp; dataDir: string }[] = []
afterEach(async () => {
  for (const { t, dataDir } of open.splice(0)) {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  tmdb.reset()
})

/** The fake TMDB answers The Godfather (movie 238) and Breaking Bad (tv 1396) as streaming on these. */
function streaming(on: { godfather: object[]; breakingBad: object[] }) {
  const offers = (flatrate: object[]) => ({ 'watch/providers': { results: { US: { flatrate } } } })
  tmdb.override('/movie/238', () => ({ status: 200, body: { ...godfatherDetails, ...offers(on.godfather) } }))
  tmdb.override('/tv/1396', () => ({ status: 200, body: { ...breakingBadDetails, ...offers(on.breakingBad) } }))
}

async function world(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-streaming-digest-'))
  const clock = testClock('2026-11-22T10:00:00.000Z')
  const t = await createTestApp({ dataDir, now: clock.now, env })
  open.push({ t, dataDir })
  const settle = async () => t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
  return {
    t,
    at(iso: string) {
      clock.advance(Date.parse(iso) - clock.now().getTime())
    },
    async runDigests() {
      await settle()
      expect(await t.platform.scheduler.runTimedJob('digests')).toBe(true)
      await settle()
    },
    async digestsOf(who: Registered) {
      await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
      return (await mailsTo(t.platform, who.user.email)).filter((mail) => mail.category === 'digest')
    },
    async befriend(a: Registered, b: Registered) {
      const asked = await a.client.post('/api/friendships', { username: b.user.username })
      const { id } = asked.json<{ friendship: { id: string } }>().friendship
      expect((await b.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    },
  }
}

const tmdbEnv = () => ({ TMDB_API_TOKEN: 'test-token', TMDB_BASE_URL: tmdb.baseUrl })

async function add(who: Registered, tmdbId: number, mediaType: 'movie' | 'tv') {
  const added = await who.client.post('/api/watchlist', { tmdbId, mediaType })
  expect(added.statusCode, added.body).toBe(201)
}

describe('digest: now streaming on your services', () => {
  it('lists a watchlist title once it lands on one of my services, once, with its page', async () => {
    streaming({ godfather: [], breakingBad: [hulu] })
    const w = await world(tmdbEnv())
    const ann = await register(w.t.app, 'ann_streams')
    const bob = await register(w.t.app, 'bob_streams')
    await w.befriend(ann, bob)
    // My services are those my watched log names: Hulu here (typed by hand, any case).
    const watched = await ann.client.post('/api/watched', { tmdbId: 1396, mediaType: 'tv', streamingService: 'hulu' })
    expect(watched.statusCode, watched.body).toBe(201)
    await add(ann, 238, 'movie') // streams nowhere when added
    await add(ann, 1396, 'tv') // already on Hulu when added
    expect((await bob.client.post('/api/watched', { tmdbId: 238, mediaType: 'movie' })).statusCode).toBe(201)

    w.at('2026-11-23T08:00:00.000Z')
    await w.runDigests()
    const [first] = await w.digestsOf(ann)
    expect(first?.text).toContain('bob_streams watched “The Godfather”')
    expect(first?.text).not.toContain(heading)

    // The Godfather arrives on Netflix and Hulu; Breaking Bad, on Hulu all along, adds Disney+.
    streaming({ godfather: [netflix, hulu], breakingBad: [hulu, disney] })
    w.at('2026-11-30T08:00:00.000Z')
    await w.runDigests()
    const digests = await w.digestsOf(ann)
    expect(digests).toHaveLength(2)
    const second = digests.find((mail) => mail.text !== first?.text)!
    expect(second.text).toContain(`${heading}\n- “The Godfather” is now on Hulu: http`)
    expect(second.text).toContain('/media/movie/238')
    expect(second.text).not.toContain('Netflix') // not one of my services
    expect(second.text).not.toContain('Breaking Bad') // on Hulu before; Disney+ is not mine
    expect(second.html).toMatch(
      /<h2[^>]*>Now streaming on your services<\/h2>\n<ul><li><a href="[^"]+\/media\/movie\/238">“The Godfather” is now on Hulu<\/a><\/li><\/ul>/,
    )
    // The baseline it moves to is in the event, not hidden state.
    const sent = (await w.t.platform.eventStore.readStream(`digest-${ann.user.id}`)).at(-1)
    const told = (sent?.data as { streaming?: unknown[] } | undefined)?.streaming
    expect(told).toHaveLength(2)
    expect(told).toContainEqual({ tmdbId: 238, mediaType: 'movie', providers: [8, 15], newOn: [15] })
    expect(told).toContainEqual({ tmdbId: 1396, mediaType: 'tv', providers: [15, 337], newOn: [] })

    // Nothing new since: told once, so no third digest (streaming news was all it would have had).
    w.at('2026-12-07T08:00:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(ann)).toHaveLength(2)
  }, 60_000)

  it('sends a digest whose only news is streaming, to every service when my log names none', async () => {
    streaming({ godfather: [], breakingBad: [] })
    const w = await world(tmdbEnv())
    const cy = await register(w.t.app, 'cy_streams')
    await add(cy, 238, 'movie')
    w.at('2026-11-23T08:00:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(cy)).toHaveLength(0)

    streaming({ godfather: [netflix], breakingBad: [] })
    w.at('2026-11-30T08:00:00.000Z')
    await w.runDigests()
    const [digest] = await w.digestsOf(cy)
    expect(digest?.text).toContain(`${heading}\n- “The Godfather” is now on Netflix`)
  }, 60_000)

  it('shows the section in /api/admin/test-digest, recording nothing', async () => {
    streaming({ godfather: [], breakingBad: [] })
    const w = await world(tmdbEnv())
    const boss = await register(w.t.app, 'boss_streams')
    await makeAdmin(w.t.platform, boss.user.id)
    const dee = await register(w.t.app, 'dee_streams')
    await add(dee, 238, 'movie')
    streaming({ godfather: [disney], breakingBad: [] })
    w.at('2026-11-23T11:00:00.000Z') // past the day TMDB's answers are cached for
    const preview = async () => {
      const answer = await boss.client.get('/api/admin/test-digest?username=dee_streams')
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json<TestDigestAnswer>()
    }
    const shown = await preview()
    expect(shown.empty).toBe(false)
    expect(shown.text).toContain(`${heading}\n- “The Godfather” is now on Disney+`)
    expect(shown.html).toContain('/media/movie/238">“The Godfather” is now on Disney+</a>')
    expect(await w.t.platform.eventStore.readStream(`digest-${dee.user.id}`)).toEqual([])
    // Showing it moved no baseline: it is still news.
    expect((await preview()).text).toContain(heading)
  }, 60_000)

  it('has no section with the offline catalog, which never changes', async () => {
    const w = await world({})
    const eve = await register(w.t.app, 'eve_offline')
    const fin = await register(w.t.app, 'fin_offline')
    await w.befriend(eve, fin)
    // Series made for a streaming service stream there in the offline catalog: they are on it already.
    const shows = (await w.t.platform.catalog.trendingTv()).results.slice(0, 3)
    for (const show of shows) await add(eve, show.id, 'tv')
    const streamed = await Promise.all(shows.map((show) => w.t.platform.catalog.details('tv', show.id)))
    expect(streamed.some((details) => (details.watch_providers.US?.flatrate ?? []).length > 0)).toBe(true)
    for (const week of ['2026-11-23', '2026-11-30']) {
      w.at(`${week}T07:00:00.000Z`)
      expect((await fin.client.post('/api/watched', { tmdbId: shows[0]!.id, mediaType: 'tv' })).statusCode).toBe(201)
      w.at(`${week}T08:00:00.000Z`)
      await w.runDigests()
    }
    const digests = await w.digestsOf(eve)
    expect(digests).toHaveLength(2)
    for (const digest of digests) {
      expect(digest.text).not.toContain(heading)
      expect(digest.html).not.toContain(heading)
    }
  }, 60_000)
})
