import { describe, expect, it } from 'vitest'
import {
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  ReactionAdded,
  ReactionRemoved,
  feedMessages,
} from '@reelmates/contracts/feed'
import { specFor } from '../testing/givenWhenThen'
import { activityInteractions } from './activityInteractions'
import {
  CannotDeleteComment,
  CardClosed,
  CommentEmpty,
  CommentTooLong,
  NoSuchActivity,
  NoSuchComment,
  NotYourComment,
} from './errors'
import { feedVisits } from './feedVisits'
import { FeedVisited } from '@reelmates/contracts/feed'

const given = specFor(activityInteractions)
const owner = 'bob'
const friend = 'ann'
const other = 'cid'
const at = '2026-11-24T08:00:00.000Z'
const activity = { activityId: 'watched:e1', activityOwnerId: owner }
const dune = { type: 'watched', mediaTitle: 'Dune' } as const
const by = (userId: string, canSee = true) => ({
  ...activity,
  activity: dune,
  addressees: [],
  userId,
  canSee,
  closed: false,
  at,
})
/** Who may read the activity now: the owner and the owner's friends (`other` is not one). */
const readers = [owner, friend, 'cat', 'dan']

const added = (commentId = 'c1', userId = friend, content = 'Loved it too', otherCommenterIds: string[] = []) =>
  CommentAdded({ ...activity, activity: dune, commentId, userId, content, addedAt: at, otherCommenterIds })
/** Friend's comment c1 deleted by `deletedBy`, and whether that left friend without a comment there. */
const deletionOfC1 = (deletedBy: string, authorLeftThread: boolean) =>
  CommentDeleted({ ...activity, commentId: 'c1', userId: friend, deletedBy, deletedAt: at, authorLeftThread })
const deleted = (commentId: string, userId: string) =>
  CommentDeleted({ ...activity, commentId, userId, deletedBy: userId, deletedAt: at })
const reacted = (
  userId = friend,
  emoji: '🔥' | '👍' = '🔥',
  commentId: string | null = null,
  commentAuthorId: string | null = null,
  commentAuthorCanSee = true,
) =>
  ReactionAdded({
    ...activity,
    activity: dune,
    commentId,
    commentAuthorId,
    userId,
    emoji,
    reactedAt: at,
    ...(commentAuthorId === null ? {} : { commentAuthorCanSee }),
  })

const comment = (content: string, userId = friend, commentId = 'c1', mayRead = readers) =>
  ({ type: 'AddComment', commentId, content, readers: mayRead, ...by(userId) }) as const
const edit = (userId: string, content = 'Changed my mind') =>
  ({ type: 'EditComment', commentId: 'c1', content, ...by(userId) }) as const
const remove = (userId: string) => ({ type: 'DeleteComment', commentId: 'c1', ...by(userId) }) as const
const react = (userId = friend, commentId: string | null = null, canSee = true, mayRead = readers) =>
  ({ type: 'React', commentId, emoji: '🔥', readers: mayRead, ...by(userId, canSee) }) as const
const unreact = (userId = friend) => ({ type: 'Unreact', commentId: null, emoji: '🔥', ...by(userId) }) as const

