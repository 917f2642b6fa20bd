import { describe, expect, it } from 'vitest'
import { CommentAdded, ReactionAdded } from '@reelmates/contracts/feed'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import {
  RecommendationAccepted,
  RecommendationDismissed,
  RecommendationSent,
} from '@reelmates/contracts/recommendations'
import { TitleWatched, WatchedEntryEdited, WatchedEntryRemoved } from '@reelmates/contracts/watched'
import { activitiesCollection } from '../activities/activities'
import { feedReadModels, readModelsAsOne } from '../feed/feedTesting'
import { recommendationsProjector } from '../recommendations/recommendations'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { digestQueries, isEmptyDigest } from './digestQueries'

const [ann, bob, cat] = ['ann-id', 'bob-id', 'cat-id']
const media = { title: 'Dune', posterPath: '/dune.jpg', releaseDate: '2021-09-15', voteAverage: 7.8 }
const watched = (userId: string, entryId: string) =>
  TitleWatched({
    entryId,
    userId,
    tmdbId: 438631,
    mediaType: 'movie',
    watchedAt: '2026-11-20T18:00:00.000Z',
    watchedOn: null,
    rating: 8,
    recommend: true,
    review: null,
    containsSpoilers: false,
    streamingService: null,
    isPrivate: false,
    media,
    genreIds: [],
  })
const onAnnsWatch = (entryId = 'e-ann') => ({ activityId: `watched:${entryId}`, activityOwnerId: ann })
const commented = (userId: string, commentId: string, addedAt: string) =>
  CommentAdded({ ...onAnnsWatch(), commentId, userId, content: 'Great', addedAt })
/** A 🔥 on one of ann's watches (one member's reactions on one activity are at most one per emoji). */
const reacted = (userId: string, reactedAt: string, entryId = 'e-ann') =>
  ReactionAdded({ ...onAnnsWatch(entryId), commentId: null, commentAuthorId: null, userId, emoji: '🔥', reactedAt })
const befriend = (a: string, b: string, at = '2026-11-01T00:00:00.000Z') => {
  const pair = { friendshipId: friendshipIdOf(a, b), fromUserId: a, toUserId: b }
  return [
    FriendRequestSent({ ...pair, inviteCount: 1, sentAt: at, invitationId: null }),
    FriendRequestAccepted({ ...pair, acceptedAt: at }),
  ]
}
const unfriend = (byUserId: string, otherUserId: string) =>
  FriendRemoved({
    friendshipId: friendshipIdOf(byUserId, otherUserId),
    byUserId,
    otherUserId,
    removedAt: '2026-11-21T00:00:00.000Z',
  })
const recommendation = (recommendationId: string, fromUserId: string, toUserId: string, mediaTitle: string) => ({
  recommendationId,
  fromUserId,
  toUserId,
  tmdbId: 949,
  mediaType: 'movie' as const,
  mediaTitle,
  mediaPosterPath: null,
})
const recommended = (about: ReturnType<typeof recommendation>, sentAt: string) =>
  RecommendationSent({ ...about, toEmail: null, note: null, tokenHash: null, expiresAt: null, sentAt })
const from = '2026-11-16T08:00:00.000Z'
const until = '2026-11-23T08:00:00.000Z'

async function world() {
  const h = await projectorHarness(readModelsAsOne('digest_spec', [feedReadModels, recommendationsProjector]))
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  h.at('2026-11-01T00:00:00.000Z')
  await h.given(...befriend(ann, bob))
  return { h, digest: () => digestQueries(h.db).content(ann, from, until) }
}

