import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { mailsTo, password, register, testClock, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

/**
 * Digests on a fake clock (issue 13.4): the scheduler's `digests` job runs when the test says, at the
 * test's time, against the real composition on one data directory that outlives a restart.
 * 2026-11-22 is a Sunday; weekly digests go out on Mondays from 08:00 UTC.
 */
const dirs: string[] = []
const open: TestApp[] = []
afterEach(async () => {
  for (const app of open.splice(0)) await app.close()
})
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function world() {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-digests-'))
  dirs.push(dataDir)
  const clock = testClock('2026-11-22T10:00:00.000Z')
  let t: TestApp
  let titles: MediaResult[] = []
  return {
    clock,
    get t() {
      return t
    },
    async start() {
      t = await createTestApp({ dataDir, now: clock.now })
      open.push(t)
      if (titles.length === 0) titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 2)
    },
    async restart() {
      await t.close()
      open.splice(open.indexOf(t), 1)
      await this.start()
    },
    at(iso: string) {
      clock.advance(Date.parse(iso) - clock.now().getTime())
    },
    /** The member signed in again, on the restarted app. */
    async signIn(who: Registered): Promise<Registered> {
      const client = agent(t.app)
      expect((await client.post('/api/login', { username: who.user.username, password })).statusCode).toBe(200)
      return { ...who, client }
    },
    async befriend(a: Registered, b: Registered) {
      const asked = await a.client.post('/api/friendships', { username: b.user.username })
      expect(asked.statusCode, asked.body).toBe(201)
      const { id } = asked.json<{ friendship: { id: string } }>().friendship
      expect((await b.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
    },
    async watch(who: Registered, title = 0) {
      const answer = await who.client.post('/api/watched', { tmdbId: titles[title]!.id, mediaType: 'movie', rating: 8 })
      expect(answer.statusCode, answer.body).toBe(201)
      return titles[title]!.title
    },
    /** Runs the digest job once the read models have everything, and answers the digests in `who`'s inbox. */
    async runDigests() {
      await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition())
      expect(await t.platform.scheduler.runTimedJob('digests')).toBe(true)
    },
    async digestsOf(who: Registered) {
      const mails = await mailsTo(t.platform, who.user.email)
      return mails.filter((mail) => mail.category === 'digest')
    },
  }
}

describe('digests', () => {
  it('sends a weekly digest once per week, across a restart, and none for an empty week', async () => {
    const w = world()
    await w.start()
    const ann = await register(w.t.app, 'ann_weekly')
    const bob = await register(w.t.app, 'bob_weekly')
    await w.befriend(ann, bob)
    const watched = await w.watch(bob)

    w.at('2026-11-23T07:45:00.000Z') // Monday, before the hour
    await w.runDigests()
    expect(await w.digestsOf(ann)).toHaveLength(0)

    w.at('2026-11-23T08:00:00.000Z')
    await w.runDigests()
    const [first] = await w.digestsOf(ann)
    expect(first?.subject).toBe('Your Reelmates digest: what happened this past week')
    expect(first?.text).toContain(`bob_weekly watched “${watched}”`)
    expect(first?.html).toContain(`<li>bob_weekly watched “${watched}”</li>`)

    w.at('2026-11-23T08:15:00.000Z')
    await w.runDigests()
    await w.restart()
    const bobAgain = await w.signIn(bob)
    w.at('2026-11-23T08:30:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(ann)).toHaveLength(1)

    w.at('2026-11-25T19:00:00.000Z') // Wednesday
    await w.watch(bobAgain, 1)
    await w.runDigests()
    expect(await w.digestsOf(ann)).toHaveLength(1)

    w.at('2026-11-30T08:15:00.000Z')
    await w.runDigests()
    const digests = await w.digestsOf(ann)
    expect(digests).toHaveLength(2)
    // Since the last one: the first week's watch is not told again.
    expect(digests[0]?.text).not.toContain(watched)

    w.at('2026-12-07T08:00:00.000Z') // a week where nothing happened
    await w.runDigests()
    expect(await w.digestsOf(ann)).toHaveLength(2)
  }, 60_000)

  it('sends nothing to a member whose digest is none, and a daily digest every morning', async () => {
    const w = world()
    await w.start()
    const [cal, dee, eve] = await Promise.all(
      ['cal_none', 'dee_daily', 'eve_friend'].map((name) => register(w.t.app, name)),
    )
    expect((await cal!.client.put('/api/user/profile', { digestType: 'none' })).statusCode).toBe(200)
    expect((await dee!.client.put('/api/user/profile', { digestType: 'daily' })).statusCode).toBe(200)
    await w.befriend(cal!, eve!)
    await w.befriend(dee!, eve!)

    w.at('2026-11-23T06:00:00.000Z')
    await w.watch(eve!)
    w.at('2026-11-23T08:05:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(dee!)).toHaveLength(1)

    w.at('2026-11-23T20:00:00.000Z')
    await w.watch(eve!, 1)
    w.at('2026-11-24T08:05:00.000Z')
    await w.runDigests()
    w.at('2026-11-24T09:05:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(dee!)).toHaveLength(2)

    w.at('2026-11-25T08:05:00.000Z') // nothing happened yesterday
    await w.runDigests()
    expect(await w.digestsOf(dee!)).toHaveLength(2)

    w.at('2026-11-30T08:05:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(cal!)).toHaveLength(0)
  }, 60_000)

  it('carries a one-click unsubscribe that stops the digests, and only them, without signing in', async () => {
    const w = world()
    await w.start()
    const fay = await register(w.t.app, 'fay_leaves')
    const gus = await register(w.t.app, 'gus_friend')
    await w.befriend(fay, gus)
    await w.watch(gus)
    w.at('2026-11-23T08:00:00.000Z')
    await w.runDigests()
    const [digest] = await w.digestsOf(fay)
    const link = /https?:\/\/\S+\/unsubscribed\?token=(\S+)/.exec(digest?.text ?? '')
    expect(link, digest?.text).not.toBeNull()
    expect(digest?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(digest?.headers?.['List-Unsubscribe']).toContain(`/api/unsubscribe?token=${link![1]}`)

    // What a mail client does with the header: a POST with no cookie and no CSRF token.
    const clicked = await w.t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${link![1]}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(clicked.statusCode, clicked.body).toBe(200)
    expect(clicked.json()).toMatchObject({ message: 'You will not get digest emails from Reelmates any more.' })
    await w.t.platform.projections.waitForPosition(await w.t.platform.eventStore.headPosition())
    expect((await fay.client.get('/api/user')).json()).toMatchObject({
      digestType: 'none',
      receiveCampaignEmails: true,
    })

    await w.watch(gus, 1)
    w.at('2026-11-30T08:00:00.000Z')
    await w.runDigests()
    expect(await w.digestsOf(fay)).toHaveLength(1)
  }, 60_000)
})