describe('comments', () => {
  it('adds a comment, trimmed, naming the activity’s owner and what the activity is', () =>
    given([]).when(comment('  Loved it too \n')).then([added()]))

  it('names the thread a comment joins: who commented before, once each, not its author or the owner', () =>
    given([added('c1', 'cat'), added('c2', owner), added('c3', 'cat'), added('c4', friend), added('c5', 'dan')])
      .when(comment('Me too', friend, 'c6'))
      .then([added('c6', friend, 'Me too', ['cat', 'dan'])]))

  it('leaves out of the thread someone whose comments there are all deleted', () =>
    given([added('c1', 'cat'), added('c2', 'dan'), added('c3', 'dan'), deleted('c1', 'cat'), deleted('c2', 'dan')])
      .when(comment('Me too', friend, 'c4'))
      .then([added('c4', friend, 'Me too', ['dan'])]))

  it('leaves out of the thread someone who commented but may no longer read the activity', () =>
    given([added('c1', 'cat'), added('c2', 'dan')])
      .when(comment('Me too', friend, 'c3', [owner, friend, 'dan']))
      .then([added('c3', friend, 'Me too', ['dan'])]))

  it('refuses an empty comment with the spec’s words', () =>
    given([]).when(comment('   ')).thenThrows(CommentEmpty, feedMessages.commentEmpty))

  it('refuses a comment of characters that show nothing (zero-width spaces, a byte-order mark)', () =>
    given([]).when(comment(' \u200b\u200b\ufeff\u2060 ')).thenThrows(CommentEmpty, feedMessages.commentEmpty))

  it('takes 2,000 characters and refuses 2,001', () => {
    given([])
      .when(comment('a'.repeat(2000)))
      .then([added('c1', friend, 'a'.repeat(2000))])
    given([])
      .when(comment('a'.repeat(2001)))
      .thenThrows(CommentTooLong, /at most 2,000 characters/)
  })

  it('counts characters as the writer sees them: 2,000 emoji fit (4,000 UTF-16 units), 2,001 do not', () => {
    given([])
      .when(comment('😀'.repeat(2000)))
      .then([added('c1', friend, '😀'.repeat(2000))])
    given([])
      .when(comment('😀'.repeat(2001)))
      .thenThrows(CommentTooLong, /at most 2,000 characters/)
  })

  it('refuses someone who may not see the activity, as if it did not exist', () =>
    given([])
      .when({ ...comment('Hi'), canSee: false })
      .thenThrows(NoSuchActivity))

  it('adds a retried comment (same id) once', () => given([added()]).when(comment('Loved it too')).thenNothingHappens())

  it('does not bring a deleted comment back when its add is retried', () =>
    given([added(), deletionOfC1(friend, true)])
      .when(comment('Loved it too'))
      .thenNothingHappens())

  it('lets the author edit their comment', () =>
    given([added()])
      .when(edit(friend))
      .then([
        CommentEdited({ ...activity, commentId: 'c1', userId: friend, content: 'Changed my mind', editedAt: at }),
      ]))

  it('refuses an edit by anyone else, the activity’s owner included', () => {
    given([added()]).when(edit(owner)).thenThrows(NotYourComment)
    given([added()]).when(edit(other)).thenThrows(NotYourComment)
  })

  it('refuses an edit that empties the comment', () =>
    given([added()]).when(edit(friend, ' ')).thenThrows(CommentEmpty))

  it('refuses to edit or delete a comment that does not exist', () => {
    given([]).when(edit(friend)).thenThrows(NoSuchComment)
    given([]).when(remove(friend)).thenThrows(NoSuchComment)
  })

  it('lets the author delete their comment', () =>
    given([added()])
      .when(remove(friend))
      .then([deletionOfC1(friend, true)]))

  it('lets the activity’s owner delete any comment on it', () =>
    given([added()])
      .when(remove(owner))
      .then([deletionOfC1(owner, true)]))

  it('says the author is still in the thread while another comment of theirs is there', () =>
    given([added(), added('c2')])
      .when(remove(friend))
      .then([deletionOfC1(friend, false)]))

  it('refuses a delete by someone who is neither the author nor the owner', () =>
    given([added()]).when(remove(other)).thenThrows(CannotDeleteComment))

  it('lets the author delete their comment after losing sight of the activity (an unfriending), but not edit it', () => {
    given([added()])
      .when({ ...remove(friend), canSee: false })
      .then([deletionOfC1(friend, true)])
    given([added()])
      .when({ ...edit(friend), canSee: false })
      .thenThrows(NoSuchActivity)
  })

  it('refuses a delete of somebody else’s comment by someone who may not see the activity, as if it did not exist', () =>
    given([added()])
      .when({ ...remove(other), canSee: false })
      .thenThrows(NoSuchActivity))
})

describe('comments on an activity addressed to someone (a recommendation bob sent ann)', () => {
  const sent = { type: 'recommendation', mediaTitle: 'Dune' } as const
  const onSent = (userId: string, commentId: string) =>
    ({
      type: 'AddComment',
      commentId,
      content: 'Watch it!',
      readers: [owner, friend],
      ...activity,
      activity: sent,
      addressees: [friend],
      userId,
      canSee: true,
      closed: false,
      at,
    }) as const
  const addedOnSent = (commentId: string, userId: string, otherCommenterIds: string[], addresseeIds?: string[]) =>
    CommentAdded({
      ...activity,
      activity: sent,
      commentId,
      userId,
      content: 'Watch it!',
      addedAt: at,
      otherCommenterIds,
      ...(addresseeIds ? { addresseeIds } : {}),
    })

  it('names its addressee beside the owner when the owner comments: the card is theirs as much', () =>
    given([])
      .when(onSent(owner, 'c1'))
      .then([addedOnSent('c1', owner, [], [friend])]))

  it('names nobody else when the addressee comments (the owner is told as ever)', () =>
    given([])
      .when(onSent(friend, 'c1'))
      .then([addedOnSent('c1', friend, [])]))

  it('does not count the addressee in the thread as well, who would be told twice', () =>
    given([addedOnSent('c1', friend, [])])
      .when(onSent(owner, 'c2'))
      .then([addedOnSent('c2', owner, [], [friend])]))
})

