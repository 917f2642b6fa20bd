import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import { CommentAdded, CommentDeleted, FeedVisited, ReactionAdded } from '@reelmates/contracts/feed'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import type { DomainEvent } from '@reelmates/contracts/events'
import { RecommendationClaimed, RecommendationSent } from '@reelmates/contracts/recommendations'
import { TitleWatched, WatchedEntryEdited, WatchedEntryRemoved } from '@reelmates/contracts/watched'
import { TitleAddedToWatchlist } from '@reelmates/contracts/watchlist'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { feedQueries } from './feedQueries'
import { feedReadModels } from './feedTesting'

const ann = 'ann-id'
const bob = 'bob-id'
const cat = 'cat-id'
const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: '/dune.jpg', releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry = {
  watchedAt: '2025-01-20T18:00:00.000Z',
  watchedOn: '2025-01-20',
  rating: 8,
  recommend: true,
  review: 'Epic',
  containsSpoilers: false,
  streamingService: null,
  isPrivate: false,
}

const watched = (
  userId: string,
  entryId: string,
  changes: Partial<Omit<typeof entry, 'review'> & { review: string | null }> = {},
) => TitleWatched({ entryId, userId, ...dune, ...entry, ...changes, media, genreIds: [] })
const edited = (userId: string, entryId: string, changes: Partial<typeof entry>) =>
  WatchedEntryEdited({ entryId, userId, ...dune, ...entry, ...changes })
const befriend = (a: string, b: string, acceptedAt = '2026-11-01T00:00:00.000Z'): DomainEvent[] => {
  const pair = { friendshipId: friendshipIdOf(a, b), fromUserId: a, toUserId: b }
  return [
    FriendRequestSent({ ...pair, inviteCount: 1, sentAt: acceptedAt, invitationId: null }),
    FriendRequestAccepted({ ...pair, acceptedAt }),
  ]
}
const unfriend = (a: string, b: string) =>
  FriendRemoved({
    friendshipId: friendshipIdOf(a, b),
    byUserId: a,
    otherUserId: b,
    removedAt: '2026-11-10T00:00:00.000Z',
  })
const onDune = (owner: string, entryId: string) => ({ activityId: `watched:${entryId}`, activityOwnerId: owner })
const commented = (owner: string, entryId: string, commentId: string, userId: string) =>
  CommentAdded({
    ...onDune(owner, entryId),
    commentId,
    userId,
    content: `${userId} says hi`,
    addedAt: '2026-11-20T21:00:00.000Z',
  })
const reacted = (
  owner: string,
  entryId: string,
  userId: string,
  commentId: string | null = null,
  commentAuthorId: string | null = null,
) =>
  ReactionAdded({
    ...onDune(owner, entryId),
    commentId,
    commentAuthorId,
    userId,
    emoji: '🔥',
    reactedAt: '2026-11-20T21:00:00.000Z',
  })

const recommended = (recommendationId: string, fromUserId: string, toUserId: string | null) =>
  RecommendationSent({
    recommendationId,
    fromUserId,
    toUserId,
    ...dune,
    mediaTitle: 'Dune',
    mediaPosterPath: '/dune.jpg',
    toEmail: toUserId ? null : 'new@example.com',
    note: 'Watch it on a big screen',
    tokenHash: toUserId ? null : 'hash',
    expiresAt: null,
    sentAt: '2026-11-21T09:00:00.000Z',
  })

/** The mailed recommendation `recommendationId`, claimed by the newcomer `toUserId` who signed up with it. */
const claimed = (recommendationId: string, fromUserId: string, toUserId: string) =>
  RecommendationClaimed({
    recommendationId,
    fromUserId,
    toUserId,
    ...dune,
    mediaTitle: 'Dune',
    mediaPosterPath: '/dune.jpg',
    tokenHash: 'hash',
    claimedAt: '2026-11-22T09:00:00.000Z',
  })

async function harness() {
  const h = await projectorHarness(feedReadModels)
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  const feed = feedQueries(h.db)
  const ids = async (userId: string) => (await feed.page(userId, { limit: 50 })).items.map((item) => item.id)
  return { ...h, feed, ids }
}

