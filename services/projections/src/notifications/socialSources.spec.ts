import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import { AnnouncementPublished, NotificationsMarkedRead } from '@reelmates/contracts/notifications'
import { CommentAdded, CommentDeleted, ReactionAdded, ReactionRemoved } from '@reelmates/contracts/feed'
import {
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
  FriendRemoved,
} from '@reelmates/contracts/friendships'
import {
  RecommendationAccepted,
  RecommendationDismissed,
  RecommendationSent,
  RecommendationWatched,
} from '@reelmates/contracts/recommendations'
import { projectorHarness } from '../testing/projectorHarness'
import { seedFriends } from '../testing/seedFriends'
import { seedUsers } from '../testing/seedUsers'
import { seedWatches } from '../testing/seedWatches'
import { notificationQueries } from './notificationQueries'
import { notifications } from './notifications'

const ann = 'ann-id'
const bob = 'bob-id'
const cat = 'cat-id'
const activity = { activityId: 'watched:e1', activityOwnerId: ann }
const at = '2026-11-20T21:00:00.000Z'
const about = {
  recommendationId: 'r1',
  fromUserId: ann,
  toUserId: bob,
  tmdbId: 438631,
  mediaType: 'movie' as const,
  mediaTitle: 'Dune',
  mediaPosterPath: null,
}
const reaction = (
  userId: string,
  emoji: '🔥' | '❤️',
  commentId: string | null = null,
  commentAuthorId: string | null = null,
) => ReactionAdded({ ...activity, commentId, commentAuthorId, userId, emoji, reactedAt: at })

const unreaction = (userId: string, emoji: '🔥' | '❤️') =>
  ReactionRemoved({ ...activity, commentId: null, commentAuthorId: null, userId, emoji, removedAt: at })

async function bell() {
  const h = await projectorHarness(notifications)
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  // The lines about an activity are in the bell while it exists.
  await seedWatches(h.db, { e1: ann })
  // The lines about an activity are in the bell while its reader may open it: everyone here is friends.
  await seedFriends(h.db, [ann, bob, cat])
  const queries = notificationQueries(h.db)
  const texts = async (userId: string) => (await queries.list(userId, { limit: 50 })).items.map((item) => item.text)
  return { ...h, queries, texts }
}

describe('notifications from the feed', () => {
  it('tells the owner about a comment on their activity, not the author about their own', async () => {
    const h = await bell()
    await h.given(
      CommentAdded({ ...activity, commentId: 'c1', userId: bob, content: 'Loved it', addedAt: at }),
      CommentAdded({ ...activity, commentId: 'c2', userId: ann, content: 'Thanks', addedAt: at }),
    )
    const [item] = (await h.queries.list(ann, { limit: 50 })).items
    expect(item).toMatchObject({
      kind: 'comment',
      text: 'bob commented on your activity',
      url: '/activity/watched%3Ae1#comment-c1',
    })
    expect(await h.texts(ann)).toHaveLength(1)
    expect(await h.texts(ann)).not.toContain(expect.stringContaining('Loved it'))
    expect(await h.texts(bob)).toEqual([])
  })

  it('gathers reactions to one activity into one line, and tells a comment’s author about theirs', async () => {
    const h = await bell()
    await h.given(reaction(bob, '🔥'), reaction(cat, '❤️'), reaction(ann, '🔥'), reaction(ann, '❤️', 'c9', bob))
    expect(await h.texts(ann)).toEqual(['cat and bob reacted to your activity'])
    expect(await h.texts(bob)).toEqual(['ann reacted to your comment'])
  })
})

describe('notifications from recommendations', () => {
  it('tells the recipient, then the sender when it was taken and watched, but not when dismissed', async () => {
    const h = await bell()
    await h.given(
      RecommendationSent({
        ...about,
        toEmail: null,
        note: 'Big screen',
        tokenHash: null,
        expiresAt: null,
        sentAt: at,
      }),
    )
    expect(await h.texts(bob)).toEqual(['ann recommended Dune to you'])
    // The line opens the recommendation's own card, not the top of the list.
    expect((await h.queries.list(bob, { limit: 50 })).items[0]?.url).toBe(
      `/recommendations#rec-${about.recommendationId}`,
    )
    await h.given(
      RecommendationDismissed({ ...about, dismissedAt: at }),
      RecommendationAccepted({ ...about, acceptedAt: at }),
      RecommendationWatched({ ...about, entryId: 'e7', rating: 9, watchedAt: at }),
    )
    expect(await h.texts(ann)).toEqual(
      // No rating: the recipient may hide or change it later; the Sent tab shows it as it is.
      expect.arrayContaining(['bob accepted your recommendation of Dune', 'bob watched Dune']),
    )
    expect(await h.texts(ann)).toHaveLength(2)
  })
})

