import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import { CommentAdded, CommentDeleted, type ActivitySummary } from '@reelmates/contracts/feed'
import { FriendRequestSent } from '@reelmates/contracts/friendships'
import { NotificationsMarkedRead, NotificationsSeen } from '@reelmates/contracts/notifications'
import { readModelsAsOne } from '../feed/feedTesting'
import { projectorHarness } from '../testing/projectorHarness'
import { seedFriends } from '../testing/seedFriends'
import { seedUsers } from '../testing/seedUsers'
import { seedWatches } from '../testing/seedWatches'
import { notificationQueries } from './notificationQueries'
import { notifications } from './notifications'
import { notificationsSeen } from './notificationsSeen'

/** A lively thread is one line per activity in the bell, as on Facebook: "cat and bob commented on…". */
const [ann, bob, cat, dan, eve, fay, gus] = [
  'ann-id',
  'bob-id',
  'cat-id',
  'dan-id',
  'eve-id',
  'fay-id',
  'gus-id',
] as const
const watchOfDune: ActivitySummary = { type: 'watched', mediaTitle: 'Dune' }
const hours = (n: number) => `2026-11-20T${String(10 + n).padStart(2, '0')}:00:00.000Z`

/** A comment on ann's watch of Dune (or on another activity of hers); `thread`: who commented there before. */
const commented = (
  userId: string,
  commentId: string,
  { thread, activityId = 'watched:e1' }: { thread?: string[]; activityId?: string } = {},
) =>
  CommentAdded({
    activityId,
    activityOwnerId: ann,
    activity: watchOfDune,
    commentId,
    userId,
    content: 'Loved it',
    addedAt: hours(0),
    ...(thread ? { otherCommenterIds: thread } : {}),
  })
const deleted = (commentId: string, userId: string, deletedBy = userId) =>
  CommentDeleted({ activityId: 'watched:e1', activityOwnerId: ann, commentId, userId, deletedBy, deletedAt: hours(0) })
/** A line of another kind, at hours(2), for the comment lines to sort against. */
const gusAsksAnn = FriendRequestSent({
  friendshipId: 'f1',
  fromUserId: gus,
  toUserId: ann,
  inviteCount: 1,
  sentAt: hours(2),
  invitationId: null,
})
const read = (userId: string, ids: string[]) => NotificationsMarkedRead({ userId, ids, readAt: hours(0) })

async function bell() {
  const h = await projectorHarness(readModelsAsOne('comment_lines_spec', [notifications, notificationsSeen]))
  await seedUsers(h.db, {
    [ann]: 'ann',
    [bob]: 'bob',
    [cat]: 'cat',
    [dan]: 'dan',
    [eve]: 'eve',
    [fay]: 'fay',
    [gus]: 'gus',
  })
  // The lines about an activity are in the bell while it exists.
  await seedWatches(h.db, { e1: ann, e2: ann })
  // …and while its reader may open it: everyone here is friends.
  await seedFriends(h.db, [ann, bob, cat, dan, eve, fay, gus])
  const queries = notificationQueries(h.db)
  const lines = async (userId: string) => (await queries.list(userId, { limit: 50 })).items
  const texts = async (userId: string) => (await lines(userId)).map((item) => item.text)
  /** Each event an hour after the one before, so a line's time says which comment it has. */
  let hour = 0
  const given = async (...events: Parameters<typeof h.given>) => {
    const recorded: Awaited<ReturnType<typeof h.given>> = []
    for (const event of events) {
      h.at(hours((hour += 1)))
      recorded.push(...(await h.given(event)))
    }
    return recorded
  }
  return { ...h, given, queries, lines, texts }
}