describe('what a digest is made of', () => {
  it('tells a friend’s watch in the period, never a stranger’s, one before the period, or my own', async () => {
    const { h, digest } = await world()
    h.at('2026-11-10T10:00:00.000Z')
    await h.given(watched(bob, 'e-old'))
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched(bob, 'e-bob'), watched(cat, 'e-cat'), watched(ann, 'e-ann'))
    const content = await digest()
    expect(content.friendsActivity).toEqual({
      shown: [
        {
          username: 'bob',
          activityType: 'watched',
          mediaTitle: 'Dune',
          targetUsername: null,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
      total: 1,
    })
  })

  it('tells comments and reactions others left on my activity, and a recommendation waiting for me', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T10:00:00.000Z')
    const on = { activityId: 'watched:e-ann', activityOwnerId: ann }
    await h.given(
      watched(ann, 'e-ann'),
      CommentAdded({ ...on, commentId: 'c1', userId: bob, content: 'Great', addedAt: '2026-11-20T11:00:00.000Z' }),
      CommentAdded({ ...on, commentId: 'c2', userId: ann, content: 'Thanks', addedAt: '2026-11-20T12:00:00.000Z' }),
      ReactionAdded({
        ...on,
        commentId: null,
        commentAuthorId: null,
        userId: bob,
        emoji: '🔥',
        reactedAt: '2026-11-20T11:30:00.000Z',
      }),
      RecommendationSent({
        recommendationId: '10000000-0000-4000-8000-000000000001',
        fromUserId: bob,
        toUserId: ann,
        tmdbId: 949,
        mediaType: 'movie',
        mediaTitle: 'Heat',
        mediaPosterPath: null,
        toEmail: null,
        note: null,
        tokenHash: null,
        expiresAt: null,
        sentAt: '2026-11-20T13:00:00.000Z',
      }),
    )
    const content = await digest()
    const onMyWatch = { username: 'bob', activityType: 'watched', mediaTitle: 'Dune' }
    expect(content.onMyActivity).toEqual({
      shown: [
        { kind: 'reaction', emoji: '🔥', ...onMyWatch, createdAt: '2026-11-20T11:30:00.000Z' },
        { kind: 'comment', ...onMyWatch, createdAt: '2026-11-20T11:00:00.000Z' },
      ],
      total: 2,
    })
    expect(content.recommendationsWaiting).toEqual({ shown: [{ fromUsername: 'bob', mediaTitle: 'Heat' }], total: 1 })
    expect(isEmptyDigest(content)).toBe(false)
  })

  it('is empty when nothing happened in the period', async () => {
    const { digest } = await world()
    expect(isEmptyDigest(await digest())).toBe(true)
  })

  it('leaves out a recommendation of mine that its recipient passed on, as the bell does', async () => {
    const { h, digest } = await world()
    h.at('2026-11-18T10:00:00.000Z')
    const heat = recommendation('10000000-0000-4000-8000-000000000002', ann, bob, 'Heat')
    const jaws = recommendation('10000000-0000-4000-8000-000000000003', ann, cat, 'Jaws')
    await h.given(recommended(heat, '2026-11-18T10:00:00.000Z'), recommended(jaws, '2026-11-18T10:00:00.000Z'))
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(
      RecommendationAccepted({ ...heat, acceptedAt: '2026-11-20T10:00:00.000Z' }),
      RecommendationDismissed({ ...jaws, toUserId: cat, dismissedAt: '2026-11-20T10:00:00.000Z' }),
    )
    const content = await digest()
    expect(content.recommendationsAnswered).toEqual({
      shown: [{ toUsername: 'bob', mediaTitle: 'Heat', status: 'accepted' }],
      total: 1,
    })
  })

  it('is empty when the only news is a recommendation of mine passed on', async () => {
    const { h, digest } = await world()
    const jaws = recommendation('10000000-0000-4000-8000-000000000003', ann, cat, 'Jaws')
    h.at('2026-11-18T10:00:00.000Z')
    await h.given(recommended(jaws, '2026-11-10T10:00:00.000Z'))
    await h.given(RecommendationDismissed({ ...jaws, toUserId: cat, dismissedAt: '2026-11-20T10:00:00.000Z' }))
    expect(isEmptyDigest(await digest())).toBe(true)
  })

  describe('comments and reactions on an activity of mine that is gone, as the bell leaves them out', () => {
    async function commentedOn() {
      const w = await world()
      w.h.at('2026-11-20T10:00:00.000Z')
      await w.h.given(
        watched(ann, 'e-ann'),
        commented(bob, 'c1', '2026-11-20T11:00:00.000Z'),
        reacted(bob, '2026-11-20T11:00:00.000Z'),
      )
      return w
    }
    const annsWatch = { entryId: 'e-ann', userId: ann, tmdbId: 438631, mediaType: 'movie' as const }

    it('are not told once I removed the watch', async () => {
      const { h, digest } = await commentedOn()
      await h.given(WatchedEntryRemoved(annsWatch))
      const content = await digest()
      expect(content.onMyActivity).toEqual({ shown: [], total: 0 })
      expect(isEmptyDigest(content)).toBe(true)
    })

    it('are not told once I made the watch private', async () => {
      const { h, digest } = await commentedOn()
      const { media: _media, genreIds: _genreIds, ...entry } = watched(ann, 'e-ann').data
      await h.given(WatchedEntryEdited({ ...entry, isPrivate: true }))
      const content = await digest()
      expect(content.onMyActivity).toEqual({ shown: [], total: 0 })
    })
  })
})

