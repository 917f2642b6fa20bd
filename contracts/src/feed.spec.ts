import { describe, expect, it } from 'vitest'
import { eventDefinition, parseEventData } from './events'
import { CommentAdded, ReactionAdded, commentBody, commentContent, commentRefusal, feedMessages } from './feed'
import { characterCount } from './text'

const on = { activityId: 'watched:e1', activityOwnerId: 'ann' }
const dune = { type: 'watched' as const, mediaTitle: 'Dune' }
const comment = { ...on, commentId: 'c1', userId: 'bob', content: 'Loved it', addedAt: '2026-11-20T21:00:00.000Z' }
const reaction = {
  ...on,
  commentId: null,
  commentAuthorId: null,
  userId: 'bob',
  emoji: '🔥' as const,
  reactedAt: '2026-11-20T21:00:00.000Z',
}

describe('comment and reaction events', () => {
  it('keep what the activity is and who follows the thread', () => {
    const added = CommentAdded({ ...comment, activity: dune, otherCommenterIds: ['cat'] })
    expect(parseEventData('CommentAdded', added.data, 1)).toEqual(added.data)
    const reacted = ReactionAdded({ ...reaction, activity: { type: 'friendship', mediaTitle: null } })
    expect(parseEventData('ReactionAdded', reacted.data, 1)).toEqual(reacted.data)
  })

  it('read one recorded before they said what the activity is as they were, still at version 1', () => {
    expect(eventDefinition('CommentAdded')?.version).toBe(1)
    expect(eventDefinition('ReactionAdded')?.version).toBe(1)
    expect(parseEventData('CommentAdded', comment, 1)).toEqual(comment)
    expect(parseEventData('ReactionAdded', reaction, 1)).toEqual(reaction)
  })

  it('refuse an activity of a type there is not', () => {
    expect(() =>
      parseEventData('CommentAdded', { ...comment, activity: { type: 'rating', mediaTitle: 'Dune' } }, 1),
    ).toThrow()
  })
})

describe('the words of a comment (one rule for the form and the decider)', () => {
  it('finds a comment of characters that show nothing empty', () =>
    expect(commentRefusal('\u200b\u200b')).toBe(feedMessages.commentEmpty))

  it('finds blank Braille patterns and Hangul fillers empty too, and keeps an emoji with its variation selector', () => {
    for (const blank of ['\u2800\u2800', '\u3164', '\u115F\u1160', '\uFFA0 \u034F']) {
      expect(commentRefusal(blank), JSON.stringify(blank)).toBe(feedMessages.commentEmpty)
    }
    expect(commentRefusal('❤️')).toBeNull()
    expect(commentRefusal('👨‍👩‍👧')).toBeNull()
  })

  it('counts characters as they are seen: 2,000 emoji fit, 2,001 do not', () => {
    expect(characterCount('😀'.repeat(2000))).toBe(2000)
    expect(commentRefusal(` ${'😀'.repeat(2000)} `)).toBeNull()
    expect(commentRefusal('😀'.repeat(2001))).toBe(feedMessages.commentTooLong)
  })

  it.each([123, null, ['a'], { text: 'a' }])('says content must be text when it is not: %j', (content) =>
    expect(commentBody.safeParse({ content }).error?.issues[0]?.message).toBe('content must be text'),
  )

  it('finds a missing or blank comment empty', () => {
    expect(commentBody.safeParse({}).error?.issues[0]?.message).toBe(feedMessages.commentEmpty)
    expect(commentRefusal(' \u200b ')).toBe(feedMessages.commentEmpty)
  })

  it('takes words and gives them back trimmed', () => expect(commentContent.parse('  Loved it \n')).toBe('Loved it'))
})