describe('comments on my activity gather into one line per activity', () => {
  it('names the latest commenter, then two, then the latest and how many others', async () => {
    const expected = [
      [[bob], 'bob commented on your watch of Dune'],
      [[bob, cat], 'cat and bob commented on your watch of Dune'],
      [[bob, cat, dan], 'dan and 2 others commented on your watch of Dune'],
      [[bob, cat, dan, eve, fay], 'fay and 4 others commented on your watch of Dune'],
    ] as const
    for (const [commenters, text] of expected) {
      const h = await bell()
      await h.given(...commenters.map((userId, index) => commented(userId, `c${index}`)))
      expect(await h.texts(ann)).toEqual([text])
      expect((await h.queries.list(ann, { limit: 50 })).unreadCount).toBe(1)
    }
  })

  it('counts someone who commented twice once, at the front for their latest comment', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2'), commented(bob, 'c3'))
    expect(await h.texts(ann)).toEqual(['bob and cat commented on your watch of Dune'])
  })

  it('moves to the top with the latest comment’s time, and counts on the badge again', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), gusAsksAnn)
    expect(await h.texts(ann)).toEqual(['gus sent you a friend request', 'bob commented on your watch of Dune'])
    await h.given(NotificationsSeen({ userId: ann, seenUpTo: hours(2) }))
    expect((await h.queries.list(ann, { limit: 50 })).unseenCount).toBe(0)

    await h.given(commented(cat, 'c2'))
    const [line, request] = await h.lines(ann)
    expect([line?.text, request?.text]).toEqual([
      'cat and bob commented on your watch of Dune',
      'gus sent you a friend request',
    ])
    // It leads to the newest comment on the activity's page.
    expect(line).toMatchObject({
      kind: 'comment',
      url: '/activity/watched%3Ae1#comment-c2',
      createdAt: hours(4),
      read: false,
    })
    expect(await h.queries.list(ann, { limit: 50 })).toMatchObject({ unreadCount: 2, unseenCount: 1 })
  })

  it('keeps one line per activity', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2', { activityId: 'watched:e2' }), commented(dan, 'c3'))
    expect(await h.texts(ann)).toEqual([
      'dan and bob commented on your watch of Dune',
      'cat commented on your watch of Dune',
    ])
  })

  it('starts over after being read: the read line gives way to one of the comments that came after', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2'))
    const [line] = await h.lines(ann)
    await h.given(read(ann, [line?.id ?? '']))
    expect(await h.lines(ann)).toMatchObject([{ text: 'cat and bob commented on your watch of Dune', read: true }])

    await h.given(commented(dan, 'c3'), commented(bob, 'c4'))
    expect(await h.lines(ann)).toMatchObject([{ text: 'bob and dan commented on your watch of Dune', read: false }])
    // A comment from before the read line is no longer in the new one: its deletion changes nothing.
    await h.given(deleted('c1', bob))
    expect(await h.texts(ann)).toEqual(['bob and dan commented on your watch of Dune'])
  })

  it('loses a commenter whose comment is deleted once they have none left there, and goes with the last', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2'), commented(bob, 'c3'))
    await h.given(deleted('c1', bob))
    expect(await h.texts(ann)).toEqual(['bob and cat commented on your watch of Dune'])
    // The owner removes bob's other comment.
    await h.given(deleted('c3', bob, ann))
    expect(await h.texts(ann)).toEqual(['cat commented on your watch of Dune'])
    await h.given(deleted('c2', cat))
    expect(await h.texts(ann)).toEqual([])
    expect((await h.queries.list(ann, { limit: 50 })).unreadCount).toBe(0)
  })

  it('takes back the time of a deleted newest comment: the line has its newest remaining one’s, and sorts by it', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), gusAsksAnn, commented(cat, 'c3'))
    expect(await h.lines(ann)).toMatchObject([
      { text: 'cat and bob commented on your watch of Dune', createdAt: hours(3) },
      { text: 'gus sent you a friend request', createdAt: hours(2) },
    ])
    await h.given(deleted('c3', cat))
    expect(await h.lines(ann)).toMatchObject([
      { text: 'gus sent you a friend request', createdAt: hours(2) },
      { text: 'bob commented on your watch of Dune', createdAt: hours(1) },
    ])
  })

  it('leads to its newest remaining comment once the newest is deleted', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2'))
    expect(await h.lines(ann)).toMatchObject([{ url: '/activity/watched%3Ae1#comment-c2' }])
    await h.given(deleted('c2', cat))
    expect(await h.lines(ann)).toMatchObject([{ url: '/activity/watched%3Ae1#comment-c1' }])
  })

  it('names first whose remaining comment is newest once the newest is deleted, at its time', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2'), commented(bob, 'c3'))
    expect(await h.lines(ann)).toMatchObject([
      { text: 'bob and cat commented on your watch of Dune', createdAt: hours(3) },
    ])
    await h.given(deleted('c3', bob))
    expect(await h.lines(ann)).toMatchObject([
      { text: 'cat and bob commented on your watch of Dune', createdAt: hours(2) },
    ])
  })

  it('has its newest remaining comment’s time when the newest commenter’s account is deleted', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(cat, 'c2'), AccountDeleted({ userId: cat, deletedAt: hours(0) }))
    expect(await h.lines(ann)).toMatchObject([{ text: 'bob commented on your watch of Dune', createdAt: hours(1) }])
  })

  it('keeps the others when a commenter’s account is deleted', async () => {
    const h = await bell()
    await h.given(
      commented(bob, 'c1'),
      commented(cat, 'c2'),
      commented(dan, 'c3'),
      AccountDeleted({ userId: bob, deletedAt: hours(0) }),
    )
    expect(await h.texts(ann)).toEqual(['dan and cat commented on your watch of Dune'])
  })

  it('is marked read by a mark recorded when each comment had a line of its own (a rebuild replays those)', async () => {
    const h = await bell()
    const [first] = await h.given(commented(bob, 'c1'), commented(cat, 'c2'))
    await h.given(read(ann, [`${first?.id ?? ''}:${ann}`]))
    expect(await h.lines(ann)).toMatchObject([{ text: 'cat and bob commented on your watch of Dune', read: true }])
  })
})