describe('a recommendation answered', () => {
  const sent = (recommendationId: string) =>
    RecommendationSent({
      ...about,
      recommendationId,
      toEmail: null,
      note: null,
      tokenHash: null,
      expiresAt: null,
      sentAt: at,
    })
  const of = (recommendationId: string) => ({ ...about, recommendationId })

  it('leaves the bell once added, dismissed or watched; one still open stays, unread', async () => {
    const h = await bell()
    await h.given(sent('r1'), sent('r2'), sent('r3'), sent('r4'))
    expect(await h.texts(bob)).toHaveLength(4)
    await h.given(
      RecommendationAccepted({ ...of('r1'), acceptedAt: at }),
      RecommendationDismissed({ ...of('r2'), dismissedAt: at }),
      RecommendationWatched({ ...of('r3'), entryId: 'e9', rating: null, watchedAt: at }),
    )
    expect(await h.texts(bob)).toEqual(['ann recommended Dune to you'])
    expect((await h.queries.list(bob, { limit: 50 })).unreadCount).toBe(1)
  })
})

describe('a deleted account', () => {
  it('takes what they alone did out of others’ bells and leaves a shared line to the others', async () => {
    const h = await bell()
    await h.given(
      CommentAdded({ ...activity, commentId: 'c1', userId: bob, content: 'Loved it', addedAt: at }),
      reaction(bob, '🔥'),
      reaction(cat, '❤️'),
      RecommendationWatched({ ...about, entryId: 'e7', rating: 9, watchedAt: at }),
      AccountDeleted({ userId: bob, deletedAt: at }),
    )
    // Not "Someone commented…" or "Someone watched Dune": what Bob did is gone with him.
    expect(await h.texts(ann)).toEqual(['cat reacted to your activity'])
    expect((await h.queries.list(ann, { limit: 50 })).unreadCount).toBe(1)
  })

  it('takes the answers to a recommendation sent to their address, though the sender never saw whose they were', async () => {
    const h = await bell()
    const byAddress = { ...about, byAddress: true as const }
    await h.given(
      RecommendationAccepted({ ...byAddress, acceptedAt: at }),
      RecommendationWatched({ ...byAddress, entryId: 'e7', rating: 9, watchedAt: at }),
    )
    expect(await h.texts(ann)).toEqual(
      expect.arrayContaining(['Your recommendation of Dune was watched', 'Your recommendation of Dune was accepted']),
    )
    await h.given(AccountDeleted({ userId: bob, deletedAt: at }))
    expect(await h.texts(ann)).toEqual([])
  })
})

