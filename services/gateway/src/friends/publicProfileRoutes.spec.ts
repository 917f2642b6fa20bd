import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import type { MediaFriendsAnswer, PublicProfileAnswer, PublicWatchesAnswer } from '@reelmates/contracts/profiles'
import { password, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let titles: MediaResult[]
// Registering spends the sign-in rate limit; the profile must not.
const authLimit = 20
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: String(authLimit) } })
  titles = (await t.platform.catalog.trendingMovies()).results.slice(0, 3)
  expect(titles).toHaveLength(3)
})
afterAll(() => t.close())

let counter = 0
const member = (name: string, extra: Record<string, unknown> = {}) =>
  register(t.app, `${name}_${(counter += 1)}`, extra)
const befriend = async (a: Registered, b: Registered) => {
  const id = (await a.client.post('/api/friendships', { username: b.user.username })).json<{
    friendship: { id: string }
  }>().friendship.id
  expect((await b.client.post(`/api/friendships/${id}/accept`)).statusCode).toBe(200)
}
const watch = (who: Registered, title: MediaResult, extra: Record<string, unknown>) =>
  who.client.post('/api/watched', { tmdbId: title.id, mediaType: 'movie', ...extra })
const profileOf = (viewer: Registered, username: string) =>
  viewer.client.get(`/api/users/${encodeURIComponent(username)}`)