describe('comments and reactions on a card another member addressed to me, as the bell tells them', () => {
  const dune = recommendation('10000000-0000-4000-8000-000000000004', bob, ann, 'Dune')
  const onTheRecommendation = { activityId: `recommendation:${dune.recommendationId}`, activityOwnerId: bob }
  /** Our friendship's card: bob accepted ann's request, so it is bob's, addressed to ann. */
  async function onOurFriendship(h: Awaited<ReturnType<typeof world>>['h']) {
    const [card] = await h.db.collection(activitiesCollection).find({ activityType: 'friendship', userId: bob })
    return { activityId: String(card?._id), activityOwnerId: bob }
  }
  const comment = (on: object, userId: string, commentId: string, addedAt: string, addresseeIds?: string[]) =>
    CommentAdded({
      ...onTheRecommendation,
      ...on,
      commentId,
      userId,
      content: 'Great',
      addedAt,
      ...(addresseeIds ? { addresseeIds } : {}),
    })
  const reaction = (on: object, userId: string, reactedAt: string, addresseeIds?: string[]) =>
    ReactionAdded({
      ...onTheRecommendation,
      ...on,
      commentId: null,
      commentAuthorId: null,
      userId,
      emoji: '👍',
      reactedAt,
      ...(addresseeIds ? { addresseeIds } : {}),
    })

  it('tells me of those on the recommendation to me and on our friendship, each named as the bell names it', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T09:00:00.000Z')
    await h.given(recommended(dune, '2026-11-20T09:00:00.000Z'))
    const friendship = await onOurFriendship(h)
    await h.given(
      comment(onTheRecommendation, bob, 'c1', '2026-11-20T10:00:00.000Z', [ann]),
      reaction(onTheRecommendation, bob, '2026-11-20T10:30:00.000Z', [ann]),
      comment(friendship, bob, 'c2', '2026-11-20T11:00:00.000Z', [ann]),
      reaction(friendship, bob, '2026-11-20T11:30:00.000Z', [ann]),
    )
    const toMe = { username: 'bob', addressed: true }
    const onDune = { ...toMe, activityType: 'recommendation', mediaTitle: 'Dune' }
    const onFriendship = { ...toMe, activityType: 'friendship', mediaTitle: null }
    expect((await digest()).onMyActivity).toEqual({
      shown: [
        { kind: 'reaction', emoji: '👍', ...onFriendship, createdAt: '2026-11-20T11:30:00.000Z' },
        { kind: 'comment', ...onFriendship, createdAt: '2026-11-20T11:00:00.000Z' },
        { kind: 'reaction', emoji: '👍', ...onDune, createdAt: '2026-11-20T10:30:00.000Z' },
        { kind: 'comment', ...onDune, createdAt: '2026-11-20T10:00:00.000Z' },
      ],
      total: 4,
    })
  })

  it('never tells me my own comment or reaction on it; its owner is told of them', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T09:00:00.000Z')
    await h.given(recommended(dune, '2026-11-20T09:00:00.000Z'))
    // I am the card's only addressee: mine name nobody else to tell (`addresseeIds` leaves out its author).
    await h.given(
      comment(onTheRecommendation, ann, 'c1', '2026-11-20T10:00:00.000Z'),
      reaction(onTheRecommendation, ann, '2026-11-20T10:30:00.000Z'),
    )
    expect((await digest()).onMyActivity).toEqual({ shown: [], total: 0 })
    const bobs = await digestQueries(h.db).content(bob, from, until)
    expect(bobs.onMyActivity).toMatchObject({
      shown: [
        { kind: 'reaction', username: 'ann', activityType: 'recommendation', mediaTitle: 'Dune' },
        { kind: 'comment', username: 'ann', activityType: 'recommendation', mediaTitle: 'Dune' },
      ],
      total: 2,
    })
    expect(bobs.onMyActivity.shown.some((line) => line.addressed)).toBe(false)
  })

  it('leaves out those on our friendship once it ended: its card is gone', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T09:00:00.000Z')
    await h.given(comment(await onOurFriendship(h), bob, 'c1', '2026-11-20T10:00:00.000Z', [ann]))
    expect((await digest()).onMyActivity.total).toBe(1)
    await h.given(unfriend(ann, bob))
    expect((await digest()).onMyActivity).toEqual({ shown: [], total: 0 })
  })

  it('leaves out one recorded before addressees were told, as the bell did', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T09:00:00.000Z')
    await h.given(recommended(dune, '2026-11-20T09:00:00.000Z'))
    await h.given(comment(onTheRecommendation, bob, 'c1', '2026-11-20T10:00:00.000Z'))
    expect((await digest()).onMyActivity).toEqual({ shown: [], total: 0 })
  })
})

