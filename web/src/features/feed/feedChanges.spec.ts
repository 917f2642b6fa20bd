import { describe, expect, it } from 'vitest'
import type { ActivityAnswer, FeedItem } from '@reelmates/contracts/feed'
import { applyToActivity, applyToItem, withReaction } from './feedChanges'

const me = { id: 'u-ann', username: 'ann', avatarUrl: null }
const bob = { id: 'u-bob', username: 'bob', avatarUrl: null }
const item: FeedItem = {
  id: 'watched:e1',
  activityType: 'watched',
  user: bob,
  target: null,
  tmdbId: 1,
  mediaType: 'movie',
  mediaTitle: 'Dune',
  mediaPosterPath: null,
  rating: 8,
  recommend: true,
  review: 'Epic',
  containsSpoilers: false,
  watchedAt: '2026-11-20T09:00:00.000Z',
  watchedOn: '2026-11-20',
  rewatch: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  reactions: [{ emoji: '🔥', count: 1, mine: false, users: ['bob'] }],
  commentCount: 0,
}
const comment = { id: 'tmp-1', user: me, content: 'Hi', createdAt: 'now', updatedAt: 'now', reactions: [] }

describe('feed changes', () => {
  it('adds my reaction beside the others, in the palette’s order, and takes it back', () => {
    const on = withReaction(item.reactions, '👍', true, me)
    expect(on.map((r) => [r.emoji, r.count, r.mine])).toEqual([
      ['👍', 1, true],
      ['🔥', 1, false],
    ])
    const joined = withReaction(item.reactions, '🔥', true, me)
    expect(joined).toEqual([{ emoji: '🔥', count: 2, mine: true, users: ['bob', 'ann'] }])
    expect(withReaction(joined, '🔥', false, me)).toEqual(item.reactions)
  })

  it('counts the same reaction twice once', () => {
    const once = withReaction(item.reactions, '🔥', true, me)
    expect(withReaction(once, '🔥', true, me)).toEqual(once)
  })

  it('counts a comment on the timeline and shows it on the activity, once even when the server already has it', () => {
    expect(applyToItem(item, { kind: 'addComment', activityId: item.id, comment }).commentCount).toBe(1)
    const answer: ActivityAnswer = { activity: item, comments: [] }
    const added = applyToActivity(answer, { kind: 'addComment', activityId: item.id, comment })
    expect(added.comments).toEqual([comment])
    expect(added.activity.commentCount).toBe(1)
    expect(applyToActivity(added, { kind: 'addComment', activityId: item.id, comment }).comments).toHaveLength(1)
  })

  it('edits and deletes a comment, and leaves other activities alone', () => {
    const answer: ActivityAnswer = { activity: { ...item, commentCount: 1 }, comments: [comment] }
    const edited = applyToActivity(answer, {
      kind: 'editComment',
      activityId: item.id,
      commentId: 'tmp-1',
      content: 'Yo',
    })
    expect(edited.comments[0]?.content).toBe('Yo')
    const gone = applyToActivity(edited, { kind: 'deleteComment', activityId: item.id, commentId: 'tmp-1' })
    expect(gone).toMatchObject({ comments: [], activity: { commentCount: 0 } })
    expect(applyToActivity(answer, { kind: 'deleteComment', activityId: 'other', commentId: 'tmp-1' })).toBe(answer)
  })
})
