import { describe, expect, it } from 'vitest'
import { NotificationsSeen } from '@reelmates/contracts/notifications'
import { CommentAdded, ReactionAdded, type ActivitySummary } from '@reelmates/contracts/feed'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
} from '@reelmates/contracts/watchlist'
import {
  FriendRemoved,
  FriendRequestAccepted,
  FriendRequestSent,
  friendshipIdOf,
} from '@reelmates/contracts/friendships'
import { activities } from '../activities/activities'
import { friendships } from '../friends/friendships'
import { readModelsAsOne } from '../feed/feedTesting'
import { projectorHarness } from '../testing/projectorHarness'
import { announcementTo } from '../testing/announcement'
import { seedFriends } from '../testing/seedFriends'
import { seedUsers } from '../testing/seedUsers'
import { notificationQueries } from './notificationQueries'
import { notifications } from './notifications'
import { notificationsSeen } from './notificationsSeen'

const [ann, bob, cat] = ['ann-id', 'bob-id', 'cat-id']
const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: null, releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry = {
  entryId: 'e1',
  userId: ann,
  ...dune,
  watchedAt: '2026-11-19T20:00:00.000Z',
  watchedOn: null,
  rating: 8,
  recommend: true,
  review: null,
  containsSpoilers: false,
  streamingService: null,
  isPrivate: false,
}
const annsWatch = { activityId: 'watched:e1', activityOwnerId: ann }
const watchOfDune: ActivitySummary = { type: 'watched', mediaTitle: 'Dune' }
const at = '2026-11-20T21:00:00.000Z'

const watched = TitleWatched({ ...entry, media, genreIds: [] })
const removed = WatchedEntryRemoved({ entryId: 'e1', userId: ann, ...dune })
const restored = WatchedEntryRestored({ ...entry, media, genreIds: [] })
const commented = (userId: string, commentId: string, otherCommenterIds: string[] = [], activity = annsWatch) =>
  CommentAdded({
    ...activity,
    commentId,
    userId,
    content: 'Loved it',
    addedAt: at,
    activity: watchOfDune,
    otherCommenterIds,
  })
const reacted = (userId: string) =>
  ReactionAdded({
    ...annsWatch,
    commentId: null,
    commentAuthorId: null,
    userId,
    emoji: '🔥',
    reactedAt: at,
    activity: watchOfDune,
  })

/** Ann's ❤️ on comment `commentId` (by `authorId`) on her watch. */
const annLoved = (commentId: string, authorId: string) =>
  ReactionAdded({
    ...annsWatch,
    commentId,
    commentAuthorId: authorId,
    userId: ann,
    emoji: '❤️',
    reactedAt: at,
    activity: watchOfDune,
  })

async function bell() {
  const h = await projectorHarness(
    readModelsAsOne('bell_spec', [activities, friendships, notifications, notificationsSeen]),
  )
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  await seedFriends(h.db, [ann, bob, cat])
  const queries = notificationQueries(h.db)
  const shown = async (userId: string) => {
    const { items, unreadCount, unseenCount } = await queries.list(userId, { limit: 50 })
    return { texts: items.map((item) => item.text), unreadCount, unseenCount }
  }
  return { ...h, queries, shown }
}

