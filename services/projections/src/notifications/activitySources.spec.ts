import { describe, expect, it } from 'vitest'
import { AccountDeleted } from '@reelmates/contracts/account'
import {
  CommentAdded,
  CommentDeleted,
  ReactionAdded,
  ReactionRemoved,
  type ActivitySummary,
} from '@reelmates/contracts/feed'
import { projectorHarness } from '../testing/projectorHarness'
import { seedFriends } from '../testing/seedFriends'
import { seedUsers } from '../testing/seedUsers'
import { seedWatches } from '../testing/seedWatches'
import { sourceOfKind } from './allSources'
import { notificationQueries } from './notificationQueries'
import { pushOf } from './notificationSource'
import { notifications } from './notifications'

const [ann, bob, cat, dan] = ['ann-id', 'bob-id', 'cat-id', 'dan-id']
const at = '2026-11-20T21:00:00.000Z'
const watchOfDune: ActivitySummary = { type: 'watched', mediaTitle: 'Dune' }
const annsWatch = { activityId: 'watched:e1', activityOwnerId: ann }

const commented = (
  userId: string,
  commentId: string,
  { activity, otherCommenterIds }: { activity?: ActivitySummary; otherCommenterIds?: string[] } = {},
) =>
  CommentAdded({
    ...annsWatch,
    commentId,
    userId,
    content: 'Loved it',
    addedAt: at,
    ...(activity ? { activity } : {}),
    ...(otherCommenterIds ? { otherCommenterIds } : {}),
  })
const reacted = (
  userId: string,
  activity?: ActivitySummary,
  onComment?: { id: string; authorId: string; authorCanSee?: boolean },
) =>
  ReactionAdded({
    ...annsWatch,
    commentId: onComment?.id ?? null,
    commentAuthorId: onComment?.authorId ?? null,
    userId,
    emoji: '🔥',
    reactedAt: at,
    ...(activity ? { activity } : {}),
    ...(onComment?.authorCanSee === undefined ? {} : { commentAuthorCanSee: onComment.authorCanSee }),
  })
const deleted = (commentId: string, userId: string) =>
  CommentDeleted({ ...annsWatch, commentId, userId, deletedBy: userId, deletedAt: at })

async function bell() {
  const h = await projectorHarness(notifications)
  await seedUsers(h.db, { [ann]: 'ann', [bob]: 'bob', [cat]: 'cat', [dan]: 'dan' })
  // The lines about an activity are in the bell while it exists.
  await seedWatches(h.db, { e1: ann })
  // The lines about an activity are in the bell while its reader may open it: everyone here is friends.
  await seedFriends(h.db, [ann, bob, cat, dan])
  const queries = notificationQueries(h.db)
  const texts = async (userId: string) => (await queries.list(userId, { limit: 50 })).items.map((item) => item.text)
  return { ...h, queries, texts }
}

describe('a comment on a card addressed to someone (a recommendation, a friendship)', () => {
  const onCard = (userId: string, commentId: string, activity: ActivitySummary, addresseeIds?: string[]) =>
    CommentAdded({
      ...annsWatch,
      activity,
      commentId,
      userId,
      content: 'Watch it!',
      addedAt: at,
      otherCommenterIds: [],
      ...(addresseeIds ? { addresseeIds } : {}),
    })
  const recommendation: ActivitySummary = { type: 'recommendation', mediaTitle: 'Dune' }

  it('reaches its addressee when its owner comments, naming it as theirs', async () => {
    const h = await bell()
    await h.given(onCard(ann, 'c1', recommendation, [bob]))
    expect(await h.texts(bob)).toEqual(['ann commented on the recommendation of Dune to you'])
    expect(await h.texts(ann)).toEqual([])
    const friends = await bell()
    await friends.given(onCard(ann, 'c1', { type: 'friendship', mediaTitle: null }, [bob]))
    expect(await friends.texts(bob)).toEqual(['ann commented on your friendship'])
  })

  it('gathers the owner’s comments there into one line, which goes with the last one deleted', async () => {
    const h = await bell()
    await h.given(
      onCard(ann, 'c1', recommendation, [bob]),
      onCard(ann, 'c2', recommendation, [bob]),
      CommentDeleted({ ...annsWatch, commentId: 'c1', userId: ann, deletedBy: ann, deletedAt: at }),
    )
    expect(await h.texts(bob)).toEqual(['ann commented on the recommendation of Dune to you'])
    await h.given(CommentDeleted({ ...annsWatch, commentId: 'c2', userId: ann, deletedBy: ann, deletedAt: at }))
    expect(await h.texts(bob)).toEqual([])
  })
})

