import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import {
  RecommendationAccepted,
  RecommendationClaimed,
  RecommendationDismissed,
  RecommendationEmailed,
  RecommendationRestored,
  RecommendationSent,
} from '@reelmates/contracts/recommendations'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { recommendationQueries } from './recommendationQueries'
import { recommendationsProjector } from './recommendations'

const ann = '00000000-0000-4000-8000-00000000000a'
const bob = '00000000-0000-4000-8000-00000000000b'
const cat = '00000000-0000-4000-8000-00000000000c'
const rec1 = '10000000-0000-4000-8000-000000000001'
const rec2 = '10000000-0000-4000-8000-000000000002'
const rec3 = '10000000-0000-4000-8000-000000000003'
const at = '2026-11-20T10:00:00.000Z'
const later = '2026-11-21T10:00:00.000Z'
const dune = { tmdbId: 438631, mediaType: 'movie' as const, mediaTitle: 'Dune', mediaPosterPath: '/dune.jpg' }
const heat = { tmdbId: 949, mediaType: 'movie' as const, mediaTitle: 'Heat', mediaPosterPath: '/heat.jpg' }

const about = (id: string, from: string, to: string | null, title = dune) => ({
  recommendationId: id,
  fromUserId: from,
  toUserId: to,
  ...title,
})
const sent = (id: string, from = ann, to: string | null = bob, title = dune, toEmail: string | null = null) =>
  RecommendationSent({
    ...about(id, from, to, title),
    toEmail,
    note: 'You will love it',
    tokenHash: to === null ? 'h1' : null,
    expiresAt: null,
    sentAt: at,
  })
const dismissed = (id: string) => RecommendationDismissed({ ...about(id, ann, bob), toUserId: bob, dismissedAt: later })
const watched = (userId: string, rating: number | null, isPrivate = false, title = dune, entryId = 'a') =>
  TitleWatched({
    entryId: `entry-${userId}-${title.tmdbId}-${entryId}`,
    userId,
    tmdbId: title.tmdbId,
    mediaType: title.mediaType,
    watchedAt: later,
    watchedOn: null,
    rating,
    recommend: null,
    review: null,
    containsSpoilers: false,
    streamingService: null,
    isPrivate,
    media: { title: title.mediaTitle, posterPath: title.mediaPosterPath, releaseDate: null, voteAverage: null },
    genreIds: [],
  })

/** The recipient's changes to a watch of Dune (entry `a` unless named). */
const entryOf = (userId: string, entryId = 'a') => ({
  entryId: `entry-${userId}-${dune.tmdbId}-${entryId}`,
  userId,
  tmdbId: dune.tmdbId,
  mediaType: dune.mediaType,
})
const entryFields = (rating: number | null, isPrivate: boolean) => ({
  watchedAt: later,
  watchedOn: null,
  rating,
  recommend: null,
  review: null,
  containsSpoilers: false,
  streamingService: null,
  isPrivate,
})
const edited = (userId: string, rating: number | null, isPrivate = false, entryId = 'a') =>
  WatchedEntryEdited({ ...entryOf(userId, entryId), ...entryFields(rating, isPrivate) })
const removed = (userId: string, entryId = 'a') => WatchedEntryRemoved(entryOf(userId, entryId))
const restored = (userId: string, rating: number | null, isPrivate = false, entryId = 'a') =>
  WatchedEntryRestored({
    ...entryOf(userId, entryId),
    ...entryFields(rating, isPrivate),
    media: { title: dune.mediaTitle, posterPath: dune.mediaPosterPath, releaseDate: null, voteAverage: null },
    genreIds: [],
  })

async function harness() {
  const h = await projectorHarness(recommendationsProjector)
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  return { ...h, queries: recommendationQueries(h.db) }
}

