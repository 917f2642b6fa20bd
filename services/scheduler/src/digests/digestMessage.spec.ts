import { renderEmailTemplate } from '@reelmates/contracts/emailTemplates'
import { describe, expect, it } from 'vitest'
import { digestVariables, periodLabel } from './digestMessage'
import { digestTemplate } from './digestTemplate'

const none = { shown: [], total: 0 }
const nothing = {
  friendsActivity: none,
  recommendationsWaiting: none,
  recommendationsAnswered: none,
  onMyActivity: none,
  nowStreaming: [],
}
/** A section of these items, and no more. */
const all = <T>(...shown: T[]) => ({ shown, total: shown.length })
const at = '2026-11-20T10:00:00.000Z'

describe("a digest's lines", () => {
  it('call the reader "you" where a friend’s activity names them, and others by name', () => {
    const { sections, sectionsHtml } = digestVariables(
      {
        ...nothing,
        friendsActivity: all(
          { username: 'carol', activityType: 'friendship', mediaTitle: null, targetUsername: 'bob', createdAt: at },
          { username: 'carol', activityType: 'friendship', mediaTitle: null, targetUsername: 'dave', createdAt: at },
          { username: 'ann', activityType: 'recommendation', mediaTitle: 'Dune', targetUsername: 'bob', createdAt: at },
          { username: 'ann', activityType: 'recommendation', mediaTitle: 'Heat', targetUsername: null, createdAt: at },
        ),
      },
      { username: 'bob', digestType: 'weekly' },
      'http://localhost:3000',
    )
    expect(sections?.split('\n')).toEqual([
      'Your friends were busy',
      '- carol became friends with you',
      '- carol became friends with dave',
      '- ann recommended “Dune” to you',
      '- ann recommended “Heat” to a friend',
    ])
    expect(sectionsHtml).toContain('<li>carol became friends with you</li>')
  })

  it('set a name or a title in a right-to-left script apart from the line, and not the whole mail around them', () => {
    const variables = digestVariables(
      {
        ...nothing,
        friendsActivity: all({
          username: 'سارة_نور',
          activityType: 'watched',
          mediaTitle: 'The Matrix',
          targetUsername: null,
          createdAt: at,
        }),
        onMyActivity: all({
          kind: 'comment',
          username: 'سارة_نور',
          activityType: 'watched',
          mediaTitle: 'שתיקת הכבשים',
          createdAt: at,
        }),
      },
      { username: 'ann', digestType: 'daily' },
      'http://localhost:3000',
    )
    const lines = [
      'Your friends were busy',
      '- \u2068سارة_نور\u2069 watched “The Matrix”',
      '',
      'On your activity',
      '- \u2068سارة_نور\u2069 commented on your watch of “\u2068שתיקת הכבשים\u2069”',
    ]
    expect(variables.sections?.split('\n')).toEqual(lines)
    // Rendered, the sections stay as composed: an isolate around lines of their own would pair with nothing.
    const mail = renderEmailTemplate(digestTemplate, variables)
    expect(mail.text).toContain(lines.join('\n'))
    expect(mail.text).not.toContain('\u2068Your friends were busy')
    expect(mail.text).not.toMatch(/”\u2069\u2069?\n/)
    expect(mail.html).toContain('<li>\u2068سارة_نور\u2069 watched “The Matrix”</li>')
  })

  it('say whose activity a comment or reaction is on, and of what kind, as the bell does', () => {
    const { sections } = digestVariables(
      {
        ...nothing,
        onMyActivity: all(
          { kind: 'comment', username: 'bob', activityType: 'watchlist_add', mediaTitle: 'Jaws', createdAt: at },
          {
            kind: 'reaction',
            emoji: '👍',
            username: 'bob',
            activityType: 'watched',
            mediaTitle: 'Jaws',
            createdAt: at,
          },
          {
            kind: 'reaction',
            emoji: '🔥',
            username: 'cat',
            activityType: 'friendship',
            mediaTitle: null,
            createdAt: at,
          },
        ),
      },
      { username: 'ann', digestType: 'daily' },
      'http://localhost:3000',
    )
    expect(sections?.split('\n')).toEqual([
      'On your activity',
      '- bob commented on your watchlist add of “Jaws”',
      '- bob reacted 👍 to your watch of “Jaws”',
      '- cat reacted 🔥 to your friendship',
    ])
  })

  it('tell a comment or reaction on a card addressed to the reader as the bell does: the recommendation to them, their friendship', () => {
    const toMe = { addressed: true as const, createdAt: at }
    const dune = { activityType: 'recommendation' as const, mediaTitle: 'Dune' }
    const friendship = { activityType: 'friendship' as const, mediaTitle: null }
    const { sections } = digestVariables(
      {
        ...nothing,
        onMyActivity: all(
          { kind: 'comment', username: 'ann', ...dune, ...toMe },
          { kind: 'reaction', emoji: '👍', username: 'ann', ...dune, ...toMe },
          { kind: 'comment', username: 'dan', ...friendship, ...toMe },
          { kind: 'reaction', emoji: '🔥', username: 'dan', ...friendship, ...toMe },
          // One that went while the digest was read: it says no more than the bell's old lines.
          { kind: 'comment', username: 'dan', activityType: null, mediaTitle: null, ...toMe },
        ),
      },
      { username: 'ben', digestType: 'daily' },
      'http://localhost:3000',
    )
    expect(sections?.split('\n')).toEqual([
      'On your activity',
      '- ann commented on the recommendation of “Dune” to you',
      '- ann reacted 👍 to the recommendation of “Dune” to you',
      '- dan commented on your friendship',
      '- dan reacted 🔥 to your friendship',
      '- dan commented on an activity shared with you',
    ])
  })

  it('say how many more a section holds than it lists, and where they are', () => {
    const watch = {
      username: 'bob',
      activityType: 'watched' as const,
      mediaTitle: 'Dune',
      targetUsername: null,
      createdAt: at,
    }
    const { sections, sectionsHtml } = digestVariables(
      {
        ...nothing,
        friendsActivity: { shown: [watch, { ...watch, mediaTitle: 'Heat' }], total: 39 },
        recommendationsWaiting: { shown: [{ fromUsername: 'cat', mediaTitle: 'Jaws' }], total: 3 },
        recommendationsAnswered: { shown: [{ toUsername: 'cat', mediaTitle: 'Up', status: 'accepted' }], total: 2 },
        onMyActivity: {
          shown: [{ kind: 'comment', username: 'cat', activityType: 'watched', mediaTitle: 'Jaws', createdAt: at }],
          total: 57,
        },
      },
      { username: 'ann', digestType: 'daily' },
      'https://reelmates.example',
    )
    expect(sections?.split('\n')).toEqual([
      'Your friends were busy',
      '- bob watched “Dune”',
      '- bob watched “Heat”',
      '- and 37 more on your feed: https://reelmates.example/feed',
      '',
      'Recommended to you',
      '- cat recommends “Jaws”',
      '- and 2 more in your recommendations: https://reelmates.example/recommendations',
      '',
      'Your recommendations',
      '- cat accepted “Up”',
      '- and 1 more on your Sent tab: https://reelmates.example/recommendations?box=sent',
      '',
      'On your activity',
      '- cat commented on your watch of “Jaws”',
      '- and 56 more on your feed: https://reelmates.example/feed',
    ])
    expect(sectionsHtml).toContain('<li><a href="https://reelmates.example/feed">and 37 more on your feed</a></li>')
  })

  it('say nothing more of a section that lists all it holds', () => {
    const { sections } = digestVariables(
      { ...nothing, recommendationsWaiting: all({ fromUsername: 'cat', mediaTitle: 'Jaws' }) },
      { username: 'ann', digestType: 'daily' },
      'https://reelmates.example',
    )
    expect(sections).toBe('Recommended to you\n- cat recommends “Jaws”')
  })

  it('leave out a section with nothing to tell', () => {
    expect(digestVariables(nothing, { username: 'bob', digestType: 'daily' }, 'http://x').sections).toBe('')
  })
})

