import { describe, expect, it } from 'vitest'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import type { DomainEvent } from '@reelmates/contracts/events'
import { TitleWatched, WatchedEntryEdited } from '@reelmates/contracts/watched'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { watchedItems } from '../watched/watchedItems'
import { feedReadModels, readModelsAsOne } from './feedTesting'
import { lovedByFriendsQueries, lovedWindow } from './lovedByFriendsQueries'

const [me, ann, bob, cat, dan] = ['me-id', 'ann-id', 'bob-id', 'cat-id', 'dan-id']
const dune = { tmdbId: 438631, mediaType: 'movie' as const, title: 'Dune', releaseDate: '2021-09-15' }
const heat = { tmdbId: 949, mediaType: 'movie' as const, title: 'Heat', releaseDate: '1995-12-15' }
const alien = { tmdbId: 348, mediaType: 'movie' as const, title: 'Alien', releaseDate: '1979-05-25' }
type Title = typeof dune

const entry = {
  watchedAt: '2026-11-20T18:00:00.000Z',
  watchedOn: '2026-11-20',
  rating: 9,
  recommend: null,
  review: null,
  containsSpoilers: false,
  streamingService: null,
  isPrivate: false,
}
type Entry = Omit<typeof entry, 'recommend' | 'rating'> & { recommend: boolean | null; rating: number | null }

const watched = (
  userId: string,
  entryId: string,
  { title, releaseDate, ...ref }: Title,
  changes: Partial<Entry> = {},
) =>
  TitleWatched({
    entryId,
    userId,
    ...ref,
    ...entry,
    ...changes,
    media: { title, posterPath: `/${entryId}.jpg`, releaseDate, voteAverage: 7 },
    genreIds: [18],
  })

const befriend = (a: string, b: string): DomainEvent[] => {
  const pair = { friendshipId: friendshipIdOf(a, b), fromUserId: a, toUserId: b }
  const at = '2026-11-01T00:00:00.000Z'
  return [
    FriendRequestSent({ ...pair, inviteCount: 1, sentAt: at, invitationId: null }),
    FriendRequestAccepted({ ...pair, acceptedAt: at }),
  ]
}

async function harness() {
  const h = await projectorHarness(readModelsAsOne('loved_spec', [feedReadModels, watchedItems]))
  await seedUsers(h.db, { [me]: 'me', [ann]: 'ann', [bob]: 'bob', [cat]: 'cat', [dan]: 'dan' })
  await h.given(...befriend(me, ann), ...befriend(bob, me), ...befriend(cat, me))
  const loved = lovedByFriendsQueries(h.db)
  const titles = async () => (await loved.titles(me)).titles
  const names = async () => (await titles()).map((title) => title.media.title)
  let minutes = 0
  /** Each event logged a minute after the one before. */
  const log = async (...events: DomainEvent[]) => {
    for (const event of events) {
      minutes += 1
      h.at(new Date(Date.parse('2026-11-20T10:00:00.000Z') + minutes * 60_000).toISOString())
      await h.given(event)
    }
  }
  return { ...h, loved, titles, names, log }
}

describe("home's loved by your friends", () => {
  it('shows a title a friend watched publicly and rated 7 or more, named for the friend, as a title card shows it', async () => {
    const h = await harness()
    await h.log(watched(ann, 'a1', dune, { rating: 7 }))
    const titles = await h.titles()
    expect(titles).toHaveLength(1)
    expect(titles[0]).toMatchObject({
      media: {
        id: dune.tmdbId,
        media_type: 'movie',
        title: 'Dune',
        release_date: '2021-09-15',
        poster_path: '/a1.jpg',
        genre_ids: [18],
      },
      friends: [{ username: 'ann', avatarUrl: null }],
      friendCount: 1,
      lovedAt: '2026-11-20T10:01:00.000Z',
    })
  })

  it('counts a recommendation without a rating as liked, and a rating under 7 without one as not', async () => {
    const h = await harness()
    await h.log(watched(ann, 'a1', dune, { rating: null, recommend: true }), watched(bob, 'b1', heat, { rating: 6 }))
    expect(await h.names()).toEqual(['Dune'])
  })

  it("never counts a private watch, a non-friend's watch, or my own", async () => {
    const h = await harness()
    await h.log(
      watched(ann, 'a1', dune, { isPrivate: true }),
      watched(dan, 'd1', heat),
      watched(me, 'm1', alien, { isPrivate: true }),
    )
    expect(await h.titles()).toEqual([])
  })

  it('drops a watch made private afterwards', async () => {
    const h = await harness()
    await h.log(watched(ann, 'a1', dune))
    await h.log(WatchedEntryEdited({ entryId: 'a1', userId: ann, ...dune, ...entry, isPrivate: true }))
    expect(await h.titles()).toEqual([])
  })

  it('leaves out a title I watched, even privately, and says nothing of it', async () => {
    const h = await harness()
    await h.log(watched(ann, 'a1', dune), watched(ann, 'a2', heat))
    await h.log(watched(me, 'm1', dune, { isPrivate: true, rating: 2 }))
    expect(await h.names()).toEqual(['Heat'])
  })

  it('puts the titles more friends liked first, then the most recently liked, each friend counted once', async () => {
    const h = await harness()
    await h.log(
      watched(ann, 'a1', heat),
      watched(bob, 'b1', heat),
      watched(ann, 'a2', dune),
      watched(ann, 'a3', dune, { rating: 10 }),
      watched(ann, 'a4', alien),
    )
    expect(await h.names()).toEqual(['Heat', 'Alien', 'Dune'])
    const [heatRow, , duneRow] = await h.titles()
    expect(heatRow).toMatchObject({ friends: [{ username: 'bob' }, { username: 'ann' }], friendCount: 2 })
    expect(duneRow).toMatchObject({ friendCount: 1, lovedAt: '2026-11-20T10:04:00.000Z' })
  })

  it('names three friends at most and counts them all', async () => {
    const h = await harness()
    await h.given(...befriend(dan, me))
    await h.log(watched(ann, 'a1', dune), watched(bob, 'b1', dune), watched(cat, 'c1', dune), watched(dan, 'd1', dune))
    const [title] = await h.titles()
    expect(title?.friends.map((friend) => friend.username)).toEqual(['dan', 'cat', 'bob'])
    expect(title?.friendCount).toBe(4)
  })

  it("drops a friend's likes once we are no longer friends", async () => {
    const h = await harness()
    await h.log(watched(ann, 'a1', dune), watched(bob, 'b1', heat))
    await h.given(
      FriendRemoved({
        friendshipId: friendshipIdOf(me, ann),
        byUserId: me,
        otherUserId: ann,
        removedAt: '2026-11-21T00:00:00.000Z',
      }),
    )
    expect(await h.names()).toEqual(['Heat'])
  })

  it('looks back over the newest watches only, and keeps twenty titles', async () => {
    const h = await harness()
    await h.log(watched(ann, 'a1', alien), watched(cat, 'c1', alien))
    const titles = Array.from({ length: lovedWindow - 1 }, (_, i) => ({ ...dune, tmdbId: 1000 + i, title: `T${i}` }))
    await h.log(...titles.map((title, i) => watched(bob, `b${i}`, title, { rating: i % 2 === 0 ? 8 : 3 })))
    // Two friends liked Alien, but ann's watch of it is now the 301st back: Alien has one like, the oldest.
    expect(await h.names()).toEqual(
      titles
        .filter((_, i) => i % 2 === 0)
        .reverse()
        .slice(0, 20)
        .map((t) => t.title),
    )
  })
})
