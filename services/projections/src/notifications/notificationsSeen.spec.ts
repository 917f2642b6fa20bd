import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import { ReactionAdded } from '@reelmates/contracts/feed'
import { FriendRequestSent } from '@reelmates/contracts/friendships'
import { NotificationsMarkedRead, NotificationsSeen } from '@reelmates/contracts/notifications'
import { readModelsAsOne } from '../feed/feedTesting'
import { projectorHarness } from '../testing/projectorHarness'
import { seedUsers } from '../testing/seedUsers'
import { seedWatches } from '../testing/seedWatches'
import { notificationQueries } from './notificationQueries'
import { notifications } from './notifications'
import { notificationsSeen, notificationsSeenCollection } from './notificationsSeen'

const ann = 'ann-id'
const bob = 'bob-id'
const cat = 'cat-id'
const first = '2026-11-20T10:00:00.000Z'
const second = '2026-11-20T11:00:00.000Z'
const third = '2026-11-20T12:00:00.000Z'

const askedBy = (fromUserId: string, friendshipId: string) =>
  FriendRequestSent({ friendshipId, fromUserId, toUserId: ann, inviteCount: 1, sentAt: first, invitationId: null })
const reaction = (userId: string) =>
  ReactionAdded({
    activityId: 'watched:e1',
    activityOwnerId: ann,
    commentId: null,
    commentAuthorId: null,
    userId,
    emoji: '🔥',
    reactedAt: first,
  })
const seenUpTo = (seenUpTo: string) => NotificationsSeen({ userId: ann, seenUpTo })

async function bell() {
  const h = await projectorHarness(readModelsAsOne('bell_spec', [notifications, notificationsSeen]))
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })
  // The lines about an activity are in the bell while it exists.
  await seedWatches(h.db, { e1: ann })
  const queries = notificationQueries(h.db)
  const counts = async () => {
    const { unreadCount, unseenCount } = await queries.list(ann, { limit: 50 })
    return { unreadCount, unseenCount }
  }
  return { ...h, queries, counts }
}

describe('the bell’s badge (notifications seen)', () => {
  it('counts every unread notification before the bell is first opened', async () => {
    const h = await bell()
    h.at(first)
    await h.given(askedBy(bob, 'f1'))
    h.at(second)
    await h.given(askedBy(cat, 'f2'))
    expect(await h.counts()).toEqual({ unreadCount: 2, unseenCount: 2 })
  })

  it('counts nothing once the bell has shown them, while they stay unread in the list', async () => {
    const h = await bell()
    h.at(first)
    await h.given(askedBy(bob, 'f1'))
    h.at(second)
    await h.given(askedBy(cat, 'f2'), seenUpTo(second))
    expect(await h.counts()).toEqual({ unreadCount: 2, unseenCount: 0 })
    expect((await h.queries.list(ann, { limit: 50 })).items.map((item) => item.read)).toEqual([false, false])
  })

  it('counts again what arrives after the newest notification the bell showed', async () => {
    const h = await bell()
    h.at(first)
    await h.given(askedBy(bob, 'f1'), seenUpTo(first))
    h.at(second)
    await h.given(askedBy(cat, 'f2'))
    expect(await h.counts()).toEqual({ unreadCount: 2, unseenCount: 1 })
  })

  it('counts a grouped line again when someone new joins it after it was seen', async () => {
    const h = await bell()
    h.at(first)
    await h.given(reaction(bob), seenUpTo(first))
    expect(await h.counts()).toEqual({ unreadCount: 1, unseenCount: 0 })
    h.at(second)
    await h.given(reaction(cat))
    expect(await h.counts()).toEqual({ unreadCount: 1, unseenCount: 1 })
  })

  it('never counts a read notification, seen or not', async () => {
    const h = await bell()
    h.at(first)
    await h.given(askedBy(bob, 'f1'), seenUpTo(first))
    h.at(second)
    await h.given(askedBy(cat, 'f2'), NotificationsMarkedRead({ userId: ann, ids: null, readAt: second }))
    expect(await h.counts()).toEqual({ unreadCount: 0, unseenCount: 0 })
  })

  it('keeps the later mark when an older one is redelivered', async () => {
    const h = await bell()
    h.at(first)
    const [, older] = await h.given(askedBy(bob, 'f1'), seenUpTo(first))
    h.at(third)
    await h.given(askedBy(cat, 'f2'), seenUpTo(third))
    await h.redeliver(older!)
    expect(await h.docs(notificationsSeenCollection)).toEqual([{ _id: ann, seenUpTo: third }])
    expect(await h.counts()).toEqual({ unreadCount: 2, unseenCount: 0 })
  })

  it('forgets the mark with the account', async () => {
    const h = await bell()
    await h.given(seenUpTo(first), NotificationsSeen({ userId: bob, seenUpTo: first }))
    await h.given(AccountDeleted({ userId: ann, deletedAt: second }))
    expect(await h.docs(notificationsSeenCollection)).toEqual([{ _id: bob, seenUpTo: first }])
  })
})