describe('lines about an activity that is gone', () => {
  it('are neither listed nor counted while the owner has removed the watch, and come back with it', async () => {
    const h = await bell()
    await h.given(watched, commented(bob, 'c1'), reacted(cat))
    const before = await h.shown(ann)
    expect(before).toEqual({
      texts: ['cat reacted to your watch of Dune', 'bob commented on your watch of Dune'],
      unreadCount: 2,
      unseenCount: 2,
    })

    await h.given(removed)
    expect(await h.shown(ann)).toEqual({ texts: [], unreadCount: 0, unseenCount: 0 })

    await h.given(restored)
    expect(await h.shown(ann)).toEqual(before)
  })

  it('leave every bell that has them: a thread’s, a reaction to one’s comment there', async () => {
    const h = await bell()
    await h.given(watched, commented(bob, 'c1'), commented(cat, 'c2', [bob]), annLoved('c2', cat))
    expect((await h.shown(bob)).texts).toEqual(['cat also commented on Dune'])
    expect((await h.shown(cat)).texts).toEqual(['ann reacted to your comment on Dune'])

    await h.given(removed)
    expect(await h.shown(bob)).toEqual({ texts: [], unreadCount: 0, unseenCount: 0 })
    expect(await h.shown(cat)).toEqual({ texts: [], unreadCount: 0, unseenCount: 0 })
  })

  it('are out of the bell of a reader no longer the owner’s friend, and back when they are friends again', async () => {
    const h = await bell()
    await h.given(watched, commented(bob, 'c1'), commented(cat, 'c2', [bob]), annLoved('c1', bob))
    const before = await h.shown(bob)
    expect(before).toEqual({
      texts: ['cat also commented on Dune', 'ann reacted to your comment on Dune'],
      unreadCount: 2,
      unseenCount: 2,
    })
    const friendshipId = friendshipIdOf(ann, bob)
    // Bob unfriends Ann: her watch is no longer his to open, and the lines would lead to "isn't available".
    await h.given(FriendRemoved({ friendshipId, byUserId: bob, otherUserId: ann, removedAt: at }))
    expect(await h.shown(bob)).toEqual({ texts: [], unreadCount: 0, unseenCount: 0 })
    // The owner's own lines stay: the watch is hers.
    expect((await h.shown(ann)).texts).toEqual(['cat and bob commented on your watch of Dune'])

    await h.given(
      FriendRequestSent({
        friendshipId,
        fromUserId: bob,
        toUserId: ann,
        inviteCount: 1,
        sentAt: at,
        invitationId: null,
      }),
      FriendRequestAccepted({ friendshipId, fromUserId: bob, toUserId: ann, acceptedAt: at }),
    )
    // Back, beside the new friendship's own line.
    expect((await h.shown(bob)).texts).toEqual(expect.arrayContaining(before.texts))
    expect((await h.shown(bob)).unreadCount).toBe(before.unreadCount + 1)
  })

  it('are out while the entry is private, and back when it is public again', async () => {
    const h = await bell()
    await h.given(watched, commented(bob, 'c1'))
    await h.given(WatchedEntryEdited({ ...entry, isPrivate: true }))
    expect((await h.shown(ann)).texts).toEqual([])
    await h.given(WatchedEntryEdited({ ...entry, isPrivate: false }))
    expect((await h.shown(ann)).texts).toEqual(['bob commented on your watch of Dune'])
  })

  it('are out while a title is off the watchlist, back when it is put back, and never for a new add', async () => {
    const h = await bell()
    const addedAt = '2026-11-01T00:00:00.000Z'
    const add = TitleAddedToWatchlist({ userId: ann, ...dune, note: null, addedAt, media, streamingOn: [] })
    const firstAdd = { activityId: 'watchlist:ann-id:movie:438631', activityOwnerId: ann }
    await h.given(add, commented(bob, 'c1', [], firstAdd))
    expect((await h.shown(ann)).texts).toEqual(['bob commented on your watch of Dune'])

    await h.given(TitleRemovedFromWatchlist({ userId: ann, ...dune }))
    expect((await h.shown(ann)).texts).toEqual([])
    await h.given(TitlePutBackOnWatchlist(add.data))
    expect((await h.shown(ann)).texts).toEqual(['bob commented on your watch of Dune'])

    // Taken off and added again: a new activity, without the comments of the add before.
    await h.given(TitleRemovedFromWatchlist({ userId: ann, ...dune }), add)
    expect((await h.shown(ann)).texts).toEqual([])
  })

  it('count on the badge again when they come back unseen, and not when the bell had shown them', async () => {
    const h = await bell()
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(watched, commented(bob, 'c1'))
    h.at('2026-11-20T11:00:00.000Z')
    await h.given(reacted(cat), NotificationsSeen({ userId: ann, seenUpTo: '2026-11-20T10:00:00.000Z' }), removed)
    expect(await h.shown(ann)).toMatchObject({ unreadCount: 0, unseenCount: 0 })
    await h.given(restored)
    expect(await h.shown(ann)).toMatchObject({ unreadCount: 2, unseenCount: 1 })
  })

  it('leave no hole in a page: it is filled from the older lines, and its cursor goes past them', async () => {
    const h = await bell()
    const announced = (n: number) => announcementTo(ann, cat, n, at)
    h.at('2026-11-20T10:00:00.000Z')
    await h.given(announced(1), announced(2), watched)
    h.at('2026-11-20T11:00:00.000Z')
    await h.given(commented(bob, 'c1'), reacted(cat), announced(3), removed)

    const first = await h.queries.list(ann, { limit: 2 })
    expect(first.items.map((item) => item.text)).toEqual(['News 3: Read on', expect.stringMatching(/^News [12]/)])
    const older = await h.queries.list(ann, { limit: 2, cursor: first.nextCursor ?? 'none' })
    expect(older.items).toHaveLength(1)
    expect(older.nextCursor).toBeNull()
  })
})