describe('notifications taken back', () => {
  const request = (friendshipId: string, fromUserId: string, toUserId: string) => ({
    friendshipId,
    fromUserId,
    toUserId,
  })

  it('drops a friend request once it is declined or cancelled, and keeps one still open', async () => {
    const h = await bell()
    await h.given(
      FriendRequestSent({ ...request('f1', cat, ann), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestSent({ ...request('f2', cat, bob), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestSent({ ...request('f3', bob, ann), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestDeclined({ ...request('f1', cat, ann), declinedAt: at }),
      FriendRequestCancelled({ ...request('f2', cat, bob), cancelledAt: at }),
    )
    expect(await h.texts(ann)).toEqual(['bob sent you a friend request'])
    expect(await h.texts(bob)).toEqual([])
  })

  it('drops a friend request once it is accepted, so it stops counting as unread', async () => {
    const h = await bell()
    await h.given(
      FriendRequestSent({ ...request('f1', cat, ann), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestSent({ ...request('f3', bob, ann), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestAccepted({ ...request('f1', cat, ann), acceptedAt: at }),
    )
    expect(await h.texts(ann)).toEqual(['bob sent you a friend request'])
    expect((await h.queries.list(ann, { limit: 50 })).unreadCount).toBe(1)
    expect(await h.texts(cat)).toEqual(['You are now friends with ann'])
  })

  it('drops "now friends" when the friendship ends, so a second friendship is one line again', async () => {
    const h = await bell()
    await h.given(
      FriendRequestSent({ ...request('f1', cat, ann), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestAccepted({ ...request('f1', cat, ann), acceptedAt: at }),
      FriendRequestSent({ ...request('f2', cat, bob), inviteCount: 1, sentAt: at, invitationId: null }),
      FriendRequestAccepted({ ...request('f2', cat, bob), acceptedAt: at }),
      FriendRemoved({ friendshipId: 'f1', byUserId: ann, otherUserId: cat, removedAt: at }),
    )
    expect(await h.texts(cat)).toEqual(['You are now friends with bob'])
    await h.given(
      FriendRequestSent({ ...request('f1', cat, ann), inviteCount: 2, sentAt: at, invitationId: null }),
      FriendRequestAccepted({ ...request('f1', cat, ann), acceptedAt: at }),
    )
    expect((await h.texts(cat)).sort()).toEqual(['You are now friends with ann', 'You are now friends with bob'])
  })

  it('tells a newcomer who signed up through an invitation link of no request: they accepted it by signing up', async () => {
    const h = await bell()
    // What `BefriendByInvitation` records for an invitee who had no account.
    await h.given(
      FriendRequestSent({ ...request('f1', ann, cat), inviteCount: 1, sentAt: at, invitationId: 'i1' }),
      FriendRequestAccepted({ ...request('f1', ann, cat), acceptedAt: at }),
    )
    expect(await h.texts(cat)).toEqual([])
    expect(await h.texts(ann)).toEqual(['You are now friends with cat'])
  })

  it("drops the lines about a deleted account's activity: its comments and reactions went with it", async () => {
    const h = await bell()
    // ann's activity: bob comments, cat comments after him and reacts to his comment.
    await h.given(
      CommentAdded({ ...activity, commentId: 'c1', userId: bob, content: 'Loved it', addedAt: at }),
      CommentAdded({
        ...activity,
        commentId: 'c2',
        userId: cat,
        content: 'Me too',
        addedAt: at,
        otherCommenterIds: [bob],
      }),
      reaction(cat, '🔥', 'c1', bob),
    )
    expect((await h.texts(bob)).sort()).toEqual([
      'cat also commented on an activity you commented on',
      'cat reacted to your comment',
    ])
    await h.given(AccountDeleted({ userId: ann, deletedAt: at }))
    expect(await h.texts(bob)).toEqual([])
    expect((await h.queries.list(bob, { limit: 50 })).unreadCount).toBe(0)
  })

  it('drops the reactions to a comment with the comment', async () => {
    const h = await bell()
    await h.given(
      CommentAdded({ ...activity, commentId: 'c1', userId: bob, content: 'Loved it', addedAt: at }),
      CommentAdded({ ...activity, commentId: 'c2', userId: bob, content: 'Again', addedAt: at }),
      reaction(ann, '🔥', 'c1', bob),
      reaction(cat, '❤️', 'c1', bob),
      reaction(cat, '❤️', 'c2', bob),
    )
    expect((await h.texts(bob)).sort()).toEqual(['cat and ann reacted to your comment', 'cat reacted to your comment'])
    await h.given(CommentDeleted({ ...activity, commentId: 'c1', userId: bob, deletedBy: ann, deletedAt: at }))
    expect(await h.texts(bob)).toEqual(['cat reacted to your comment'])
    expect(await h.texts(ann)).toEqual(['bob commented on your activity'])
  })

  it('drops a comment’s notification with the comment, whoever deleted it', async () => {
    const h = await bell()
    await h.given(
      CommentAdded({ ...activity, commentId: 'c1', userId: bob, content: 'Loved it', addedAt: at }),
      CommentAdded({ ...activity, commentId: 'c2', userId: cat, content: 'Same', addedAt: at }),
      CommentDeleted({ ...activity, commentId: 'c1', userId: bob, deletedBy: ann, deletedAt: at }),
    )
    expect(await h.texts(ann)).toEqual(['cat commented on your activity'])
  })

  it('takes a reactor out of the line once they take back their last reaction there, and the line with the last', async () => {
    const h = await bell()
    await h.given(reaction(bob, '🔥'), reaction(bob, '❤️'), reaction(cat, '❤️'))
    expect(await h.texts(ann)).toEqual(['cat and bob reacted to your activity'])
    await h.given(unreaction(bob, '🔥'))
    expect(await h.texts(ann)).toEqual(['cat and bob reacted to your activity'])
    await h.given(unreaction(bob, '❤️'))
    expect(await h.texts(ann)).toEqual(['cat reacted to your activity'])
    // A reaction taken back twice (the second is nothing to take) changes nothing more.
    await h.given(unreaction(bob, '❤️'), unreaction(cat, '❤️'))
    expect(await h.texts(ann)).toEqual([])
    expect((await h.queries.list(ann, { limit: 50 })).unreadCount).toBe(0)
  })

  it('keeps a line started over after it was read when a reaction from before is taken back', async () => {
    const h = await bell()
    await h.given(reaction(bob, '🔥'))
    const [line] = (await h.queries.list(ann, { limit: 50 })).items
    await h.given(
      NotificationsMarkedRead({ userId: ann, ids: [line!.id], readAt: at }),
      reaction(cat, '❤️'),
      unreaction(bob, '🔥'),
    )
    expect(await h.texts(ann)).toEqual(['cat reacted to your activity'])
  })
})

describe('words in a right-to-left script', () => {
  const sara = 'sara-id'
  const isolate = (text: string) => `\u2068${text}\u2069`

  it("sets a name and a title apart from the line's own words, so a number or a colon stays where it belongs", async () => {
    const h = await bell()
    await seedUsers(h.db, { [sara]: 'سارة_7' })
    await h.given(
      FriendRequestSent({
        friendshipId: 'f1',
        fromUserId: sara,
        toUserId: ann,
        inviteCount: 1,
        sentAt: at,
        invitationId: null,
      }),
      AnnouncementPublished({
        announcementId: 'a1',
        authorId: cat,
        title: 'חדשות',
        body: 'ראיתי את Inception ב-2010, ציון 10/10!',
        url: '/home',
        audience: 'chosen',
        recipientIds: [ann],
        channels: { inApp: true, push: false, email: false },
        publishedAt: '2026-11-20T22:00:00.000Z',
      }),
    )
    expect(await h.texts(ann)).toEqual(
      expect.arrayContaining([
        `${isolate('חדשות')}: ${isolate('ראיתי את Inception ב-2010, ציון 10/10!')}`,
        `${isolate('سارة_7')} sent you a friend request`,
      ]),
    )
  })
})