describe('the feed', () => {
  it("shows my friends' activities and my own, newest first, and nobody else's", async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob))
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched(bob, 'b1'))
    h.at('2026-11-20T11:00:00.000Z')
    await h.given(watched(ann, 'a1'), watched(cat, 'c1'))
    expect(await h.ids(ann)).toEqual(['watched:a1', 'watched:b1', expect.stringMatching(/^friendship:/)])
    const [mine, bobs] = (await h.feed.page(ann, { limit: 50 })).items
    expect(bobs).toMatchObject({ user: { id: bob, username: 'bob' }, mediaTitle: 'Dune', rating: 8, review: 'Epic' })
    expect(mine?.user.username).toBe('ann')
    expect(await h.ids(cat)).toEqual(['watched:c1'])
  })

  it('gives a watch the day it was watched, as its writer last set it, apart from when it was logged', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob))
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(
      watched(bob, 'b1'),
      TitleAddedToWatchlist({
        userId: bob,
        ...dune,
        note: null,
        addedAt: '2026-11-20T10:00:00.000Z',
        media,
        streamingOn: [],
      }),
    )
    const days = async () =>
      Object.fromEntries(
        (await h.feed.page(ann, { limit: 50 })).items.map((item) => [
          item.activityType,
          [item.watchedAt, item.watchedOn, item.createdAt],
        ]),
      )
    expect(await days()).toMatchObject({
      watched: ['2025-01-20T18:00:00.000Z', '2025-01-20', '2026-11-20T10:00:00.000Z'],
      watchlist_add: [null, null, expect.any(String)],
      friendship: [null, null, expect.any(String)],
    })
    await h.given(edited(bob, 'b1', { watchedAt: '2024-06-01T12:00:00.000Z', watchedOn: '2024-06-01' }))
    expect((await days()).watched).toEqual(['2024-06-01T12:00:00.000Z', '2024-06-01', '2026-11-20T10:00:00.000Z'])
  })

  it('says "rewatched" of a watch after an earlier one friends could see, never after a private one', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob))
    // Bob's first watch was private; the second is the first his friends see; the third is a rewatch.
    await h.given(
      watched(bob, 'b1', { isPrivate: true, watchedAt: '2020-01-01T20:00:00.000Z' }),
      watched(bob, 'b2', { watchedAt: '2022-01-01T20:00:00.000Z' }),
      watched(bob, 'b3', { watchedAt: '2024-01-01T20:00:00.000Z' }),
      watched(ann, 'a1'),
    )
    const rewatches = async () =>
      Object.fromEntries(
        (await h.feed.page(ann, { limit: 50 })).items.flatMap((item) =>
          item.activityType === 'watched' ? [[item.id, item.rewatch]] : [],
        ),
      )
    expect(await rewatches()).toEqual({ 'watched:b2': false, 'watched:b3': true, 'watched:a1': false })
    // An earlier day logged later makes the one that was first a rewatch, on its own screen too.
    await h.given(watched(bob, 'b4', { watchedAt: '2021-01-01T20:00:00.000Z' }))
    expect(await rewatches()).toMatchObject({ 'watched:b4': false, 'watched:b2': true, 'watched:b3': true })
    expect((await h.feed.activity(ann, 'watched:b2'))?.activity.rewatch).toBe(true)
    // Made private, the earliest is no longer told: the next is the first friends see.
    await h.given(edited(bob, 'b4', { isPrivate: true, watchedAt: '2021-01-01T20:00:00.000Z' }))
    expect(await rewatches()).toEqual({ 'watched:b2': false, 'watched:b3': true, 'watched:a1': false })
  })

  it('says whether a review gives something away, as its writer last said', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), watched(bob, 'b1', { containsSpoilers: true }), watched(bob, 'b2'))
    const spoilers = async () =>
      Object.fromEntries((await h.feed.page(ann, { limit: 50 })).items.map((item) => [item.id, item.containsSpoilers]))
    expect(await spoilers()).toMatchObject({ 'watched:b1': true, 'watched:b2': false })
    await h.given(edited(bob, 'b1', { containsSpoilers: false }), edited(bob, 'b2', { containsSpoilers: true }))
    expect(await spoilers()).toMatchObject({ 'watched:b1': false, 'watched:b2': true })
    expect((await h.feed.activity(ann, 'watched:b2'))?.activity.containsSpoilers).toBe(true)
  })

  it('keeps covered a review whose activity was projected before writers could mark spoilers', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), watched(bob, 'b1'), watched(bob, 'b2', { review: null }))
    // What the projector of before wrote: no mark in the activity's metadata.
    for (const id of ['watched:b1', 'watched:b2']) {
      const [doc] = await h.docs('activities', { _id: id })
      const { containsSpoilers: _none, ...before } = JSON.parse(String(doc?.metadataJson)) as Record<string, unknown>
      await h.db.collection('activities').updateOne({ _id: id }, { $set: { metadataJson: JSON.stringify(before) } })
    }
    const items = (await h.feed.page(ann, { limit: 50 })).items
    expect(items.find((item) => item.id === 'watched:b1')).toMatchObject({ review: 'Epic', containsSpoilers: true })
    expect(items.find((item) => item.id === 'watched:b2')).toMatchObject({ review: null, containsSpoilers: false })
  })

  it('drops a friend’s items when we unfriend, and shows a new friend’s earlier activity', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), watched(bob, 'b1'), watched(cat, 'c1'))
    expect(await h.ids(ann)).toContain('watched:b1')
    await h.given(unfriend(ann, bob))
    expect(await h.ids(ann)).toEqual([])
    await h.given(...befriend(cat, ann))
    expect(await h.ids(ann)).toEqual(expect.arrayContaining(['watched:c1']))
    expect(await h.ids(ann)).not.toContain('watched:b1')
  })

  it('shows a new friendship to its two members only, not to their other friends', async () => {
    const h = await harness()
    await h.given(...befriend(ann, cat))
    h.at('2026-11-21T00:00:00.000Z')
    await h.given(...befriend(ann, bob))
    const [newest] = (await h.feed.page(bob, { limit: 50 })).items
    expect(newest).toMatchObject({ activityType: 'friendship', user: { id: bob }, target: { id: ann } })
    expect((await h.ids(cat)).filter((id) => id.startsWith('friendship:'))).toHaveLength(1)
    await h.given(unfriend(bob, ann))
    expect((await h.ids(bob)).filter((id) => id.startsWith('friendship:'))).toEqual([])
  })

  it('shows a recommendation to its sender and recipient only, and one to an address once it is claimed', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), ...befriend(ann, cat), recommended('r1', ann, bob))
    const [newest] = (await h.feed.page(bob, { limit: 50 })).items
    expect(newest).toMatchObject({
      id: 'recommendation:r1',
      activityType: 'recommendation',
      user: { id: ann },
      target: { id: bob },
      mediaTitle: 'Dune',
      review: null,
    })
    expect(await h.ids(ann)).toContain('recommendation:r1')
    expect(await h.ids(cat)).not.toContain('recommendation:r1')

    await h.given(recommended('r2', ann, null))
    expect(await h.ids(ann)).not.toContain('recommendation:r2')
    await h.given(claimed('r2', ann, cat))
    expect(await h.ids(cat)).toContain('recommendation:r2')
    expect(await h.ids(bob)).not.toContain('recommendation:r2')

    await h.given(AccountDeleted({ userId: bob, deletedAt: '2026-11-23T00:00:00.000Z' }))
    expect(await h.ids(ann)).not.toContain('recommendation:r1')
  })

  it('shows a private entry only once it is made public, and drops it when it is removed', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), watched(bob, 'b1', { isPrivate: true, review: 'secret' }))
    expect(await h.ids(ann)).not.toContain('watched:b1')
    expect(await h.feed.activity(ann, 'watched:b1')).toBeNull()
    await h.given(edited(bob, 'b1', { isPrivate: false, review: 'Now public' }))
    expect((await h.feed.activity(ann, 'watched:b1'))?.activity.review).toBe('Now public')
    await h.given(commented(bob, 'b1', 'k1', ann), WatchedEntryRemoved({ entryId: 'b1', userId: bob, ...dune }))
    expect(await h.ids(ann)).not.toContain('watched:b1')
    expect(await h.feed.activity(ann, 'watched:b1')).toBeNull()
  })

  it('counts comments and reactions, whether I reacted, and who', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), ...befriend(cat, bob), watched(bob, 'b1'))
    await h.given(commented(bob, 'b1', 'k1', ann), reacted(bob, 'b1', ann), reacted(bob, 'b1', cat))
    await h.given(reacted(bob, 'b1', bob, 'k1', ann))
    const item = (await h.feed.page(ann, { limit: 50 })).items.find((i) => i.id === 'watched:b1')
    expect(item).toMatchObject({
      commentCount: 1,
      reactions: [{ emoji: '🔥', count: 2, mine: true, users: ['ann', 'cat'] }],
    })
    const detail = await h.feed.activity(cat, 'watched:b1')
    expect(detail?.comments).toEqual([
      expect.objectContaining({
        id: 'k1',
        content: 'ann-id says hi',
        reactions: [{ emoji: '🔥', count: 1, mine: false, users: ['bob'] }],
      }),
    ])
    await h.given(
      CommentDeleted({ ...onDune(bob, 'b1'), commentId: 'k1', userId: ann, deletedBy: bob, deletedAt: 'x' }),
    )
    expect((await h.feed.activity(cat, 'watched:b1'))?.comments).toEqual([])
  })

  it('never answers an activity to someone who is not the owner’s friend', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), watched(bob, 'b1'))
    expect(await h.feed.activity(cat, 'watched:b1')).toBeNull()
    expect(await h.feed.access(cat, 'watched:b1')).toBeNull()
    expect(await h.feed.access(ann, 'watched:b1')).toEqual({
      id: 'watched:b1',
      ownerId: bob,
      activityType: 'watched',
      mediaTitle: 'Dune',
      audience: null,
      closed: false,
    })
  })

  it('names who may read an activity now: the owner and their friends of today, or exactly its audience', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), ...befriend(cat, bob), watched(bob, 'b1'), recommended('r1', ann, bob))
    expect((await h.feed.readers('watched:b1')).sort()).toEqual([ann, bob, cat])
    await h.given(unfriend(cat, bob))
    expect((await h.feed.readers('watched:b1')).sort()).toEqual([ann, bob])
    expect((await h.feed.readers('recommendation:r1')).sort()).toEqual([ann, bob])
    expect(await h.feed.readers('watched:gone')).toEqual([])
  })

  it('says a recommendation’s card is closed while its two members are not friends, to both, and open again after', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), recommended('r1', ann, bob))
    const closed = async (userId: string) => ({
      access: (await h.feed.access(userId, 'recommendation:r1'))?.closed,
      item: (await h.feed.page(userId, { limit: 50 })).items.find((item) => item.id === 'recommendation:r1')?.closed,
      detail: (await h.feed.activity(userId, 'recommendation:r1'))?.activity.closed,
    })
    expect(await closed(bob)).toEqual({ access: false, item: undefined, detail: undefined })
    await h.given(unfriend(bob, ann))
    for (const userId of [ann, bob]) expect(await closed(userId)).toEqual({ access: true, item: true, detail: true })
    await h.given(...befriend(bob, ann, '2026-11-15T00:00:00.000Z'))
    expect(await closed(ann)).toEqual({ access: false, item: undefined, detail: undefined })
  })

  it('leaves open a card between two who never were friends (a mailed recommendation claimed by a newcomer)', async () => {
    const h = await harness()
    await h.given(recommended('r2', ann, null), claimed('r2', ann, cat))
    for (const userId of [ann, cat]) expect((await h.feed.access(userId, 'recommendation:r2'))?.closed).toBe(false)
    // Friends, then not: ending it closes the card; a deleted account leaves no former friend behind.
    await h.given(...befriend(cat, ann), unfriend(ann, cat))
    expect((await h.feed.access(cat, 'recommendation:r2'))?.closed).toBe(true)
    await h.given(AccountDeleted({ userId: cat, deletedAt: '2026-11-23T00:00:00.000Z' }))
    expect(await h.db.collection('friend_circles').findOne({ formerFriends: cat })).toBeNull()
  })

  it('forgets a deleted account’s activities, comments and reactions, on others’ activities too', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), ...befriend(cat, bob), watched(bob, 'b1'), watched(cat, 'c1'))
    await h.given(commented(bob, 'b1', 'k1', cat), reacted(bob, 'b1', cat), commented(cat, 'c1', 'k2', bob))
    await h.given(AccountDeleted({ userId: cat, deletedAt: '2026-11-22T00:00:00.000Z' }))
    const detail = await h.feed.activity(ann, 'watched:b1')
    expect(detail).toMatchObject({ activity: { commentCount: 0, reactions: [] }, comments: [] })
    expect(await h.ids(bob)).not.toContain('watched:c1')
    expect(await h.docs('comments')).toEqual([])
    expect(await h.docs('activity_reactions')).toEqual([])
  })

  it('keeps what was said on a card addressed to a deleted account, which no longer names them', async () => {
    const h = await harness()
    await h.given(...befriend(ann, cat), recommended('r1', ann, cat))
    const onCard = { activityId: 'recommendation:r1', activityOwnerId: ann, addresseeIds: [cat] }
    await h.given(
      CommentAdded({ ...onCard, commentId: 'k1', userId: ann, content: 'Enjoy', addedAt: '2026-11-21T10:00:00.000Z' }),
      ReactionAdded({
        ...onCard,
        commentId: null,
        commentAuthorId: null,
        userId: ann,
        emoji: '🔥',
        reactedAt: '2026-11-21T10:00:00.000Z',
      }),
    )
    expect(await h.docs('comments')).toMatchObject([{ _id: 'k1', addresseeIds: [cat] }])
    await h.given(AccountDeleted({ userId: cat, deletedAt: '2026-11-22T00:00:00.000Z' }))
    expect(await h.docs('comments')).toMatchObject([{ _id: 'k1', userId: ann, content: 'Enjoy', addresseeIds: [] }])
    expect(await h.docs('activity_reactions')).toMatchObject([{ userId: ann, addresseeIds: [] }])
  })

  it('changes nothing when events come again', async () => {
    const h = await harness()
    const recorded = await h.given(
      ...befriend(ann, bob),
      watched(bob, 'b1'),
      commented(bob, 'b1', 'k1', ann),
      reacted(bob, 'b1', ann),
    )
    const before = await h.feed.page(ann, { limit: 50 })
    await h.redeliver(...recorded)
    expect(await h.feed.page(ann, { limit: 50 })).toEqual(before)
    expect(before.items[0]).toMatchObject({ commentCount: 1, reactions: [{ count: 1 }] })
  })

  it('gives every activity, comment and reaction the same id in a rebuild', async () => {
    const first = await harness()
    const recorded = await first.given(
      ...befriend(ann, bob),
      watched(bob, 'b1'),
      commented(bob, 'b1', 'k1', ann),
      reacted(bob, 'b1', ann, 'k1', ann),
    )
    const rebuilt = await harness()
    await rebuilt.redeliver(...recorded)
    for (const collection of ['activities', 'comments', 'activity_reactions'])
      expect((await rebuilt.docs(collection)).map((doc) => doc._id)).toEqual(
        (await first.docs(collection)).map((doc) => doc._id),
      )
    expect(await rebuilt.feed.activity(ann, 'watched:b1')).toEqual(await first.feed.activity(ann, 'watched:b1'))
  })
})