describe('what my reader may no longer open, as the bell leaves it out (openableBy)', () => {
  it('leaves out a friend’s watch once I unfriended them', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched(bob, 'e-bob'))
    expect((await digest()).friendsActivity.total).toBe(1)
    await h.given(unfriend(ann, bob))
    const content = await digest()
    expect(content.friendsActivity).toEqual({ shown: [], total: 0 })
    expect(isEmptyDigest(content)).toBe(true)
  })

  it('tells a friend’s new friendship with me, never one with someone else (only its two members may open it)', async () => {
    const { h, digest } = await world()
    await h.given(...befriend(cat, bob, '2026-11-20T10:00:00.000Z'))
    expect(await digest()).toMatchObject({ friendsActivity: { shown: [], total: 0 } })
    await h.given(...befriend(ann, cat, '2026-11-20T11:00:00.000Z'))
    expect((await digest()).friendsActivity).toEqual({
      shown: [
        {
          username: 'cat',
          activityType: 'friendship',
          mediaTitle: null,
          targetUsername: 'ann',
          createdAt: '2026-11-20T11:00:00.000Z',
        },
      ],
      total: 1,
    })
  })

  it('still tells a comment on my watch by someone I unfriended since: my own watch is mine to open', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched(ann, 'e-ann'), commented(bob, 'c1', '2026-11-20T11:00:00.000Z'), unfriend(ann, bob))
    expect((await digest()).onMyActivity).toMatchObject({ shown: [{ kind: 'comment', username: 'bob' }], total: 1 })
  })
})