describe("a digest's footer", () => {
  const mail = renderEmailTemplate(digestTemplate, {
    ...digestVariables(
      {
        ...nothing,
        onMyActivity: all({
          kind: 'comment' as const,
          username: 'bob',
          activityType: 'watched' as const,
          mediaTitle: 'Jaws',
          createdAt: at,
        }),
      },
      { username: 'ann', digestType: 'daily' },
      'https://reelmates.example',
    ),
    unsubscribeLink: 'https://reelmates.example/unsubscribed?token=t',
  })

  it('links "your profile", where the digest setting is, in the HTML', () => {
    expect(mail.html).toContain(
      'change it on <a href="https://reelmates.example/profile#email-preferences">your profile</a>',
    )
  })

  it('gives the profile’s address in the text', () => {
    expect(mail.text).toContain('change it on your profile: https://reelmates.example/profile#email-preferences')
  })
})

describe('periodLabel', () => {
  it('says the period, or the day it picks up from when that is further back', () => {
    expect(periodLabel('daily')).toBe('since yesterday')
    expect(periodLabel('daily', { from: '2026-11-22T08:00:00.000Z', until: '2026-11-23T09:00:00.000Z' })).toBe(
      'since yesterday',
    )
    expect(periodLabel('weekly', { from: '2026-11-16T08:01:00.000Z', until: '2026-11-23T08:01:00.000Z' })).toBe(
      'this past week',
    )
    // A missed morning, or weekly until Monday and daily since: not "since yesterday".
    expect(periodLabel('daily', { from: '2026-11-16T08:01:00.000Z', until: '2026-11-19T08:01:00.000Z' })).toBe(
      'since Monday 16 November',
    )
    expect(periodLabel('weekly', { from: '2026-11-09T08:01:00.000Z', until: '2026-11-23T08:01:00.000Z' })).toBe(
      'since Monday 9 November',
    )
  })
})