describe('feed pages', () => {
  it('walks the whole feed with the cursor, each item once, even when new items arrive between pages', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob))
    // Same second for many of them: the id breaks ties, so none is skipped or repeated.
    for (let i = 0; i < 25; i++) {
      h.at(`2026-11-20T10:00:0${i % 3}.000Z`)
      await h.given(watched(i % 2 ? ann : bob, `e${String(i).padStart(2, '0')}`))
    }
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const answer = await h.feed.page(ann, { limit: 10, ...(cursor ? { cursor } : {}) })
      seen.push(...answer.items.map((item) => item.id))
      if (page === 0) {
        h.at('2026-11-21T00:00:00.000Z')
        await h.given(watched(bob, 'late'))
      }
      if (!answer.nextCursor) break
      cursor = answer.nextCursor
    }
    expect(seen).toHaveLength(26) // 25 watches and the friendship
    expect(new Set(seen).size).toBe(26)
    expect(seen).not.toContain('watched:late')
  })

  it('reads pages across many friends, over the size of one indexed look-up', async () => {
    const h = await harness()
    const friends = Array.from({ length: 120 }, (_, i) => `f${i}`)
    await seedUsers(h.db, Object.fromEntries(friends.map((id) => [id, id])))
    for (const [i, friend] of friends.entries()) {
      h.at(`2026-11-01T00:00:00.000Z`)
      await h.given(...befriend(ann, friend))
      h.at(new Date(Date.parse('2026-11-20T00:00:00.000Z') + i * 1000).toISOString())
      await h.given(watched(friend, `w${i}`))
    }
    const answer = await h.feed.page(ann, { limit: 20 })
    expect(answer.items.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, i) => `watched:w${119 - i}`))
  })
})