describe('comments in a thread I commented in gather into one line per activity', () => {
  it('names the latest commenter, then two, then the latest and how many others', async () => {
    const expected = [
      [[cat], 'cat also commented on Dune'],
      [[cat, dan], 'dan and cat also commented on Dune'],
      [[cat, dan, eve], 'eve and 2 others also commented on Dune'],
      [[cat, dan, eve, fay, gus], 'gus and 4 others also commented on Dune'],
    ] as const
    for (const [commenters, text] of expected) {
      const h = await bell()
      await h.given(...commenters.map((userId, index) => commented(userId, `c${index}`, { thread: [bob] })))
      expect(await h.texts(bob)).toEqual([text])
    }
  })

  it('counts someone who commented twice once', async () => {
    const h = await bell()
    await h.given(
      commented(cat, 'c1', { thread: [bob] }),
      commented(dan, 'c2', { thread: [bob, cat] }),
      commented(cat, 'c3', { thread: [bob, dan] }),
    )
    expect(await h.texts(bob)).toEqual(['cat and dan also commented on Dune'])
    expect(await h.texts(ann)).toEqual(['cat and dan commented on your watch of Dune'])
  })

  it('loses a deleted comment’s commenter in every bell, and goes with the last', async () => {
    const h = await bell()
    await h.given(
      commented(dan, 'c3', { thread: [bob, cat] }),
      commented(eve, 'c4', { thread: [bob, cat, dan] }),
      commented(gus, 'c5', { thread: [bob, cat, dan, eve] }),
      deleted('c3', dan),
    )
    expect(await h.texts(bob)).toEqual(['gus and eve also commented on Dune'])
    expect(await h.texts(cat)).toEqual(['gus and eve also commented on Dune'])
    expect(await h.texts(dan)).toEqual(['gus and eve also commented on Dune'])
    expect(await h.texts(eve)).toEqual(['gus also commented on Dune'])
    expect(await h.texts(ann)).toEqual(['gus and eve commented on your watch of Dune'])

    await h.given(deleted('c4', eve), deleted('c5', gus))
    for (const userId of [ann, bob, cat, dan, eve]) expect(await h.texts(userId)).toEqual([])
  })

  it('leaves the bell of a commenter whose last comment in the thread is deleted, and only theirs', async () => {
    const h = await bell()
    const leaving = (commentId: string, userId: string, authorLeftThread: boolean) =>
      CommentDeleted({
        activityId: 'watched:e1',
        activityOwnerId: ann,
        commentId,
        userId,
        deletedBy: userId,
        deletedAt: hours(0),
        authorLeftThread,
      })
    await h.given(
      commented(dan, 'c1', { thread: [] }),
      commented(dan, 'c2', { thread: [] }),
      commented(bob, 'c3', { thread: [dan] }),
      commented(eve, 'c4', { thread: [dan, bob] }),
    )
    expect(await h.texts(dan)).toEqual(['eve and bob also commented on Dune'])
    // One of two gone: dan is still in the thread, and still told of it.
    await h.given(leaving('c1', dan, false))
    expect(await h.texts(dan)).toEqual(['eve and bob also commented on Dune'])
    // The last gone: "eve and bob also commented" would say dan commented where he no longer has.
    await h.given(leaving('c2', dan, true))
    expect(await h.texts(dan)).toEqual([])
    expect(await h.texts(bob)).toEqual(['eve also commented on Dune'])
  })

  it('has its newest remaining comment’s time in every bell once the newest is deleted', async () => {
    const h = await bell()
    await h.given(
      commented(cat, 'c1', { thread: [bob] }),
      commented(dan, 'c2', { thread: [bob, cat] }),
      deleted('c2', dan),
    )
    expect(await h.lines(bob)).toMatchObject([{ text: 'cat also commented on Dune', createdAt: hours(1) }])
    expect(await h.lines(ann)).toMatchObject([{ text: 'cat commented on your watch of Dune', createdAt: hours(1) }])
  })

  it('starts over after being read', async () => {
    const h = await bell()
    await h.given(commented(cat, 'c1', { thread: [bob] }))
    const [line] = await h.lines(bob)
    await h.given(read(bob, [line?.id ?? '']), commented(dan, 'c2', { thread: [bob, cat] }))
    expect(await h.lines(bob)).toMatchObject([{ text: 'dan also commented on Dune', read: false }])
  })
})
