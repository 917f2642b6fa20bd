import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { filesContaining } from '../testing/filesContaining'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { accountWorkSettled } from './background'
import { password, register, type Registered } from './accountFixtures'

/**
 * Issue 16.8: what a member wrote (watchlist notes, reviews, comments, recommendation notes) leaves
 * no byte behind when the account is deleted: no SQLite file or its WAL, no read model in memory, no
 * snapshot, no mail in the outbox. Each word is unique, so any hit is this member's text.
 */
const written = {
  watchlistNote: 'erased-watchlist-note-8813',
  review: 'erased-review-8813',
  privateReview: 'erased-private-review-8813',
  ownComment: 'erased-comment-on-own-8813',
  commentOnFriend: 'erased-comment-on-friend-8813',
  recommendationNote: 'erased-recommendation-note-8813',
  mailedRecommendationNote: 'erased-mailed-note-8813',
}
type Written = keyof typeof written

const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-erasure-scan-'))
let t: TestApp
let closed = false
let doomed: Registered
let friend: Registered

async function ok(answer: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const settled = await answer
  expect(settled.statusCode, settled.body).toBeLessThan(300)
  return settled
}
const activity = (id: string) => `/api/activities/${encodeURIComponent(id)}`
const watchedActivity = (answer: LightMyRequestResponse) => `watched:${answer.json<{ entryId: string }>().entryId}`

/** Everything the platform has settled: mail work, the scheduler's reactions, the projectors, the snapshot. */
async function settled() {
  await accountWorkSettled(t.platform)
  const head = await t.platform.eventStore.headPosition()
  expect(await t.platform.scheduler.waitForPosition(head, 20_000)).toBe(true)
  expect(await t.platform.projections.waitForPosition(head, 20_000)).toBe(true)
  await t.platform.readStore.flush()
}

/** Each written text with the files that hold its bytes and the read-model collections that hold it. */
async function whereIs(): Promise<Record<Written, string[]>> {
  const collections = await t.platform.readStore.listCollections()
  const documents = new Map<string, string>()
  for (const name of collections) {
    documents.set(name, JSON.stringify(await t.platform.readStore.collection(name).find({})))
  }
  const result = {} as Record<Written, string[]>
  for (const [key, text] of Object.entries(written) as [Written, string][]) {
    const inMemory = [...documents].filter(([, json]) => json.includes(text)).map(([name]) => `read model ${name}`)
    result[key] = [...filesContaining(dataDir, text), ...inMemory]
  }
  return result
}

beforeAll(async () => {
  t = await createTestApp({ dataDir })
  doomed = await register(t.app, 'erased8813')
  friend = await register(t.app, 'keeper8813')
  const { friendship } = (await ok(doomed.client.post('/api/friendships', { username: friend.user.username }))).json<{
    friendship: { id: string }
  }>()
  await ok(friend.client.post(`/api/friendships/${friendship.id}/accept`))

  const [first, second, third] = (await t.platform.catalog.trendingMovies()).results
  await ok(doomed.client.post('/api/watchlist', { tmdbId: first!.id, mediaType: 'movie', note: written.watchlistNote }))
  const review = { mediaType: 'movie', rating: 7, recommend: true }
  const own = await ok(doomed.client.post('/api/watched', { ...review, tmdbId: second!.id, review: written.review }))
  await ok(
    doomed.client.post('/api/watched', {
      ...review,
      tmdbId: third!.id,
      isPrivate: true,
      review: written.privateReview,
    }),
  )
  await ok(doomed.client.post(`${activity(watchedActivity(own))}/comments`, { content: written.ownComment }))
  const friends = await ok(friend.client.post('/api/watched', { ...review, tmdbId: first!.id, review: 'kept' }))
  await ok(doomed.client.post(`${activity(watchedActivity(friends))}/comments`, { content: written.commentOnFriend }))
  await ok(
    doomed.client.post('/api/recommendations', {
      tmdbId: first!.id,
      mediaType: 'movie',
      toUsernames: [friend.user.username],
      note: written.recommendationNote,
    }),
  )
  await ok(
    doomed.client.post('/api/recommendations', {
      tmdbId: second!.id,
      mediaType: 'movie',
      toEmail: 'newcomer8813@example.com',
      note: written.mailedRecommendationNote,
    }),
  )
  await settled()
})
afterAll(async () => {
  if (!closed) await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("a deleted member's own words", () => {
  it('are in the read models, their snapshot and the outbox before the deletion (so the scan can find them)', async () => {
    const found = await whereIs()
    for (const key of Object.keys(written) as Written[]) {
      expect(found[key], key).toContain('read-models.db')
      expect(
        found[key].some((where) => where.startsWith('read model ')),
        key,
      ).toBe(true)
    }
    expect(found.mailedRecommendationNote).toContain('outbox.db')
    // Sealed on append: the event store never holds them in clear.
    for (const key of Object.keys(written) as Written[]) {
      expect(
        found[key].filter((name) => name.startsWith('events.db')),
        key,
      ).toEqual([])
    }
  })

  it('are in no file, WAL, read model, snapshot or mail once the account is deleted', async () => {
    await ok(doomed.client.delete('/api/user', { currentPassword: password }))
    await settled()
    const nowhere = Object.fromEntries(Object.keys(written).map((key) => [key, []]))
    expect(await whereIs()).toEqual(nowhere)
    // A rebuild of every read model from the log brings none of them back.
    for (const projector of allProjectors) await t.platform.projections.rebuild(projector.name)
    expect(await whereIs()).toEqual(nowhere)
    await t.close()
    closed = true
    for (const text of Object.values(written)) expect(filesContaining(dataDir, text), text).toEqual([])
  })

  it("leave the friend's own activity and account whole", async () => {
    expect(closed).toBe(true)
    t = await createTestApp({ dataDir })
    closed = false
    const sameBrowser = agent(t.app)
    for (const [name, value] of friend.client.cookies) sameBrowser.cookies.set(name, value)
    const watched = await ok(sameBrowser.get('/api/watched'))
    expect(watched.body).toContain('kept')
    for (const text of Object.values(written)) expect(watched.body).not.toContain(text)
    for (const text of Object.values(written)) expect(filesContaining(dataDir, text), text).toEqual([])
  })
})