describe('unread', () => {
  it("counts others' activities since my last visit to the feed, never my own", async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob))
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched(bob, 'b1'), watched(ann, 'a1'))
    expect(await h.feed.unread(ann)).toBe(2) // bob's watch and our friendship, which bob accepted
    await h.given(FeedVisited({ userId: ann, visitedAt: '2026-11-20T12:00:00.000Z' }))
    expect(await h.feed.unread(ann)).toBe(0)
    h.at('2026-11-20T13:00:00.000Z')
    await h.given(watched(bob, 'b2'))
    expect(await h.feed.unread(ann)).toBe(1)
    const older = await h.given(FeedVisited({ userId: ann, visitedAt: '2026-11-20T09:00:00.000Z' }))
    await h.redeliver(...older)
    expect(await h.feed.unread(ann)).toBe(1)
  })
})

describe('my reactions', () => {
  it('lists every reaction I gave, newest first, with what it is on and whose comment, only while I may see it', async () => {
    const h = await harness()
    await h.given(...befriend(ann, bob), ...befriend(bob, cat), watched(bob, 'b1'), watched(cat, 'c1'))
    await h.given(commented(bob, 'b1', 'k1', cat), commented(cat, 'c1', 'k2', bob))
    const earlier = '2026-11-20T10:00:00.000Z'
    await h.given(
      ReactionAdded({
        ...onDune(bob, 'b1'),
        commentId: null,
        commentAuthorId: null,
        userId: ann,
        emoji: '👍',
        reactedAt: earlier,
      }),
    )
    await h.given(reacted(bob, 'b1', ann, 'k1', cat), reacted(bob, 'b1', bob), reacted(cat, 'c1', bob, 'k2', bob))
    expect(await h.feed.myReactions(ann)).toEqual([
      {
        emoji: '🔥',
        createdAt: '2026-11-20T21:00:00.000Z',
        activity: { id: 'watched:b1', activityType: 'watched', mediaTitle: 'Dune', owner: 'bob', visible: true },
        comment: { id: 'k1', author: 'cat' },
      },
      {
        emoji: '👍',
        createdAt: earlier,
        activity: { id: 'watched:b1', activityType: 'watched', mediaTitle: 'Dune', owner: 'bob', visible: true },
        comment: null,
      },
    ])
    await h.given(unfriend(ann, bob))
    expect((await h.feed.myReactions(ann)).map(({ activity, comment }) => [activity?.owner, comment?.author])).toEqual([
      [null, null],
      [null, undefined],
    ])
  })
})