describe('reactions', () => {
  it('adds a reaction to the activity, naming what the activity is', () => given([]).when(react()).then([reacted()]))

  it('counts the same reaction twice once', () => given([reacted()]).when(react()).thenNothingHappens())

  it('lets another member, or another emoji, react beside it', () => {
    given([reacted()])
      .when(react(owner))
      .then([reacted(owner)])
    given([reacted()])
      .when({ ...react(), emoji: '👍' })
      .then([reacted(friend, '👍')])
  })

  it('reacts to a comment, naming its author', () =>
    given([added()])
      .when(react(owner, 'c1'))
      .then([reacted(owner, '🔥', 'c1', friend)]))

  it('says so when the comment’s author may no longer read the activity (they are not told of it)', () =>
    given([added('c1', 'cat')])
      .when(react(owner, 'c1', true, [owner, friend]))
      .then([reacted(owner, '🔥', 'c1', 'cat', false)]))

  it('refuses a reaction to a comment that is gone', () => given([]).when(react(owner, 'c9')).thenThrows(NoSuchComment))

  it('refuses a reaction from someone who may not see the activity', () =>
    given([])
      .when(react(other, null, false))
      .thenThrows(NoSuchActivity))

  it('removes a reaction, and removing it again changes nothing', () => {
    given([reacted()])
      .when(unreact())
      .then([
        ReactionRemoved({
          ...activity,
          commentId: null,
          commentAuthorId: null,
          userId: friend,
          emoji: '🔥',
          removedAt: at,
        }),
      ])
    given([
      reacted(),
      ReactionRemoved({
        ...activity,
        commentId: null,
        commentAuthorId: null,
        userId: friend,
        emoji: '🔥',
        removedAt: at,
      }),
    ])
      .when(unreact())
      .thenNothingHappens()
  })

  it('lets its author take back a reaction after losing sight of the activity (an unfriending), as a comment', () => {
    given([reacted('cat', '👍')])
      .when({ ...unreact('cat'), emoji: '👍', canSee: false })
      .then([
        ReactionRemoved({
          ...activity,
          commentId: null,
          commentAuthorId: null,
          userId: 'cat',
          emoji: '👍',
          removedAt: at,
        }),
      ])
    given([added(), reacted('cat', '🔥', 'c1', friend)])
      .when({ ...unreact('cat'), commentId: 'c1', canSee: false })
      .then([
        ReactionRemoved({
          ...activity,
          commentId: 'c1',
          commentAuthorId: friend,
          userId: 'cat',
          emoji: '🔥',
          removedAt: at,
        }),
      ])
  })

  it('answers a removal without sight of a reaction that is not there as if there were no activity (or comment)', () => {
    given([reacted(friend)])
      .when({ ...unreact(other), canSee: false })
      .thenThrows(NoSuchActivity)
    given([reacted(other, '👍')])
      .when({ ...unreact(other), canSee: false })
      .thenThrows(NoSuchActivity)
    given([added(), reacted(friend, '🔥', 'c1', friend)])
      .when({ ...unreact(other), commentId: 'c1', canSee: false })
      .thenThrows(NoSuchComment)
  })

  it('forgets a deleted comment’s reactions', () => {
    const state = given([
      added(),
      reacted(owner, '🔥', 'c1', friend),
      CommentDeleted({ ...activity, commentId: 'c1', userId: friend, deletedBy: friend, deletedAt: at }),
    ]).state()
    expect(state.reactions.size).toBe(0)
  })
})

describe('reactions on an activity addressed to someone (a recommendation bob sent ann)', () => {
  const sent = { type: 'recommendation', mediaTitle: 'Dune' } as const
  const reactOnSent = (userId: string, commentId: string | null = null) =>
    ({ ...react(userId, commentId), activity: sent, addressees: [friend] }) as const
  const reactedOnSent = (userId: string, addresseeIds?: string[]) =>
    ReactionAdded({
      ...activity,
      activity: sent,
      commentId: null,
      commentAuthorId: null,
      userId,
      emoji: '🔥',
      reactedAt: at,
      ...(addresseeIds ? { addresseeIds } : {}),
    })

  it('names its addressee beside the owner when the owner reacts: the card is theirs as much', () =>
    given([])
      .when(reactOnSent(owner))
      .then([reactedOnSent(owner, [friend])]))

  it('names nobody else when the addressee reacts (the owner is told as ever)', () =>
    given([])
      .when(reactOnSent(friend))
      .then([reactedOnSent(friend)]))

  it('names no addressee on a reaction to a comment there: only its author is told', () =>
    given([
      CommentAdded({ ...activity, activity: sent, commentId: 'c1', userId: friend, content: 'Will do', addedAt: at }),
    ])
      .when(reactOnSent(owner, 'c1'))
      .then([
        ReactionAdded({
          ...activity,
          activity: sent,
          commentId: 'c1',
          commentAuthorId: friend,
          userId: owner,
          emoji: '🔥',
          reactedAt: at,
          commentAuthorCanSee: true,
        }),
      ]))
})

