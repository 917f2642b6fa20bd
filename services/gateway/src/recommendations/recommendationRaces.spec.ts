import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { RecommendAnswer, RecommendationsAnswer } from '@reelmates/contracts/recommendations'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { password, register, type Registered } from '../account/accountFixtures'
import { beforeTheNextAnswerIsRead, holdTheNextAppend } from '../testing/meanwhile'
import { createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
beforeAll(async () => {
  t = await createTestApp()
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 3)
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
async function friends(...people: Registered[]) {
  const [first, ...others] = people
  for (const other of others) {
    const asked = await first!.client.post('/api/friendships', { username: other.user.username })
    const { id } = asked.json<{ friendship: { id: string } }>().friendship
    expect((await other.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
  }
}
const recommend = (from: Registered, to: Registered[], index = 0) =>
  from.client.post('/api/recommendations', {
    tmdbId: titles[index]!.id,
    mediaType: 'movie',
    toUsernames: to.map((person) => person.user.username),
  })
const received = async (who: Registered) =>
  (await who.client.get('/api/recommendations')).json<RecommendationsAnswer>().items

describe('a recommendation raced by the other member', () => {
  it('takes it onto the watchlist once when accepted from two tabs at once', async () => {
    const [ann, bob] = await Promise.all([member('ann'), member('bob')])
    await friends(ann, bob)
    const [sent] = (await recommend(bob, [ann])).json<RecommendAnswer>().recommendations
    const accept = () => ann.client.post(`/api/recommendations/${sent!.id}/accept`)

    const answers = await Promise.all([accept(), accept()])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect((await received(ann)).map((item) => item.status)).toEqual(['accepted'])
    const watchlist = (await ann.client.get('/api/watchlist')).json<{ items: WatchlistItem[] }>()
    expect(watchlist.items.map((item) => [item.tmdbId, item.recommendedBy?.username])).toEqual([
      [titles[0]!.id, bob.user.username],
    ])
  })

  it('leaves the title off the watchlist when it was watched on another device as the accept put it there', async () => {
    const [ann, bob] = await Promise.all([member('ann'), member('bob')])
    await friends(ann, bob)
    const [sent] = (await recommend(bob, [ann])).json<RecommendAnswer>().recommendations
    // The accept has checked that Ann never watched it, and is putting it on her watchlist ...
    const held = holdTheNextAppend(t.platform)
    const accepting = ann.client.post(`/api/recommendations/${sent!.id}/accept`)
    await held.reached
    // ... as her phone logs the watch.
    const logged = await ann.client.post('/api/watched', { tmdbId: titles[0]!.id, mediaType: 'movie' })
    expect(logged.statusCode, logged.body).toBe(201)
    held.release()

    const accepted = await accepting
    expect(accepted.statusCode, accepted.body).toBe(409)
    expect(accepted.json<{ message: string }>().message).toMatch(/already watched/i)
    const head = String(await t.platform.eventStore.headPosition())
    const watchlist = await ann.client.get('/api/watchlist', { headers: { 'x-min-position': head } })
    expect(watchlist.json<{ items: WatchlistItem[] }>().items).toEqual([])
  })

  it('answers a dismissal 404 when the sender deleted their account before the answer was read', async () => {
    const [ann, bob] = await Promise.all([member('ann'), member('bob')])
    await friends(ann, bob)
    const [sent] = (await recommend(bob, [ann])).json<RecommendAnswer>().recommendations
    const deletion = beforeTheNextAnswerIsRead(t.platform, () =>
      bob.client.delete('/api/user', { currentPassword: password }),
    )

    const dismissed = await ann.client.post(`/api/recommendations/${sent!.id}/dismiss`)
    expect((await deletion()).statusCode).toBe(200)
    expect(dismissed.statusCode, dismissed.body).toBe(404)
    expect(dismissed.json<{ message: string }>().message).toBe('No such recommendation.')
    expect(await received(ann)).toEqual([])
  })

  it('leaves out of the answer a recipient who deleted their account before it was read', async () => {
    const [ann, bob, cid] = await Promise.all([member('ann'), member('bob'), member('cid')])
    await friends(bob, ann, cid)
    const deletion = beforeTheNextAnswerIsRead(t.platform, () =>
      ann.client.delete('/api/user', { currentPassword: password }),
    )

    const sent = await recommend(bob, [ann, cid])
    expect((await deletion()).statusCode).toBe(200)
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json<RecommendAnswer>().recommendations.map((item) => item.to?.username)).toEqual([cid.user.username])
    expect((await received(cid)).map((item) => item.from.username)).toEqual([bob.user.username])
  })
})
