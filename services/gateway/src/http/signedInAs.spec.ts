import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { register } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'
import { signedInAsSomeoneElse } from './signedInAs'

let t: TestApp
let title: { tmdbId: number; mediaType: 'movie' }
beforeAll(async () => {
  t = await createTestApp()
  const [first] = (await t.platform.catalog.trendingMovies()).results
  title = { tmdbId: first!.id, mediaType: 'movie' }
})
afterAll(() => t.close())

const as = (userId: string) => ({ headers: { 'signed-in-as': userId } })
const watchlist = async (client: Awaited<ReturnType<typeof register>>['client']) =>
  (await client.get('/api/watchlist')).json<{ items: WatchlistItem[] }>().items

describe('a change made by one member, sent with another member’s session', () => {
  it('is refused 401 and changes nothing, whatever the change', async () => {
    const ann = await register(t.app, 'ann_signedin')
    const bob = await register(t.app, 'bob_signedin')
    // Bob's browser, holding a change Ann's page made before she signed out there.
    const added = await bob.client.post('/api/watchlist', title, as(ann.user.id))
    expect(added.statusCode).toBe(401)
    expect(added.json()).toMatchObject({ message: signedInAsSomeoneElse })
    const bio = await bob.client.put('/api/user/profile', { bio: 'written by ann' }, as(ann.user.id))
    expect(bio.statusCode).toBe(401)
    expect(await watchlist(bob.client)).toEqual([])
    expect((await bob.client.get('/api/user')).json()).not.toMatchObject({ bio: 'written by ann' })
  })

  it('goes through when it names the member signed in, or names no one (another client)', async () => {
    const ann = await register(t.app, 'ann_itself')
    expect((await ann.client.post('/api/watchlist', title, as(ann.user.id))).statusCode).toBe(201)
    expect((await ann.client.delete(`/api/watchlist/movie/${title.tmdbId}`)).statusCode).toBe(200)
    expect((await ann.client.post('/api/watchlist', title)).statusCode).toBe(201)
    expect(await watchlist(ann.client)).toHaveLength(1)
  })

  it('still signs out whoever is signed in', async () => {
    const ann = await register(t.app, 'ann_leaving')
    const bob = await register(t.app, 'bob_leaving')
    expect((await bob.client.post('/api/logout', undefined, as(ann.user.id))).statusCode).toBe(200)
    expect((await bob.client.get('/api/user')).statusCode).toBe(401)
  })
})