describe('public profiles and friends on a title', () => {
  let owner: Registered
  let friend: Registered
  let stranger: Registered
  let watcher: Registered

  beforeAll(async () => {
    owner = await member('owner', { location: 'Lisbon', bio: 'Films at night' })
    friend = await member('friend')
    stranger = await member('stranger')
    watcher = await member('watcher')
    await befriend(owner, friend)
    await befriend(friend, watcher)
    expect((await watch(owner, titles[0]!, { rating: 9, review: 'Shared thoughts' })).statusCode).toBe(201)
    expect((await watch(owner, titles[1]!, { rating: 2, review: 'SECRET-REVIEW', isPrivate: true })).statusCode).toBe(
      201,
    )
    expect((await owner.client.post('/api/watchlist', { tmdbId: titles[2]!.id, mediaType: 'movie' })).statusCode).toBe(
      201,
    )
  })

  it('answers 401 to anyone signed out', async () => {
    const anonymous = agent(t.app)
    for (const url of [
      `/api/users/${owner.user.username}`,
      `/api/users/${owner.user.username}/watched`,
      '/api/users/search?q=own',
      `/api/media/movie/${titles[0]!.id}/friends`,
    ])
      expect((await anonymous.get(url)).statusCode, url).toBe(401)
  })

  it('shows the public side only: no email, no id, no private watch', async () => {
    const answer = await profileOf(stranger, owner.user.username)
    expect(answer.statusCode).toBe(200)
    const profile = answer.json<PublicProfileAnswer>()
    expect(profile).toEqual({
      user: {
        username: owner.user.username,
        bio: 'Films at night',
        location: 'Lisbon',
        avatarUrl: null,
        createdAt: expect.any(String) as unknown,
      },
      stats: { watched: 1, watchlist: 1, friends: 1 },
      favouriteGenres: expect.any(Array) as unknown,
      recent: [expect.objectContaining({ tmdbId: titles[0]!.id, rating: 9, review: 'Shared thoughts' })],
      recentNextCursor: null,
      friendship: 'none',
      friendshipId: null,
      recommendations: { sent: 0, hits: 0, hitRate: null, bestPick: null },
    })
    expect(answer.body).not.toContain(owner.user.email)
    expect(answer.body).not.toContain(owner.user.id)
    expect(answer.body).not.toContain('SECRET-REVIEW')
    expect(answer.body).not.toContain(titles[1]!.title)
  })

  it('tells a stranger and a friend the same, apart from how they stand', async () => {
    const seenByStranger = (await profileOf(stranger, owner.user.username)).json<PublicProfileAnswer>()
    const seenByFriend = (await profileOf(friend, owner.user.username)).json<PublicProfileAnswer>()
    expect(seenByFriend.friendship).toBe('friends')
    expect(seenByFriend.friendshipId).toEqual(expect.any(String))
    expect({ ...seenByFriend, friendship: 'none', friendshipId: null }).toEqual(seenByStranger)
    expect((await profileOf(owner, owner.user.username)).json<PublicProfileAnswer>().friendship).toBe('self')
  })

  it("shows each friend's latest public watch in my friends list, never a private one", async () => {
    const listed = (await friend.client.get('/api/friendships')).json<FriendsAnswer>()
    const ownerItem = listed.friends.find((item) => item.user.id === owner.user.id)
    expect(ownerItem?.lastWatched).toMatchObject({ tmdbId: titles[0]!.id, mediaType: 'movie', rating: 9 })
    expect(JSON.stringify(listed)).not.toContain(titles[1]!.title)
    const strangerList = (await stranger.client.get('/api/friendships')).json<FriendsAnswer>()
    expect(strangerList.friends).toEqual([])
  })

  it('says outgoing and incoming while a request is pending', async () => {
    const [a, b] = [await member('asker'), await member('asked')]
    await a.client.post('/api/friendships', { username: b.user.username })
    expect((await profileOf(a, b.user.username)).json<PublicProfileAnswer>().friendship).toBe('outgoing')
    expect((await profileOf(b, a.user.username)).json<PublicProfileAnswer>().friendship).toBe('incoming')

    // Inviting an address tells the inviter nothing of whose it is, here or in a search; asking the
    // member by name afterwards is a request of its own, listed apart from the invitation.
    const invited = await member('invited')
    expect((await a.client.post('/api/friendships', { email: invited.user.email })).statusCode).toBe(201)
    const shown = async () => ({
      profile: (await profileOf(a, invited.user.username)).json<PublicProfileAnswer>(),
      search: (await a.client.get(`/api/users/search?q=${invited.user.username}`)).json<{
        users: { friendship: string }[]
      }>().users,
    })
    const before = await shown()
    expect([before.profile.friendship, before.profile.friendshipId]).toEqual(['none', null])
    expect(before.search.map((user) => user.friendship)).toEqual(['none'])
    expect((await profileOf(invited, a.user.username)).json<PublicProfileAnswer>().friendship).toBe('incoming')
    expect((await a.client.post('/api/friendships', { username: invited.user.username })).statusCode).toBe(201)
    const after = await shown()
    expect(after.profile.friendship).toBe('outgoing')
    expect(after.search.map((user) => user.friendship)).toEqual(['outgoing'])
    const listed = (await a.client.get('/api/friendships')).json<FriendsAnswer>()
    expect(listed.outgoing.map((item) => item.user.username)).toContain(invited.user.username)
    expect(listed.invitations.map((item) => item.email)).toEqual([invited.user.email])
  })

  it('answers the same 404 for an unknown and a deleted account, and 400 for a name no account can have', async () => {
    const doomed = await member('doomed')
    expect((await doomed.client.delete('/api/user', { currentPassword: password })).statusCode).toBe(200)
    const unknown = await profileOf(stranger, 'nobody_at_all')
    const deleted = await profileOf(stranger, doomed.user.username)
    expect([unknown.statusCode, deleted.statusCode]).toEqual([404, 404])
    expect(unknown.json()).toEqual({ message: 'User not found', error: 'Not Found' })
    expect(deleted.json()).toEqual(unknown.json())
    expect((await profileOf(stranger, 'no spaces!')).statusCode).toBe(400)
  })

  it('is not on the sign-in rate limit', async () => {
    for (let i = 0; i < authLimit + 3; i++)
      expect((await profileOf(stranger, owner.user.username)).statusCode).toBe(200)
  })

  it('finds members by the start of their username, with how I stand with each', async () => {
    const answer = await friend.client.get(`/api/users/search?q=${owner.user.username.slice(0, 7)}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      users: [{ id: owner.user.id, username: owner.user.username, avatarUrl: null, friendship: 'friends' }],
      more: false,
    })
    expect(answer.body).not.toContain('@example.com')
    expect((await friend.client.get('/api/users/search?q=')).statusCode).toBe(400)
    const tooLong = await friend.client.get(`/api/users/search?q=${'a'.repeat(51)}`)
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({ message: 'A username is at most 50 characters: type part of one' })
  })

  it("lists friends' public watches of a title with ratings and the average, and whose watchlist has it", async () => {
    await watch(watcher, titles[0]!, { rating: 6, review: 'x'.repeat(400) })
    await watch(stranger, titles[0]!, { rating: 1 })
    const answer = await friend.client.get(`/api/media/movie/${titles[0]!.id}/friends`)
    expect(answer.statusCode).toBe(200)
    const seen = answer.json<MediaFriendsAnswer>()
    expect(seen.watched.map((w) => [w.user.username, w.rating]).sort()).toEqual(
      [
        [owner.user.username, 9],
        [watcher.user.username, 6],
      ].sort(),
    )
    expect(seen.averageRating).toBe(7.5)
    expect(seen.watched.find((w) => w.user.id === watcher.user.id)?.reviewExcerpt).toHaveLength(280)
    expect(answer.body).not.toContain('@example.com')

    const privateOne = (await friend.client.get(`/api/media/movie/${titles[1]!.id}/friends`)).json<MediaFriendsAnswer>()
    expect(privateOne.watched).toEqual([])
    const listed = (await friend.client.get(`/api/media/movie/${titles[2]!.id}/friends`)).json<MediaFriendsAnswer>()
    expect(listed.watchlist).toEqual({
      count: 1,
      users: [{ id: owner.user.id, username: owner.user.username, avatarUrl: null }],
    })
    expect((await stranger.client.get(`/api/media/movie/${titles[0]!.id}/friends`)).json()).toEqual({
      watched: [],
      averageRating: null,
      watchlist: { count: 0, users: [] },
    })
    expect((await friend.client.get('/api/media/show/1/friends')).statusCode).toBe(400)
  })

  it("keeps a friend's rating through an unrated rewatch, as their own page does", async () => {
    expect((await watch(watcher, titles[0]!, { review: 'Again, no stars this time' })).statusCode).toBe(201)
    const seen = (await friend.client.get(`/api/media/movie/${titles[0]!.id}/friends`)).json<MediaFriendsAnswer>()
    const theirs = seen.watched.find((w) => w.user.id === watcher.user.id)
    expect(theirs).toMatchObject({ rating: 6, reviewExcerpt: 'Again, no stars this time' })
    expect(seen.averageRating).toBe(7.5)
  })
})

describe('favourite genres on a public profile', () => {
  const genresOf = async (title: MediaResult) =>
    (await t.platform.catalog.details('movie', title.id)).genres.map((genre) => genre.id)

  it('counts public watches only, most watched first, named from the catalog, at most 3', async () => {
    const movies = (await t.platform.catalog.trendingMovies()).results
    const withGenres = await Promise.all(movies.map(async (title) => ({ title, genres: await genresOf(title) })))
    const [shared, ...others] = withGenres.filter((movie) => movie.genres.length > 0)
    if (!shared) throw new Error('the offline catalog should have titles with genres')
    // A title kept private whose genres the shared one does not have: watched often, it must not count.
    const secret = others.find((movie) => movie.genres.every((id) => !shared.genres.includes(id)))
    if (!secret) throw new Error('the offline catalog should have titles of other genres')
    const cinephile = await member('cinephile')
    const viewer = await member('viewer')
    for (let i = 0; i < 2; i += 1) expect((await watch(cinephile, shared.title, {})).statusCode).toBe(201)
    for (let i = 0; i < 3; i += 1)
      expect((await watch(cinephile, secret.title, { isPrivate: true })).statusCode).toBe(201)

    const { movie, tv } = await t.platform.catalog.genres()
    const names = new Map([...tv, ...movie].map((genre) => [genre.id, genre.name]))
    const profile = (await profileOf(viewer, cinephile.user.username)).json<PublicProfileAnswer>()
    expect(profile.favouriteGenres).toEqual(
      shared.genres.slice(0, 3).map((id) => ({ id, name: names.get(id), watches: 2 })),
    )

    // Sharing one of the secret watches makes its genres count, once.
    const { items } = (await cinephile.client.get(`/api/watched?mediaType=movie`)).json<{
      items: { id: string; tmdbId: number }[]
    }>()
    const secretEntry = items.find((item) => item.tmdbId === secret.title.id)
    expect((await cinephile.client.patch(`/api/watched/${secretEntry!.id}`, { isPrivate: false })).statusCode).toBe(200)
    const after = (await profileOf(viewer, cinephile.user.username)).json<PublicProfileAnswer>()
    expect(after.favouriteGenres.slice(0, Math.min(3, shared.genres.length)).map((g) => g.watches)).toEqual(
      shared.genres.slice(0, 3).map(() => 2),
    )
    const counted = new Map(after.favouriteGenres.map((genre) => [genre.id, genre.watches]))
    for (const id of secret.genres) expect([undefined, 1]).toContain(counted.get(id))
  })

  it('is empty for a member who shared no watch', async () => {
    const quiet = await member('quiet')
    expect((await watch(quiet, titles[0]!, { isPrivate: true })).statusCode).toBe(201)
    const profile = (await profileOf(quiet, quiet.user.username)).json<PublicProfileAnswer>()
    expect(profile.favouriteGenres).toEqual([])
  })
})

describe("a member's whole public diary, page after page", () => {
  it("goes on from the profile's recent watches to the first, newest first and ties by id, never a private one", async () => {
    const diarist = await member('diarist')
    const reader = await member('reader')
    // 27 watches over 20 days, three of them at one instant (a page may end inside the tie); every
    // fourth is private.
    const logged: { id: string; private: boolean }[] = []
    for (let index = 0; index < 27; index++) {
      const day = Math.min(index, 20)
      const isPrivate = index % 4 === 3
      const answer = await watch(diarist, titles[index % 3]!, {
        rating: (index % 10) + 1,
        review: isPrivate ? `PRIVATE-${index}` : `Public ${index}`,
        watchedAt: new Date(Date.UTC(2026, 9, 1 + day, 20)).toISOString(),
        isPrivate,
      })
      expect(answer.statusCode).toBe(201)
      logged.push({ id: answer.json<{ entryId: string }>().entryId, private: isPrivate })
    }
    const publicIds = logged.filter((entry) => !entry.private).map((entry) => entry.id)

    const profile = (await profileOf(reader, diarist.user.username)).json<PublicProfileAnswer>()
    expect(profile.stats.watched).toBe(publicIds.length)
    expect(profile.recent).toHaveLength(20)
    expect(profile.recentNextCursor).toEqual(expect.any(String))
    const shown = profile.recent.map((entry) => entry.id)
    let cursor = profile.recentNextCursor
    while (cursor !== null) {
      const answer = await reader.client.get(
        `/api/users/${diarist.user.username}/watched?limit=2&cursor=${encodeURIComponent(cursor)}`,
      )
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.body).not.toContain('PRIVATE-')
      const page = answer.json<PublicWatchesAnswer>()
      expect(page.items.length).toBeLessThanOrEqual(2)
      shown.push(...page.items.map((entry) => entry.id))
      cursor = page.nextCursor
    }
    // Every public watch once, in the profile's order: latest first, and at one instant by id.
    const all = await reader.client.get(`/api/users/${diarist.user.username}/watched?limit=50`)
    const expected = all.json<PublicWatchesAnswer>().items
    expect(expected).toHaveLength(publicIds.length)
    expect(all.json<PublicWatchesAnswer>().nextCursor).toBeNull()
    expect(shown).toEqual(expected.map((entry) => entry.id))
    expect(new Set(shown)).toEqual(new Set(publicIds))
    const order = expected.map((entry) => `${entry.watchedAt} ${entry.id}`)
    expect(order).toEqual([...order].sort().reverse())
  })

  it('marks a rewatch after an earlier public watch of the title, never after a private one, on every page', async () => {
    const diarist = await member('rewatcher')
    const reader = await member('reader')
    const at = (day: number) => new Date(Date.UTC(2026, 9, day, 20)).toISOString()
    const logged = async (title: MediaResult, day: number, isPrivate = false) =>
      (await watch(diarist, title, { watchedAt: at(day), isPrivate })).json<{ entryId: string }>().entryId
    // A private first watch of one title; then three public ones; another title once.
    await logged(titles[0]!, 1, true)
    const first = await logged(titles[0]!, 2)
    const second = await logged(titles[0]!, 5)
    // Logged last, but watched before the first public one: it is the first now.
    const earlier = await logged(titles[0]!, 1)
    const other = await logged(titles[1]!, 3)

    const profile = (await profileOf(reader, diarist.user.username)).json<PublicProfileAnswer>()
    const marks = Object.fromEntries(profile.recent.map((entry) => [entry.id, entry.rewatch]))
    expect(marks).toEqual({ [earlier]: false, [first]: true, [second]: true, [other]: false })
    // The same on a page of the whole diary, one watch a page.
    const page = await reader.client.get(`/api/users/${diarist.user.username}/watched?limit=1`)
    expect(page.json<PublicWatchesAnswer>().items.map((entry) => [entry.id, entry.rewatch])).toEqual([[second, true]])
  })

  it('says 404 for an unknown member and 400 for a cursor or a page size it cannot take', async () => {
    const reader = await member('reader')
    const unknown = await reader.client.get('/api/users/nobody_at_all/watched')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ message: 'User not found', error: 'Not Found' })
    for (const query of ['cursor=not-ours', 'limit=0', 'limit=51', 'limit=many']) {
      const refused = await reader.client.get(`/api/users/${reader.user.username}/watched?${query}`)
      expect(refused.statusCode, query).toBe(400)
      expect(refused.json<{ message: string }>().message, query).toMatch(/\w/)
    }
    const empty = await reader.client.get(`/api/users/${reader.user.username}/watched`)
    expect(empty.json()).toEqual({ items: [], nextCursor: null })
  })
})

describe('the best pick on a public profile', () => {
  it('names who it went to only to the sender and the recipient', async () => {
    const sender = await member('picker')
    const recipient = await member('picked')
    const reader = await member('reader')
    await befriend(sender, recipient)
    const sent = await sender.client.post('/api/recommendations', {
      tmdbId: titles[0]!.id,
      mediaType: 'movie',
      toUsernames: [recipient.user.username],
    })
    expect(sent.statusCode).toBe(201)
    expect((await watch(recipient, titles[0]!, { rating: 8 })).statusCode).toBe(201)

    const pickAs = async (viewer: Registered) =>
      (await profileOf(viewer, sender.user.username)).json<PublicProfileAnswer>().recommendations.bestPick
    const named = { tmdbId: titles[0]!.id, rating: 8, to: { username: recipient.user.username } }
    expect(await pickAs(sender)).toMatchObject(named)
    expect(await pickAs(recipient)).toMatchObject(named)
    expect(await pickAs(reader)).toMatchObject({ tmdbId: titles[0]!.id, rating: 8, to: null })
    expect((await profileOf(reader, sender.user.username)).body).not.toContain(recipient.user.username)
  })
})
