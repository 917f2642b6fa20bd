import { renderEmailTemplate } from '@reelmates/contracts/emailTemplates'
import { describe, expect, it } from 'vitest'
import { digestVariables } from './digestMessage'
import { digestTemplate } from './digestTemplate'

const nothing = {
  friendsActivity: [],
  recommendationsWaiting: [],
  recommendationsAnswered: [],
  commentsOnMine: [],
  reactionsOnMine: [],
  nowStreaming: [],
}
const at = '2026-11-20T10:00:00.000Z'

describe("a digest's lines", () => {
  it('call the reader "you" where a friend’s activity names them, and others by name', () => {
    const { sections, sectionsHtml } = digestVariables(
      {
        ...nothing,
        friendsActivity: [
          { username: 'carol', activityType: 'friendship', mediaTitle: null, targetUsername: 'bob', createdAt: at },
          { username: 'carol', activityType: 'friendship', mediaTitle: null, targetUsername: 'dave', createdAt: at },
          { username: 'ann', activityType: 'recommendation', mediaTitle: 'Dune', targetUsername: 'bob', createdAt: at },
          { username: 'ann', activityType: 'recommendation', mediaTitle: 'Heat', targetUsername: null, createdAt: at },
        ],
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

  it('say whose activity a comment or reaction is on, and of what kind, as the bell does', () => {
    const { sections } = digestVariables(
      {
        ...nothing,
        commentsOnMine: [{ username: 'bob', activityType: 'watchlist_add', mediaTitle: 'Jaws' }],
        reactionsOnMine: [
          { username: 'bob', emoji: '👍', activityType: 'watched', mediaTitle: 'Jaws' },
          { username: 'cat', emoji: '🔥', activityType: null, mediaTitle: null },
        ],
      },
      { username: 'ann', digestType: 'daily' },
      'http://localhost:3000',
    )
    expect(sections?.split('\n')).toEqual([
      'On your activity',
      '- bob commented on your watchlist add of “Jaws”',
      '- bob reacted 👍 to your watch of “Jaws”',
      '- cat reacted 🔥 to your activity',
    ])
  })

  it('leave out a section with nothing to tell', () => {
    expect(digestVariables(nothing, { username: 'bob', digestType: 'daily' }, 'http://x').sections).toBe('')
  })
})

describe("a digest's footer", () => {
  const mail = renderEmailTemplate(digestTemplate, {
    ...digestVariables(
      { ...nothing, commentsOnMine: [{ username: 'bob', activityType: 'watched', mediaTitle: 'Jaws' }] },
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