describe('recommendations read model', () => {
  it('lists a sent recommendation in the sender’s Sent and the recipient’s Received, pending', async () => {
    const h = await harness()
    await h.given(sent(rec1))
    const [item] = await h.queries.received(bob)
    expect(item).toMatchObject({
      id: rec1,
      from: { username: 'ann' },
      to: { username: 'bob' },
      mediaTitle: 'Dune',
      note: 'You will love it',
      status: 'pending',
      rating: null,
      emailSent: false,
      createdAt: at,
    })
    expect(await h.queries.sent(ann)).toEqual([item])
    expect(await h.queries.received(ann)).toEqual([])
  })

  it('follows the mail, a dismissal, its undo and the accept', async () => {
    const h = await harness()
    await h.given(sent(rec1), RecommendationEmailed({ ...about(rec1, ann, bob), emailedAt: at }), dismissed(rec1))
    expect(await h.queries.received(bob)).toMatchObject([{ status: 'dismissed', emailSent: true, updatedAt: later }])
    await h.given(RecommendationRestored({ ...about(rec1, ann, bob), toUserId: bob, restoredAt: later }))
    expect(await h.queries.received(bob)).toMatchObject([{ status: 'pending' }])
    await h.given(RecommendationAccepted({ ...about(rec1, ann, bob), toUserId: bob, acceptedAt: later }))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'accepted' }])
  })

  it('lists what waits for an answer first', async () => {
    const h = await harness()
    await h.given(sent(rec1), dismissed(rec1), sent(rec2, cat, bob, heat))
    expect((await h.queries.received(bob)).map((item) => item.id)).toEqual([rec2, rec1])
  })

  it('moves to watched when the recipient’s TitleWatched arrives, carrying their public rating', async () => {
    const h = await harness()
    await h.given(sent(rec1), watched(bob, 9))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'watched', rating: 9 }])
  })

  it('moves a dismissed recommendation to watched too', async () => {
    const h = await harness()
    await h.given(sent(rec1), dismissed(rec1), watched(bob, 7))
    expect(await h.queries.received(bob)).toMatchObject([{ status: 'watched', rating: 7 }])
  })

  it('never tells the sender of a private watch: status, rating and date stay as they were', async () => {
    const h = await harness()
    await h.given(sent(rec1), watched(bob, 9, true))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'pending', rating: null, updatedAt: at }])
  })

  it('counts a private watch once the recipient makes it public', async () => {
    const h = await harness()
    await h.given(sent(rec1), dismissed(rec1), watched(bob, 9, true))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'dismissed', rating: null }])
    await h.given(edited(bob, 9))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'watched', rating: 9 }])
  })

  it('passes over a private rewatch: the rating shown is the public watch before it', async () => {
    const h = await harness()
    await h.given(sent(rec1), watched(bob, 6, false, dune, 'first'), watched(bob, 2, true, dune, 'again'))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'watched', rating: 6 }])
  })

  it('follows the watch behind the rating as the recipient edits it, hides it, removes it and puts it back', async () => {
    const h = await harness()
    const rating = async () => (await h.queries.sent(ann))[0]?.rating
    await h.given(sent(rec1), watched(bob, 2))
    expect(await rating()).toBe(2)
    await h.given(edited(bob, 10))
    expect(await rating()).toBe(10)
    // Made private: the sender no longer sees the rating the recipient has hidden.
    await h.given(edited(bob, 10, true))
    expect(await rating()).toBeNull()
    await h.given(edited(bob, 8))
    expect(await rating()).toBe(8)
    await h.given(removed(bob))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'watched', rating: null }])
    await h.given(restored(bob, 8))
    expect(await rating()).toBe(8)
  })

  it('shows the latest watch still there: removing a rewatch shows the watch before it', async () => {
    const h = await harness()
    const rating = async () => (await h.queries.sent(ann))[0]?.rating
    await h.given(sent(rec1), watched(bob, 6, false, dune, 'first'), watched(bob, 9, false, dune, 'again'))
    expect(await rating()).toBe(9)
    await h.given(removed(bob, 'again'))
    expect(await rating()).toBe(6)
    await h.given(edited(bob, 6, true, 'first'))
    expect(await rating()).toBeNull()
  })

  it('is not moved by edits of a watch logged before the recommendation, nor of someone else’s', async () => {
    const h = await harness()
    await h.given(watched(bob, 3, false, dune, 'before'), sent(rec1), watched(bob, 7))
    await h.given(edited(bob, 1, false, 'before'), removed(bob, 'before'), edited(cat, 1))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'watched', rating: 7 }])
  })

  it('is not moved by someone else’s watch, nor by another title', async () => {
    const h = await harness()
    await h.given(sent(rec1), watched(ann, 9), watched(cat, 9), watched(bob, 8, false, heat))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'pending' }])
  })

  it('leaves a recommendation made after the watch pending', async () => {
    const h = await harness()
    await h.given(watched(bob, 9), sent(rec1))
    expect(await h.queries.sent(ann)).toMatchObject([{ status: 'pending' }])
  })

  it('gives a newcomer’s recommendation to the account that claimed it', async () => {
    const h = await harness()
    await h.given(sent(rec1, ann, null, dune, 'new@example.com'))
    expect(await h.queries.sent(ann)).toMatchObject([{ to: null, toEmail: 'new@example.com' }])
    await h.given(RecommendationClaimed({ ...about(rec1, ann, cat), toUserId: cat, tokenHash: 'h1', claimedAt: later }))
    expect(await h.queries.received(cat)).toMatchObject([{ id: rec1, to: { username: 'cat' }, status: 'pending' }])
  })

  it('forgets every recommendation of a deleted sender', async () => {
    const h = await harness()
    await h.given(sent(rec1), sent(rec2, cat, bob, heat), AccountDeleted({ userId: ann, deletedAt: later }))
    expect((await h.docs('recommendations')).map((doc) => doc._id)).toEqual([rec2])
  })

  it('forgets every recommendation of a deleted recipient', async () => {
    const h = await harness()
    await h.given(sent(rec1), sent(rec3, ann, cat, heat), AccountDeleted({ userId: bob, deletedAt: later }))
    expect((await h.docs('recommendations')).map((doc) => doc._id)).toEqual([rec3])
  })

  it('changes nothing when an event is delivered again', async () => {
    const h = await harness()
    const [first] = await h.given(sent(rec1), dismissed(rec1))
    if (!first) throw new Error('nothing recorded')
    await h.redeliver(first)
    expect(await h.docs('recommendations')).toHaveLength(1)
    expect(await h.queries.received(bob)).toMatchObject([{ status: 'dismissed' }])
  })

  it('counts the hit rate and the best pick on the sender’s profile', async () => {
    const h = await harness()
    await h.given(
      sent(rec1),
      sent(rec2, ann, cat, heat),
      sent(rec3, ann, cat),
      watched(bob, 9),
      watched(cat, 10, false, heat),
    )
    expect(await h.queries.stats(ann, ann)).toEqual({
      sent: 3,
      hits: 2,
      hitRate: 2 / 3,
      bestPick: { ...heat, tmdbId: heat.tmdbId, rating: 10, to: { username: 'cat' } },
    })
    expect(await h.queries.stats(bob, ann)).toEqual({ sent: 0, hits: 0, hitRate: null, bestPick: null })
  })

  it('names the best pick’s recipient to the sender and the recipient only', async () => {
    const h = await harness()
    await h.given(sent(rec2, ann, cat, heat), watched(cat, 10, false, heat))
    expect(await h.queries.stats(ann, cat)).toMatchObject({ bestPick: { rating: 10, to: { username: 'cat' } } })
    // Anyone else reading Ann's profile (Bob, a friend of neither here) learns the pick and its rating, not who.
    expect(await h.queries.stats(ann, bob)).toMatchObject({ bestPick: { ...heat, rating: 10, to: null } })
  })

  it('names no best pick that its recipient rated below three stars', async () => {
    const h = await harness()
    await h.given(sent(rec1), watched(bob, 5))
    expect(await h.queries.stats(ann, ann)).toMatchObject({ hits: 1, bestPick: null })
    await h.given(sent(rec2, ann, cat, heat), watched(cat, 6, false, heat))
    expect(await h.queries.stats(ann, ann)).toMatchObject({ bestPick: { rating: 6, to: { username: 'cat' } } })
  })
})