describe('a busy period', () => {
  /** `n` instants a minute apart from `start`, oldest first. */
  const minutes = (start: string, n: number) =>
    Array.from({ length: n }, (_, i) => new Date(Date.parse(start) + i * 60_000).toISOString())
  const newFriends = Array.from({ length: 15 }, (_, i) => `friend-${i + 1}`)

  async function busyDay() {
    const { h, digest } = await world()
    await seedUsers(h.db, Object.fromEntries(newFriends.map((id) => [id, id.replace('-', '_')])))
    // Oldest first: 15 new friendships, then 25 recommendations to me, then 30 watches of bob's.
    for (const [i, at] of minutes('2026-11-20T09:00:00.000Z', 15).entries()) {
      h.at(at)
      const friend = newFriends[i] ?? ''
      const [sent, accepted] = befriend(ann, friend)
      await h.given(sent!, FriendRequestAccepted({ ...accepted!.data, acceptedAt: at }))
    }
    for (const [i, at] of minutes('2026-11-20T10:00:00.000Z', 25).entries()) {
      h.at(at)
      const id = `20000000-0000-4000-8000-${String(i).padStart(12, '0')}`
      await h.given(recommended(recommendation(id, bob, ann, `Recommended ${i + 1}`), at))
    }
    for (const [i, at] of minutes('2026-11-20T12:00:00.000Z', 30).entries()) {
      h.at(at)
      await h.given(watched(bob, `e-${i + 1}`))
    }
    return { h, digest }
  }

  it('lists the newest of my friends’ activities, newest first, and counts them all', async () => {
    const { digest } = await busyDay()
    const { friendsActivity } = await digest()
    // The 20 newest are bob's latest watches; the friendships and the recommendations to me (told in
    // their own section) take no place among them. All 30 watches and 15 friendships are counted.
    expect(friendsActivity.total).toBe(45)
    expect(friendsActivity.shown).toHaveLength(20)
    expect(friendsActivity.shown.map((a) => a.activityType)).toEqual(Array(20).fill('watched'))
    const times = friendsActivity.shown.map((a) => a.createdAt)
    expect(times[0]).toBe('2026-11-20T12:29:00.000Z')
    expect(times).toEqual([...times].sort().reverse())
  })

  it('lists the newest recommendations waiting for me, and counts them all', async () => {
    const { digest } = await busyDay()
    const { recommendationsWaiting } = await digest()
    expect(recommendationsWaiting.total).toBe(25)
    expect(recommendationsWaiting.shown.map((r) => r.mediaTitle)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Recommended ${25 - i}`),
    )
  })

  it('lists the newest comments and reactions on my activity together, and counts them all', async () => {
    const { h, digest } = await world()
    h.at('2026-11-20T09:00:00.000Z')
    const times = minutes('2026-11-20T10:00:00.000Z', 50)
    await h.given(...times.map((_, i) => watched(ann, i === 0 ? 'e-ann' : `e-ann-${i}`)))
    await h.given(...times.map((at, i) => (i % 2 === 0 ? commented(bob, `c${i}`, at) : reacted(bob, at, `e-ann-${i}`))))
    const { onMyActivity } = await digest()
    expect(onMyActivity.total).toBe(50)
    expect(onMyActivity.shown.map((line) => line.createdAt)).toEqual(times.slice(30).reverse())
    expect(onMyActivity.shown.map((line) => line.kind).slice(0, 2)).toEqual(['reaction', 'comment'])
  })

  it('gives no place and no count to someone whose account is gone', async () => {
    const { h, digest } = await world()
    // dan is my friend, but the users read model no longer has his account (gone, or going).
    h.at('2026-11-01T00:00:00.000Z')
    await h.given(...befriend(ann, 'dan-id'))
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched(bob, 'e-bob'))
    for (const [i, at] of minutes('2026-11-20T11:00:00.000Z', 25).entries()) {
      h.at(at)
      await h.given(watched('dan-id', `e-dan-${i}`))
    }
    const { friendsActivity } = await digest()
    expect(friendsActivity).toMatchObject({ shown: [{ username: 'bob' }], total: 1 })
  })
})
