import { describe, expect, it } from 'vitest'
import { CommentAdded, ReactionAdded } from '@reelmates/contracts/feed'
import { FriendRequestAccepted, FriendRequestSent, friendshipIdOf } from '@reelmates/contracts/friendships'
import {
  RecommendationAccepted,
  RecommendationDismissed,
  RecommendationSent,
} from '@reelmates/contracts/recommendations'
import { TitleWatched, WatchedEntryEdited, WatchedEntryRemoved } from '@reelmates/contracts/watched'
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
const onAnnsWatch = { activityId: 'watched:e-ann', activityOwnerId: ann }
const commented = (userId: string, commentId: string, addedAt: string) =>
  CommentAdded({ ...onAnnsWatch, commentId, userId, content: 'Great', addedAt })
const reacted = (userId: string, emoji: string, reactedAt: string) =>
  ReactionAdded({ ...onAnnsWatch, commentId: null, commentAuthorId: null, userId, emoji, reactedAt })
const befriend = (a: string, b: string) => {
  const pair = { friendshipId: friendshipIdOf(a, b), fromUserId: a, toUserId: b }
  return [
    FriendRequestSent({ ...pair, inviteCount: 1, sentAt: '2026-11-01T00:00:00.000Z', invitationId: null }),
    FriendRequestAccepted({ ...pair, acceptedAt: '2026-11-01T00:00:00.000Z' }),
  ]
}
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
    expect(content.friendsActivity).toEqual([
      {
        username: 'bob',
        activityType: 'watched',
        mediaTitle: 'Dune',
        targetUsername: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ])
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
        reactedAt: '2026-11-20T11:00:00.000Z',
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
    const onMyWatch = { activityType: 'watched', mediaTitle: 'Dune' }
    expect(content.commentsOnMine).toEqual([{ username: 'bob', ...onMyWatch }])
    expect(content.reactionsOnMine).toEqual([{ username: 'bob', emoji: '🔥', ...onMyWatch }])
    expect(content.recommendationsWaiting).toEqual([{ fromUsername: 'bob', mediaTitle: 'Heat' }])
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
    expect(content.recommendationsAnswered).toEqual([{ toUsername: 'bob', mediaTitle: 'Heat', status: 'accepted' }])
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
        reacted(bob, '🔥', '2026-11-20T11:00:00.000Z'),
      )
      return w
    }
    const annsWatch = { entryId: 'e-ann', userId: ann, tmdbId: 438631, mediaType: 'movie' as const }

    it('are not told once I removed the watch', async () => {
      const { h, digest } = await commentedOn()
      await h.given(WatchedEntryRemoved(annsWatch))
      const content = await digest()
      expect([content.commentsOnMine, content.reactionsOnMine]).toEqual([[], []])
      expect(isEmptyDigest(content)).toBe(true)
    })

    it('are not told once I made the watch private', async () => {
      const { h, digest } = await commentedOn()
      const { media: _media, genreIds: _genreIds, ...entry } = watched(ann, 'e-ann').data
      await h.given(WatchedEntryEdited({ ...entry, isPrivate: true }))
      const content = await digest()
      expect([content.commentsOnMine, content.reactionsOnMine]).toEqual([[], []])
    })
  })
})