describe('a recommendation bob sent ann, once they are no longer friends', () => {
  const sent = { type: 'recommendation', mediaTitle: 'Dune' } as const
  /** As ann or bob on the card: `closed` while they are not friends. */
  const onCard = (userId: string, closed = true) =>
    ({ ...activity, activity: sent, addressees: [friend], userId, canSee: true, closed, at }) as const
  const annSaid = CommentAdded({ ...activity, commentId: 'c1', userId: friend, content: 'Will do', addedAt: at })
  const bobSaid = CommentAdded({ ...activity, commentId: 'c1', userId: owner, content: 'Watch it!', addedAt: at })
  const annReacted = ReactionAdded({
    ...activity,
    commentId: null,
    commentAuthorId: null,
    userId: friend,
    emoji: '🔥',
    reactedAt: at,
  })

  it('takes no new comment from either of them', () => {
    for (const userId of [owner, friend])
      given([])
        .when({ type: 'AddComment', commentId: 'c2', content: 'Hi', readers: [owner, friend], ...onCard(userId) })
        .thenThrows(CardClosed)
  })

  it('takes no edit of a comment made while they were friends', () =>
    given([annSaid])
      .when({ type: 'EditComment', commentId: 'c1', content: 'Hi again', ...onCard(friend) })
      .thenThrows(CardClosed))

  it('takes no reaction from either of them, to the card or to a comment', () => {
    for (const userId of [owner, friend])
      for (const commentId of [null, 'c1'])
        given([annSaid])
          .when({ type: 'React', commentId, emoji: '🔥', readers: [owner, friend], ...onCard(userId) })
          .thenThrows(CardClosed)
  })

  it('still lets a reaction be taken back, and a comment deleted', () => {
    given([annReacted])
      .when({ type: 'Unreact', commentId: null, emoji: '🔥', ...onCard(friend) })
      .then([
        ReactionRemoved({
          ...activity,
          commentId: null,
          commentAuthorId: null,
          userId: friend,
          emoji: '🔥',
          removedAt: at,
        }),
      ])
    given([annSaid])
      .when({ type: 'DeleteComment', commentId: 'c1', ...onCard(friend) })
      .then([
        CommentDeleted({
          ...activity,
          commentId: 'c1',
          userId: friend,
          deletedBy: friend,
          deletedAt: at,
          authorLeftThread: true,
        }),
      ])
  })

  it('opens again once they are friends again', () =>
    given([])
      .when({ type: 'AddComment', commentId: 'c2', content: 'Hi', readers: [owner, friend], ...onCard(friend, false) })
      .then([
        CommentAdded({
          ...activity,
          activity: sent,
          commentId: 'c2',
          userId: friend,
          content: 'Hi',
          addedAt: at,
          otherCommenterIds: [],
        }),
      ]))

  it('lets its recipient delete the sender’s comment, as the sender may the recipient’s: the card is theirs', () => {
    for (const closed of [false, true])
      given([bobSaid])
        .when({ type: 'DeleteComment', commentId: 'c1', ...onCard(friend, closed) })
        .then([
          CommentDeleted({
            ...activity,
            commentId: 'c1',
            userId: owner,
            deletedBy: friend,
            deletedAt: at,
            authorLeftThread: true,
          }),
        ])
  })

  it('still refuses a delete by someone the card is not addressed to', () =>
    given([bobSaid])
      .when({ type: 'DeleteComment', commentId: 'c1', ...onCard(other, false) })
      .thenThrows(CannotDeleteComment))
})

describe('feed visits', () => {
  const visit = (when: string) => ({ type: 'RecordFeedVisit', userId: friend, at: when }) as const
  it('records a visit, and never one that would move the mark back', () => {
    specFor(feedVisits)([])
      .when(visit(at))
      .then([FeedVisited({ userId: friend, visitedAt: at })])
    specFor(feedVisits)([FeedVisited({ userId: friend, visitedAt: at })])
      .when(visit('2026-11-24T07:00:00.000Z'))
      .thenNothingHappens()
  })
})
