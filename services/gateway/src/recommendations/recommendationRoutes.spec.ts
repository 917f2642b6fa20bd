import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import type { RecommendAnswer, RecommendationAnswer, RecommendationsAnswer } from '@reelmates/contracts/recommendations'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import type { PublicProfileAnswer } from '@reelmates/contracts/profiles'
import { recommendationsStreamId } from '@reelmates/commands/recommendation/recommendation'
import { mailsTo, password, register, testClock, tokenIn, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
const clock = testClock()
beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { PUBLIC_URL: 'https://reelmates.test' } })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 4)
  expect(titles).toHaveLength(4)
})
afterAll(() => t.close())

let counter = 0
const member = (name: string) => register(t.app, `${name}_${(counter += 1)}`)
const befriend = async (a: Registered, b: Registered) => {
  const id = (await a.client.post('/api/friendships', { username: b.user.username })).json<{
    friendship: { id: string }
  }>().friendship.id
  expect((await b.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
}
const friends = async () => {
  const ann = await member('ann')
  const bob = await member('bob')
  await befriend(ann, bob)
  return { ann, bob }
}
const title = (index: number) => ({ tmdbId: titles[index]!.id, mediaType: 'movie' as const })
const recommend = (from: Registered, body: Record<string, unknown>) => from.client.post('/api/recommendations', body)
const box = async (who: Registered, which: 'received' | 'sent', position?: string) =>
  (
    await who.client.get(`/api/recommendations?box=${which}`, {
      headers: position ? { 'x-min-position': position } : {},
    })
  ).json<RecommendationsAnswer>().items
/** The scheduler records each mail it sent (`emailSent`) after the outbox has it: read models reach that too. */
const mailRecorded = async () =>
  expect(await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)).toBe(true)
/** Signs a newcomer up through a recommendation mail's link; answers them and their inbox, read after the sign-up. */
const signUpThrough = async (token: string, email: string) => {
  const newcomer = agent(t.app)
  const username = `newcomer_${(counter += 1)}`
  const signedUp = await newcomer.post('/api/register', {
    username,
    email,
    password: 'correct-horse',
    recommendationToken: token,
  })
  expect(signedUp.statusCode, signedUp.body).toBe(201)
  const position = signedUp.json<{ position: string }>().position
  const inbox = await newcomer.get('/api/recommendations?box=received', { headers: { 'x-min-position': position } })
  return { newcomer, username, inbox: inbox.json<RecommendationsAnswer>().items }
}

const sentOne = async (from: Registered, to: Registered, index = 0, note: string | null = 'Trust me') => {
  const answer = await recommend(from, { ...title(index), toUsernames: [to.user.username], note })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json<RecommendAnswer>().recommendations[0]!
}

describe('POST /api/recommendations', () => {
  it('recommends a title to a friend with a note, and both lists show it', async () => {
    const { ann, bob } = await friends()
    const answer = await recommend(ann, { ...title(0), toUsernames: [bob.user.username], note: 'You will love it' })
    expect(answer.statusCode, answer.body).toBe(201)
    const [sent] = answer.json<RecommendAnswer>().recommendations
    expect(sent).toMatchObject({
      from: { username: ann.user.username },
      to: { username: bob.user.username },
      toEmail: null,
      tmdbId: titles[0]!.id,
      mediaType: 'movie',
      mediaTitle: titles[0]!.title,
      note: 'You will love it',
      status: 'pending',
      emailSent: false,
    })
    expect(await box(bob, 'received')).toEqual([sent])
    expect(await box(ann, 'sent')).toEqual([sent])
    expect(await box(ann, 'received')).toEqual([])
  })

  it('sends one title to several friends at once', async () => {
    const { ann, bob } = await friends()
    const cat = await member('cat')
    await befriend(ann, cat)
    const answer = await recommend(ann, { ...title(0), toUsernames: [bob.user.username, cat.user.username] })
    expect(answer.statusCode).toBe(201)
    expect(answer.json<RecommendAnswer>().recommendations.map((r) => r.to?.username)).toEqual([
      bob.user.username,
      cat.user.username,
    ])
  })

  it('refuses someone who is not a friend (403), and sends to nobody', async () => {
    const { ann, bob } = await friends()
    const stranger = await member('stranger')
    const answer = await recommend(ann, { ...title(0), toUsernames: [bob.user.username, stranger.user.username] })
    expect(answer.statusCode).toBe(403)
    expect(answer.json<{ message: string }>().message).toContain(stranger.user.username)
    expect(await box(bob, 'received')).toEqual([])
  })

  it('answers 409 for the same title to the same person while it is pending', async () => {
    const { ann, bob } = await friends()
    await sentOne(ann, bob)
    const again = await recommend(ann, { ...title(0), toUsernames: [bob.user.username] })
    expect(again.statusCode).toBe(409)
    expect(again.json<{ message: string }>().message).toMatch(/already recommended/)
  })

  it('refuses bad input with a message', async () => {
    const { ann, bob } = await friends()
    const cases = [
      { body: { ...title(0), toUsernames: [bob.user.username], note: 'x'.repeat(501) }, message: /at most 500/ },
      { body: { ...title(0) }, message: /at least one friend/ },
      { body: { ...title(0), toUsernames: [] }, message: /at least one friend/ },
      { body: { ...title(0), toEmail: 'not-an-address' }, message: /valid email/ },
      { body: { tmdbId: 'x', mediaType: 'movie', toUsernames: [bob.user.username] }, message: /tmdbId/ },
    ]
    for (const { body, message } of cases) {
      const answer = await recommend(ann, body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    expect((await recommend(ann, { ...title(0), toUsernames: ['nobody_at_all'] })).statusCode).toBe(404)
    expect(
      (await recommend(ann, { tmdbId: 999_999_999, mediaType: 'movie', toUsernames: [bob.user.username] })).statusCode,
    ).toBe(404)
  })

  it('refuses a recommendation to one’s own address', async () => {
    const { ann } = await friends()
    expect((await recommend(ann, { ...title(0), toEmail: ann.user.email })).statusCode).toBe(400)
  })

  it('mails a member recommended by address, and puts it in their inbox', async () => {
    const { ann } = await friends()
    const dan = await member('dan')
    const answer = await recommend(ann, { ...title(1), toEmail: dan.user.email, note: 'For your weekend' })
    expect(answer.statusCode, answer.body).toBe(201)
    const [mail] = await mailsTo(t.platform, dan.user.email)
    expect(mail).toMatchObject({
      category: 'recommendation',
      subject: `${ann.user.username} recommends ${titles[1]!.title}`,
    })
    expect(mail!.text).toContain('For your weekend')
    expect(mail!.text).toContain('https://reelmates.test/recommendations')
    await mailRecorded()
    expect(await box(dan, 'received')).toMatchObject([{ from: { username: ann.user.username }, emailSent: true }])
  })

  it('never tells the sender of a private watch: the Sent tab and the bell stay as they were', async () => {
    const { ann, bob } = await friends()
    expect((await recommend(ann, { ...title(3), toUsernames: [bob.user.username] })).statusCode).toBe(201)
    const watched = await bob.client.post('/api/watched', { ...title(3), rating: 4, isPrivate: true })
    expect(watched.statusCode, watched.body).toBe(201)
    await t.platform.projections.waitForPosition(BigInt(watched.json<{ position: string }>().position))
    await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
    await mailRecorded()
    expect(await box(ann, 'sent')).toMatchObject([{ status: 'pending', rating: null }])
    const bell = (await ann.client.get('/api/notifications')).json<{ items: { text: string }[] }>().items
    expect(bell.filter((item) => /watched/.test(item.text))).toEqual([])
  })

  it('tells the sender of a private watch once it is made public, as it would have been at first', async () => {
    const { ann, bob } = await friends()
    expect((await recommend(ann, { ...title(3), toUsernames: [bob.user.username] })).statusCode).toBe(201)
    const watched = await bob.client.post('/api/watched', { ...title(3), rating: 4, isPrivate: true })
    expect(watched.statusCode, watched.body).toBe(201)
    const { entryId } = watched.json<{ entryId: string }>()
    const published = await bob.client.patch(`/api/watched/${entryId}`, { isPrivate: false })
    expect(published.statusCode, published.body).toBe(200)
    await t.platform.projections.waitForPosition(BigInt(published.json<{ position: string }>().position))
    await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
    await mailRecorded()
    expect(await box(ann, 'sent')).toMatchObject([{ status: 'watched', rating: 4 }])
    const bell = (await ann.client.get('/api/notifications')).json<{ items: { text: string }[] }>().items
    const name = titles[3]!.title ?? titles[3]!.name
    expect(bell.filter((item) => /watched/.test(item.text)).map((item) => item.text)).toEqual([
      `${bob.user.username} watched ${name}`,
    ])

    // Edited again (a new rating), it is not told twice.
    const rated = await bob.client.patch(`/api/watched/${entryId}`, { rating: 5 })
    expect(rated.statusCode, rated.body).toBe(200)
    await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
    await mailRecorded()
    const again = (await ann.client.get('/api/notifications')).json<{ items: { text: string }[] }>().items
    expect(again.filter((item) => /watched/.test(item.text))).toHaveLength(1)
  })

  it('shows the sender the address it was sent to, never the account behind it', async () => {
    const { ann } = await friends()
    const dan = await member('dan')
    const answer = await recommend(ann, { ...title(2), toEmail: dan.user.email })
    expect(answer.statusCode, answer.body).toBe(201)
    const [sent] = answer.json<RecommendAnswer>().recommendations
    expect(sent).toMatchObject({ to: null, toEmail: dan.user.email })
    // (The fixture's address holds the username: look for it as a username.)
    const asUsername = `"username":"${dan.user.username}"`
    expect(answer.body).not.toContain(asUsername)
    const { position } = answer.json<RecommendAnswer>()
    const sentBox = await box(ann, 'sent', position)
    expect(sentBox.find((item) => item.id === sent!.id)).toMatchObject({ to: null, toEmail: dan.user.email })
    expect(JSON.stringify(sentBox)).not.toContain(asUsername)

    // Dan watches and rates it: Ann's profile, which anyone may read, does not name him as her best pick.
    expect((await dan.client.post(`/api/recommendations/${sent!.id}/accept`)).statusCode).toBe(200)
    const watched = await dan.client.post('/api/watched', { ...title(2), rating: 10 })
    expect(watched.statusCode, watched.body).toBe(201)
    await t.platform.projections.waitForPosition(BigInt(watched.json<{ position: string }>().position))
    const profile = await dan.client.get(`/api/users/${ann.user.username}`)
    expect(profile.statusCode).toBe(200)
    expect(profile.json<{ recommendations: { bestPick: unknown } }>().recommendations.bestPick).toBeNull()

    // Nor do her feed and her bell: no "to dan" activity, and the answers come without his name.
    await t.platform.scheduler.waitForPosition(await t.platform.eventStore.headPosition(), 10_000)
    await mailRecorded()
    const feed = await ann.client.get('/api/feed')
    expect(feed.statusCode).toBe(200)
    expect(feed.body).not.toContain(asUsername)
    const bell = (await ann.client.get('/api/notifications')).json<{ items: { text: string }[] }>().items
    const name = titles[2]!.title ?? titles[2]!.name
    expect(
      bell
        .map((item) => item.text)
        .filter((text) => text.startsWith('Your recommendation'))
        .sort(),
    ).toEqual([`Your recommendation of ${name} was accepted`, `Your recommendation of ${name} was watched`])
    expect(JSON.stringify(bell)).not.toContain(dan.user.username)
  })
})

describe('answering a recommendation', () => {
  it('accepts: the title goes onto the watchlist, recommended by the sender; twice is 409', async () => {
    const { ann, bob } = await friends()
    const sent = await sentOne(ann, bob)
    const accepted = await bob.client.post(`/api/recommendations/${sent.id}/accept`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const { recommendation, position } = accepted.json<RecommendationAnswer>()
    expect(recommendation.status).toBe('accepted')
    const watchlist = await bob.client.get('/api/watchlist', { headers: { 'x-min-position': position! } })
    expect(watchlist.json<{ items: WatchlistItem[] }>().items).toMatchObject([
      { tmdbId: titles[0]!.id, recommendedBy: { recommendationId: sent.id, username: ann.user.username } },
    ])
    // The export names the friend too, as the list does.
    const exported = await bob.client.get('/api/watchlist/export?format=json', {
      headers: { 'x-min-position': position! },
    })
    expect(exported.json()).toMatchObject([{ tmdbId: titles[0]!.id, recommendedBy: ann.user.username }])
    expect((await bob.client.post(`/api/recommendations/${sent.id}/accept`)).statusCode).toBe(409)
    expect(await box(ann, 'sent')).toMatchObject([{ status: 'accepted' }])
  })

  it('a title taken off the watchlist and put back is still recommended by the sender, and still accepted', async () => {
    const { ann, bob } = await friends()
    const sent = await sentOne(ann, bob)
    await bob.client.post(`/api/recommendations/${sent.id}/accept`)
    const path = `/api/watchlist/movie/${titles[0]!.id}`
    expect((await bob.client.delete(path)).statusCode).toBe(200)
    const putBack = await bob.client.post(`${path}/restore`)
    expect(putBack.statusCode, putBack.body).toBe(201)
    const position = putBack.json<{ position: string }>().position
    const watchlist = await bob.client.get('/api/watchlist', { headers: { 'x-min-position': position } })
    expect(watchlist.json<{ items: WatchlistItem[] }>().items).toMatchObject([
      { tmdbId: titles[0]!.id, recommendedBy: { recommendationId: sent.id, username: ann.user.username } },
    ])
    expect(await box(ann, 'sent')).toMatchObject([{ status: 'accepted' }])
  })

  it('accepts a title already on the watchlist, leaving the watchlist as it was', async () => {
    const { ann, bob } = await friends()
    expect((await bob.client.post('/api/watchlist', title(0))).statusCode).toBe(201)
    const sent = await sentOne(ann, bob)
    expect((await bob.client.post(`/api/recommendations/${sent.id}/accept`)).statusCode).toBe(200)
    const items = (await bob.client.get('/api/watchlist')).json<{ items: WatchlistItem[] }>().items
    expect(items).toHaveLength(1)
  })

  it('refuses to accept a title watched before it was recommended, and leaves the watchlist as it was', async () => {
    const { ann, bob } = await friends()
    expect((await bob.client.post('/api/watched', { ...title(0), rating: 8 })).statusCode).toBe(201)
    const sent = await sentOne(ann, bob)
    const accepted = await bob.client.post(`/api/recommendations/${sent.id}/accept`)
    expect(accepted.statusCode).toBe(409)
    expect(accepted.json<{ message: string }>().message).toBe('You already watched this title.')
    expect((await bob.client.get('/api/watchlist')).json<{ items: WatchlistItem[] }>().items).toEqual([])
    expect((await bob.client.post(`/api/recommendations/${sent.id}/dismiss`)).statusCode).toBe(200)
  })

  it('dismisses, and restores the dismissal', async () => {
    const { ann, bob } = await friends()
    const sent = await sentOne(ann, bob)
    const dismissed = await bob.client.post(`/api/recommendations/${sent.id}/dismiss`)
    expect(dismissed.json<RecommendationAnswer>().recommendation.status).toBe('dismissed')
    expect((await bob.client.post(`/api/recommendations/${sent.id}/dismiss`)).statusCode).toBe(409)
    const restored = await bob.client.post(`/api/recommendations/${sent.id}/restore`)
    expect(restored.statusCode).toBe(200)
    expect(restored.json<RecommendationAnswer>().recommendation.status).toBe('pending')
    expect((await bob.client.post(`/api/recommendations/${sent.id}/restore`)).statusCode).toBe(409)
  })

  it('refuses the wrong user: the sender is 403, anyone else 404, an unknown id 404, a malformed id 400', async () => {
    const { ann, bob } = await friends()
    const eve = await member('eve')
    const sent = await sentOne(ann, bob)
    for (const path of ['accept', 'dismiss', 'restore']) {
      expect((await ann.client.post(`/api/recommendations/${sent.id}/${path}`)).statusCode).toBe(403)
      expect((await eve.client.post(`/api/recommendations/${sent.id}/${path}`)).statusCode).toBe(404)
      expect(
        (await bob.client.post(`/api/recommendations/00000000-0000-4000-8000-000000000000/${path}`)).statusCode,
      ).toBe(404)
      expect((await bob.client.post(`/api/recommendations/nope/${path}`)).statusCode).toBe(400)
    }
    expect(await box(eve, 'received')).toEqual([])
    expect(await box(bob, 'received')).toMatchObject([{ status: 'pending' }])
  })

  it('moves to watched when the recipient logs it, with their public rating, and tells the sender’s stream', async () => {
    const { ann, bob } = await friends()
    const sent = await sentOne(ann, bob, 2)
    await bob.client.post(`/api/recommendations/${sent.id}/dismiss`)
    const logged = await bob.client.post('/api/watched', { ...title(2), rating: 9 })
    expect(logged.statusCode, logged.body).toBe(201)
    const position = logged.json<{ position: string }>().position
    expect(await box(ann, 'sent', position)).toMatchObject([{ status: 'watched', rating: 9 }])

    expect(await t.platform.scheduler.waitForPosition(BigInt(position), 20_000)).toBe(true)
    const stream = await t.platform.eventStore.readStream(recommendationsStreamId(ann.user.id))
    expect(stream.filter((event) => event.type === 'RecommendationWatched').map((event) => event.data)).toEqual([
      expect.objectContaining({ recommendationId: sent.id, toUserId: bob.user.id, rating: 9 }),
    ])
    expect((await bob.client.post(`/api/recommendations/${sent.id}/accept`)).statusCode).toBe(409)

    // Removed and put back (the diary's Undo), the watch is the same one: the sender is not told twice.
    const { entryId } = logged.json<{ entryId: string }>()
    expect((await bob.client.delete(`/api/watched/${entryId}`)).statusCode).toBe(200)
    const putBack = await bob.client.post(`/api/watched/${entryId}/restore`)
    expect(putBack.statusCode).toBe(201)
    expect(
      await t.platform.scheduler.waitForPosition(BigInt(putBack.json<{ position: string }>().position), 20_000),
    ).toBe(true)
    const after = await t.platform.eventStore.readStream(recommendationsStreamId(ann.user.id))
    expect(after.filter((event) => event.type === 'RecommendationWatched')).toHaveLength(1)

    const profile = await bob.client.get(`/api/users/${ann.user.username}`)
    expect(profile.json<PublicProfileAnswer>().recommendations).toEqual({
      sent: 1,
      hits: 1,
      hitRate: 1,
      bestPick: {
        tmdbId: titles[2]!.id,
        mediaType: 'movie',
        mediaTitle: titles[2]!.title,
        mediaPosterPath: titles[2]!.poster_path,
        rating: 9,
        to: { username: bob.user.username },
      },
    })
  }, 30_000)
})

describe('to an address without an account', () => {
  it('mails a sign-up link; signing up with its token puts it in the new inbox with a friend request from the sender', async () => {
    const ann = await member('ann')
    const email = `newcomer${(counter += 1)}@example.org`
    const answer = await recommend(ann, { ...title(3), toEmail: email, note: 'Watch this first' })
    expect(answer.statusCode, answer.body).toBe(201)
    expect(answer.json<RecommendAnswer>().recommendations).toMatchObject([{ to: null, toEmail: email }])

    const [mail] = await mailsTo(t.platform, email)
    expect(mail).toMatchObject({ category: 'recommendation-invitation' })
    expect(mail!.text).toContain('Watch this first')
    const link = new URL(/https:\/\/reelmates\.test\/sign_up\?\S+/.exec(mail!.text)![0])
    expect(link.searchParams.get('returnTo')).toBe('/recommendations')
    expect(link.searchParams.get('email')).toBe(email)
    const token = tokenIn(mail, /[?&]token=([^&\s]+)/)
    await mailRecorded()
    expect(await box(ann, 'sent')).toMatchObject([{ emailSent: true, status: 'pending' }])

    // Before signing up, the link's page may say who recommended what: its token, not its words, says so.
    const visitor = agent(t.app)
    const preview = (which: string) => visitor.get(`/api/recommendations/link?token=${encodeURIComponent(which)}`)
    expect((await preview(token)).json()).toEqual({ from: ann.user.username, mediaTitle: titles[3]!.title })
    expect((await preview(`${token.slice(0, -4)}AAAA`)).statusCode).toBe(404)
    expect((await preview('r-bogus')).json()).toMatchObject({ message: 'This recommendation link is invalid.' })

    const { newcomer, username, inbox } = await signUpThrough(token, email)
    expect(inbox).toMatchObject([
      { from: { username: ann.user.username }, to: { username }, status: 'pending', note: 'Watch this first' },
    ])
    const requests = (await newcomer.get('/api/friendships')).json<FriendsAnswer>()
    expect(requests.incoming.map((request) => request.user.username)).toEqual([ann.user.username])

    // Single use: a second sign-up with the same token has an account, but no recommendation.
    const other = agent(t.app)
    const again = await other.post('/api/register', {
      username: `other_${(counter += 1)}`,
      email: `other${counter}@example.org`,
      password: 'correct-horse',
      recommendationToken: token,
    })
    expect(again.statusCode).toBe(201)
    expect((await other.get('/api/recommendations?box=received')).json<RecommendationsAnswer>().items).toEqual([])
    const used = await preview(token)
    expect([used.statusCode, used.json<{ message: string }>().message]).toEqual([
      410,
      'This recommendation link was used before and can only be used once.',
    ])
  })
})

describe('to an address of a member who has an account under another one', () => {
  it('is claimed by the member who signs in from its link, once; the same member again is told nothing went wrong', async () => {
    const ann = await member('ann')
    const dave = await member('dave')
    const email = `dave.alt${(counter += 1)}@example.org`
    expect((await recommend(ann, { ...title(1), toEmail: email, note: 'For you' })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)

    const claimed = await dave.client.post('/api/recommendations/claim', { token })
    expect(claimed.statusCode, claimed.body).toBe(200)
    expect(claimed.json<RecommendationAnswer>().recommendation).toMatchObject({
      from: { username: ann.user.username },
      to: { username: dave.user.username },
      status: 'pending',
      note: 'For you',
    })
    const position = claimed.json<{ position: string }>().position
    expect(await box(dave, 'received', position)).toMatchObject([{ from: { username: ann.user.username } }])
    const requests = (await dave.client.get('/api/friendships')).json<FriendsAnswer>()
    expect(requests.incoming.map((request) => request.user.username)).toEqual([ann.user.username])

    // A reload of the page that claimed it, or the mail's link opened again.
    const again = await dave.client.post('/api/recommendations/claim', { token })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json<RecommendationAnswer>().recommendation.to).toEqual({ username: dave.user.username })

    const other = await member('eve')
    const taken = await other.client.post('/api/recommendations/claim', { token })
    expect([taken.statusCode, taken.json<{ message: string }>().message]).toEqual([
      410,
      'This recommendation link was used before and can only be used once.',
    ])
    expect((await ann.client.post('/api/recommendations/claim', { token: 'r-bogus' })).statusCode).toBe(404)
    expect((await agent(t.app).post('/api/recommendations/claim', { token })).statusCode).toBe(401)
  })

  it('is not claimed by its own sender, who is told the link is for the person they sent it to', async () => {
    const ann = await member('ann')
    const email = `someone${(counter += 1)}@example.org`
    expect((await recommend(ann, { ...title(2), toEmail: email })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
    const refused = await ann.client.post('/api/recommendations/claim', { token })
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      400,
      'This is your own recommendation: its link is for the person you sent it to.',
    ])
  })

  it('tells a member signed in who they are to the link, with the address masked, and a visitor nothing of it', async () => {
    const ann = await member('ann')
    const dave = await member('dave')
    const email = `erin${(counter += 1)}@example.org`
    expect((await recommend(ann, { ...title(0), toEmail: email })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
    const preview = (who: { get: Registered['client']['get'] }) =>
      who.get(`/api/recommendations/link?token=${encodeURIComponent(token)}`)
    const about = { from: ann.user.username, mediaTitle: titles[0]!.title }
    const sentTo = 'e•••@example.org'

    expect((await preview(agent(t.app))).json()).toEqual(about)
    expect((await preview(dave.client)).json()).toEqual({
      ...about,
      opener: { is: 'other', sentTo, open: true, friends: false },
    })
    expect((await preview(ann.client)).json()).toEqual({
      ...about,
      opener: { is: 'sender', sentTo, open: true, friends: false },
    })
    expect((await preview(dave.client)).body).not.toContain(email)

    // The mailbox's owner, signed in under that address (moved to it since), takes it without a question.
    const erin = await member('erin')
    const moved = await erin.client.put('/api/user/profile', { email, currentPassword: password })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await preview(erin.client)).json()).toMatchObject({ opener: { is: 'addressee' } })

    // Once taken, its sender still hears it is theirs (not refused); the member who took it, that it is theirs.
    expect((await dave.client.post('/api/recommendations/claim', { token })).statusCode).toBe(200)
    expect((await preview(ann.client)).json()).toEqual({
      ...about,
      opener: { is: 'sender', sentTo, open: false, friends: false },
    })
    expect((await preview(dave.client)).json()).toEqual({
      ...about,
      opener: { is: 'addressee', sentTo, open: false, friends: false },
    })
    expect((await preview(erin.client)).statusCode).toBe(410)
  })
})

describe('to an address, opened by a friend of its sender', () => {
  it("tells a member signed in who is the sender's friend already so, whether it was mailed to them or not", async () => {
    const { ann, bob } = await friends()
    const email = `bob.alt${(counter += 1)}@example.org`
    expect((await recommend(ann, { ...title(1), toEmail: email })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
    const preview = (who: Registered) => who.client.get(`/api/recommendations/link?token=${encodeURIComponent(token)}`)

    expect((await preview(bob)).json()).toMatchObject({ opener: { is: 'other', open: true, friends: true } })
    expect((await preview(ann)).json()).toMatchObject({ opener: { is: 'sender', friends: false } })
    // The mailbox's owner, a friend of Ann's too.
    const erin = await member('erin')
    await befriend(erin, ann)
    expect((await erin.client.put('/api/user/profile', { email, currentPassword: password })).statusCode).toBe(200)
    expect((await preview(erin)).json()).toMatchObject({ opener: { is: 'addressee', open: true, friends: true } })
    expect((await preview(await member('dave'))).json()).toMatchObject({ opener: { is: 'other', friends: false } })
  })

  it('is claimed by the friend, who is left friends, with no friend request either way', async () => {
    const { ann, bob } = await friends()
    const email = `bob.alt${(counter += 1)}@example.org`
    expect((await recommend(ann, { ...title(2), toEmail: email })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)

    const claimed = await bob.client.post('/api/recommendations/claim', { token })
    expect(claimed.statusCode, claimed.body).toBe(200)
    const position = { headers: { 'x-min-position': claimed.json<{ position: string }>().position } }
    for (const [who, other] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const answer = (await who.client.get('/api/friendships', position)).json<FriendsAnswer>()
      expect(answer.friends.map((friend) => friend.user.username)).toEqual([other.user.username])
      expect([answer.incoming, answer.outgoing]).toEqual([[], []])
    }
    expect(await box(bob, 'received', position.headers['x-min-position'])).toMatchObject([
      { from: { username: ann.user.username }, status: 'pending' },
    ])
  })
})

describe('to an address, from two members', () => {
  /** Ann and Bob each recommend a title to a new address; answers it and the token of Ann's mail. */
  const recommendedByTwo = async () => {
    const [ann, bob] = [await member('ann'), await member('bob')]
    const email = `newcomer${(counter += 1)}@example.org`
    expect((await recommend(ann, { ...title(0), toEmail: email })).statusCode).toBe(201)
    expect((await recommend(bob, { ...title(1), toEmail: email })).statusCode).toBe(201)
    const fromAnn = (await mailsTo(t.platform, email)).find((mail) => mail.text.includes(ann.user.username))
    return { ann, bob, email, token: tokenIn(fromAnn, /[?&]token=([^&\s]+)/) }
  }
  const senders = (items: { from: { username: string } }[]) => items.map((item) => item.from.username).sort()

  it('puts both in the inbox of the account signed up through either mail, each sender with a friend request', async () => {
    const { ann, bob, email, token } = await recommendedByTwo()
    const { newcomer, inbox } = await signUpThrough(token, email)
    expect(senders(inbox)).toEqual([ann.user.username, bob.user.username].sort())
    const requests = (await newcomer.get('/api/friendships')).json<FriendsAnswer>()
    expect(senders(requests.incoming.map((request) => ({ from: request.user })))).toEqual(
      [ann.user.username, bob.user.username].sort(),
    )
  })

  it('claims only the one whose link was followed when the account is made with another address', async () => {
    const { ann, token } = await recommendedByTwo()
    const { inbox } = await signUpThrough(token, `elsewhere${(counter += 1)}@example.org`)
    expect(senders(inbox)).toEqual([ann.user.username])
  })

  it('gives the rest to the account made with the address through that used link: it still proves the mailbox', async () => {
    const { ann, bob, email, token } = await recommendedByTwo()
    expect(senders((await signUpThrough(token, `elsewhere${(counter += 1)}@example.org`)).inbox)).toEqual([
      ann.user.username,
    ])
    // Ann's went with the link; Bob's, to the address, waited for whoever holds the mailbox.
    expect(senders((await signUpThrough(token, email)).inbox)).toEqual([bob.user.username])
  })
})

describe('to an address, from a member who has since deleted their account', () => {
  it('is not claimed at sign-up: the newcomer has an account, and no recommendation, notification or request', async () => {
    const gone = await member('gone')
    const email = `newcomer${(counter += 1)}@example.org`
    expect((await recommend(gone, { ...title(2), toEmail: email })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
    expect((await gone.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)

    const newcomer = agent(t.app)
    const signedUp = await newcomer.post('/api/register', {
      username: `newcomer_${(counter += 1)}`,
      email,
      password,
      recommendationToken: token,
    })
    expect(signedUp.statusCode, signedUp.body).toBe(201)
    const position = { headers: { 'x-min-position': signedUp.json<{ position: string }>().position } }
    expect(
      (await newcomer.get('/api/recommendations?box=received', position)).json<RecommendationsAnswer>().items,
    ).toEqual([])
    expect((await newcomer.get('/api/notifications', position)).json<{ items: unknown[] }>().items).toEqual([])
    expect((await newcomer.get('/api/friendships', position)).json<FriendsAnswer>().incoming).toEqual([])
  })

  it('says its sender left Reelmates, to a visitor, a member signed in, and a claim; a forged token is still invalid', async () => {
    const gone = await member('gone')
    const email = `newcomer${(counter += 1)}@example.org`
    expect((await recommend(gone, { ...title(3), toEmail: email })).statusCode).toBe(201)
    const token = tokenIn((await mailsTo(t.platform, email))[0], /[?&]token=([^&\s]+)/)
    expect((await gone.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    const dave = await member('dave')
    const refusal = async (asked: ReturnType<typeof dave.client.get>) => {
      const answer = await asked
      return [answer.statusCode, answer.json<{ message: string }>().message]
    }
    const left = [410, 'The member who sent this recommendation has left Reelmates.']
    const preview = `/api/recommendations/link?token=${encodeURIComponent(token)}`

    expect(await refusal(agent(t.app).get(preview))).toEqual(left)
    expect(await refusal(dave.client.get(preview))).toEqual(left)
    expect(await refusal(dave.client.post('/api/recommendations/claim', { token }))).toEqual(left)
    const forged = `${token.slice(0, -4)}AAAA`
    expect(await refusal(dave.client.post('/api/recommendations/claim', { token: forged }))).toEqual([
      404,
      'This recommendation link is invalid.',
    ])
  })
})

describe('signed out', () => {
  it('answers 401 on every recommendation route', async () => {
    const visitor = agent(t.app)
    const id = '00000000-0000-4000-8000-000000000000'
    const answers = [
      await visitor.post('/api/recommendations', { ...title(0), toUsernames: ['someone'] }),
      await visitor.get('/api/recommendations?box=received'),
      await visitor.post(`/api/recommendations/${id}/accept`),
      await visitor.post(`/api/recommendations/${id}/dismiss`),
      await visitor.post(`/api/recommendations/${id}/restore`),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401])
  })
})
