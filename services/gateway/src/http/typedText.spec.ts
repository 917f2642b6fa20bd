import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { watchlistStreamId } from '@reelmates/commands/watchlist/watchlist'
import { signedInAgent } from '../testing/signedIn'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { unshowableAt, unshowableMessage } from './typedText'

let t: TestApp
let title: MediaResult
beforeAll(async () => {
  t = await createTestApp()
  const [first] = (await t.platform.catalog.trendingMovies()).results
  if (!first) throw new Error('the catalog has no trending titles')
  title = first
})
afterAll(() => t.close())

describe('words that cannot be shown', () => {
  it('refuses a control character in a bio, naming the field, and keeps the bio as it was', async () => {
    const { client } = await signedInAgent(t.app, 'typed_bell')
    expect((await client.put('/api/user/profile', { bio: 'Films I love' })).statusCode).toBe(200)

    const answer = await client.put('/api/user/profile', { bio: 'ding\u0007 dong' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toEqual({
      message: unshowableMessage,
      error: 'Bad Request',
      validationErrors: { bio: unshowableMessage },
    })
    expect((await client.get('/api/user')).json()).toMatchObject({ bio: 'Films I love' })
  })

  it('refuses half of an emoji (an unpaired surrogate) in a watchlist note, and stores nothing', async () => {
    const { client, user } = await signedInAgent(t.app, 'typed_half')
    const answer = await client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie', note: 'so good \uD83D' })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ validationErrors: Record<string, string> }>().validationErrors).toEqual({
      note: unshowableMessage,
    })
    expect(await t.platform.eventStore.readStream(watchlistStreamId(user.id))).toHaveLength(0)
  })

  it('takes tabs, line breaks, whole emoji and every script', async () => {
    const { client } = await signedInAgent(t.app, 'typed_fine')
    const note = 'With Sam\tand Noor\r\nسارة 👩🏽‍🚀 映画 Z̷a̷l̷g̷o̷'
    const answer = await client.post('/api/watchlist', { tmdbId: title.id, mediaType: 'movie', note })
    expect(answer.statusCode).toBe(201)
  })

  it('names a field inside a list by its place', async () => {
    const { client } = await signedInAgent(t.app, 'typed_list')
    const answer = await client.post('/api/recommendations', {
      tmdbId: title.id,
      mediaType: 'movie',
      toUsernames: ['typed_fine', 'ann\u0000'],
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ validationErrors: Record<string, string> }>().validationErrors).toEqual({
      'toUsernames.1': unshowableMessage,
    })
  })

  it('leaves a password to the sign-in, which says the password is wrong, not that it has a bad character', async () => {
    await signedInAgent(t.app, 'typed_pass')
    const answer = await agent(t.app).post('/api/login', { username: 'typed_pass', password: 'correct\u0001horse' })
    expect(answer.statusCode).toBe(401)
  })
})

describe('where the check looks', () => {
  it('does not walk an uploaded picture, whose bytes are not text and would be an entry each', () => {
    // A picture's Buffer reaches the hook as the body; walking its 2 MB one entry at a time held the
    // whole server for seconds. Anything that is not JSON's own object or list is left alone.
    const picture = Object.assign(Buffer.alloc(2_000_000, 1), { label: 'ding\u0007' })
    expect(unshowableAt(picture)).toBeNull()
    expect(unshowableAt(new Uint8Array([7, 0, 27]))).toBeNull()
  })

  it('walks the objects and lists that JSON makes, however they were built', () => {
    expect(unshowableAt({ note: 'ok', tags: ['fine', 'ding\u0007'] })).toEqual(['tags', '1'])
    expect(unshowableAt(Object.assign(Object.create(null) as object, { bio: '\u0000' }))).toEqual(['bio'])
  })
})