describe('a reaction to a card addressed to someone (a recommendation, a friendship)', () => {
  const recommendation: ActivitySummary = { type: 'recommendation', mediaTitle: 'Dune' }
  const onCard = (userId: string, emoji: '🔥' | '👍', activity = recommendation, addresseeIds?: string[]) =>
    ReactionAdded({
      ...annsWatch,
      activity,
      commentId: null,
      commentAuthorId: null,
      userId,
      emoji,
      reactedAt: at,
      ...(addresseeIds ? { addresseeIds } : {}),
    })
  const takenBack = (userId: string, emoji: '🔥' | '👍') =>
    ReactionRemoved({ ...annsWatch, commentId: null, commentAuthorId: null, userId, emoji, removedAt: at })

  it('reaches its addressee when its owner reacts, naming it as theirs, and never the reactor', async () => {
    const h = await bell()
    await h.given(onCard(ann, '🔥', recommendation, [bob]))
    expect(await h.texts(bob)).toEqual(['ann reacted to the recommendation of Dune to you'])
    expect(await h.texts(ann)).toEqual([])
    const friends = await bell()
    await friends.given(onCard(ann, '🔥', { type: 'friendship', mediaTitle: null }, [bob]))
    expect(await friends.texts(bob)).toEqual(['ann reacted to your friendship'])
    expect(await friends.texts(ann)).toEqual([])
  })

  it('reaches each addressee and the owner when someone else reacts, in a line of each bell', async () => {
    const h = await bell()
    await h.given(onCard(cat, '🔥', recommendation, [bob, dan]), onCard(cat, '👍', recommendation, [bob, dan]))
    expect(await h.texts(ann)).toEqual(['cat reacted to your recommendation of Dune'])
    expect(await h.texts(bob)).toEqual(['cat reacted to the recommendation of Dune to you'])
    expect(await h.texts(dan)).toEqual(['cat reacted to the recommendation of Dune to you'])
    expect(await h.texts(cat)).toEqual([])
  })

  it('gathers the owner’s reactions there into one line, which goes with the last one taken back', async () => {
    const h = await bell()
    await h.given(
      onCard(ann, '🔥', recommendation, [bob]),
      onCard(ann, '👍', recommendation, [bob]),
      takenBack(ann, '🔥'),
    )
    expect(await h.texts(bob)).toEqual(['ann reacted to the recommendation of Dune to you'])
    await h.given(takenBack(ann, '👍'))
    expect(await h.texts(bob)).toEqual([])
  })

  it('takes a reaction back from every bell it rang, and no other reactor’s', async () => {
    const h = await bell()
    await h.given(
      onCard(cat, '🔥', recommendation, [bob]),
      onCard(dan, '🔥', recommendation, [bob]),
      takenBack(cat, '🔥'),
    )
    expect(await h.texts(ann)).toEqual(['dan reacted to your recommendation of Dune'])
    expect(await h.texts(bob)).toEqual(['dan reacted to the recommendation of Dune to you'])
  })

  it('tells the owner alone of a reaction recorded before its addressees were named, as before', async () => {
    const h = await bell()
    await h.given(onCard(bob, '🔥'), onCard(ann, '👍'))
    expect(await h.texts(ann)).toEqual(['bob reacted to your recommendation of Dune'])
    expect(await h.texts(bob)).toEqual([])
    await h.given(takenBack(bob, '🔥'), takenBack(ann, '👍'))
    expect(await h.texts(ann)).toEqual([])
  })
})

describe('a line about a comment or a reaction names the activity', () => {
  it('by its kind and title, for each kind of activity with one', async () => {
    const kinds: [ActivitySummary['type'], string][] = [
      ['watched', 'bob commented on your watch of Dune'],
      ['watchlist_add', 'bob commented on your watchlist add of Dune'],
      ['recommendation', 'bob commented on your recommendation of Dune'],
    ]
    for (const [type, text] of kinds) {
      const h = await bell()
      await h.given(commented(bob, 'c1', { activity: { type, mediaTitle: 'Dune' } }))
      expect(await h.texts(ann)).toEqual([text])
    }
  })

  it('says "your friendship" for a friendship, which has no title, and "your activity" for an event from before titles', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1', { activity: { type: 'friendship', mediaTitle: null } }))
    expect(await h.texts(ann)).toEqual(['bob commented on your friendship'])
    const before = await bell()
    await before.given(commented(bob, 'c1'))
    expect(await before.texts(ann)).toEqual(['bob commented on your activity'])
  })

  it('names the title in a line of reactions to my activity, and to my comment', async () => {
    const h = await bell()
    await h.given(
      reacted(bob, watchOfDune),
      reacted(cat, watchOfDune),
      reacted(ann, watchOfDune, { id: 'c1', authorId: bob }),
      reacted(ann, undefined, { id: 'c2', authorId: cat }),
    )
    expect(await h.texts(ann)).toEqual(['cat and bob reacted to your watch of Dune'])
    expect(await h.texts(bob)).toEqual(['ann reacted to your comment on Dune'])
    expect(await h.texts(cat)).toEqual(['ann reacted to your comment'])
    // A reaction to a comment leads to the comment, as a comment's own line does.
    const [toBob] = (await h.queries.list(bob, { limit: 50 })).items
    expect(toBob).toMatchObject({ url: '/activity/watched%3Ae1#comment-c1' })
    const [toAnn] = (await h.queries.list(ann, { limit: 50 })).items
    expect(toAnn).toMatchObject({ url: '/activity/watched%3Ae1' })
  })

  it('tells a comment’s author of a reaction only when they could still read the activity then', async () => {
    const h = await bell()
    await h.given(
      reacted(ann, watchOfDune, { id: 'c1', authorId: bob, authorCanSee: false }),
      reacted(ann, watchOfDune, { id: 'c2', authorId: cat, authorCanSee: true }),
    )
    expect(await h.texts(bob)).toEqual([])
    expect(await h.texts(cat)).toEqual(['ann reacted to your comment on Dune'])
  })

  it('keeps in `detail` the title and the kind, never a member’s name or the comment’s words', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1', { activity: watchOfDune, otherCommenterIds: [cat] }), reacted(bob, watchOfDune))
    const stored = await h.db.collection('notifications').find({})
    expect(stored.map((doc) => doc.detail)).toEqual(
      expect.arrayContaining([
        { activityType: 'watched', title: 'Dune' },
        { on: 'your activity', activityType: 'watched', title: 'Dune' },
      ]),
    )
    expect(JSON.stringify(stored.map((doc) => doc.detail))).not.toMatch(/ann|bob|cat|Loved/)
  })

  it('pushes the same words as the bell shows', () => {
    const context = { actors: ['bob'], actorCount: 1, detail: { activityType: 'watched', title: 'Dune' } }
    for (const kind of ['comment', 'thread-comment', 'reaction']) {
      const source = sourceOfKind(kind)
      if (!source) throw new Error(`no source of kind ${kind}`)
      expect(pushOf(source, context), kind).toEqual({ title: 'Reelmates', body: source.text(context) })
    }
  })
})

describe('a comment in a thread I commented in', () => {
  it('tells the others in the thread, once each, and the owner the usual way', async () => {
    const h = await bell()
    await h.given(commented(dan, 'c3', { activity: watchOfDune, otherCommenterIds: [bob, cat] }))
    expect(await h.texts(bob)).toEqual(['dan also commented on Dune'])
    expect(await h.texts(cat)).toEqual(['dan also commented on Dune'])
    expect(await h.texts(ann)).toEqual(['dan commented on your watch of Dune'])
    expect(await h.texts(dan)).toEqual([])
    const [line] = (await h.queries.list(bob, { limit: 50 })).items
    expect(line).toMatchObject({ kind: 'thread-comment', url: '/activity/watched%3Ae1#comment-c3', read: false })
  })

  it('never tells the author or the owner as a member of the thread', async () => {
    const h = await bell()
    await h.given(commented(dan, 'c3', { activity: watchOfDune, otherCommenterIds: [ann, dan, bob] }))
    expect(await h.texts(ann)).toEqual(['dan commented on your watch of Dune'])
    expect(await h.texts(dan)).toEqual([])
    expect(await h.texts(bob)).toEqual(['dan also commented on Dune'])
  })

  it('says where without a title: a friendship, which has none', async () => {
    const h = await bell()
    await h.given(
      commented(dan, 'c3', { activity: { type: 'friendship', mediaTitle: null }, otherCommenterIds: [bob] }),
    )
    expect(await h.texts(bob)).toEqual(['dan also commented on an activity you commented on'])
  })

  it('tells nobody of a comment recorded before threads were followed', async () => {
    const h = await bell()
    await h.given(commented(bob, 'c1'), commented(dan, 'c2'))
    expect(await h.texts(bob)).toEqual([])
    expect(await h.texts(ann)).toEqual(['dan and bob commented on your activity'])
  })

  it('goes from every bell with the comment, leaving the thread’s other lines', async () => {
    const h = await bell()
    await h.given(
      commented(dan, 'c3', { activity: watchOfDune, otherCommenterIds: [bob, cat] }),
      commented(cat, 'c4', { activity: watchOfDune, otherCommenterIds: [bob, dan] }),
      deleted('c3', dan),
    )
    expect(await h.texts(bob)).toEqual(['cat also commented on Dune'])
    expect(await h.texts(cat)).toEqual([])
    expect(await h.texts(dan)).toEqual(['cat also commented on Dune'])
    expect(await h.texts(ann)).toEqual(['cat commented on your watch of Dune'])
    expect((await h.queries.list(bob, { limit: 50 })).unreadCount).toBe(1)
  })

  it('goes with the account of the one who commented', async () => {
    const h = await bell()
    await h.given(commented(dan, 'c3', { activity: watchOfDune, otherCommenterIds: [bob] }))
    expect(await h.texts(bob)).toEqual(['dan also commented on Dune'])
    await h.given(AccountDeleted({ userId: dan, deletedAt: at }))
    expect(await h.texts(bob)).toEqual([])
  })
})
