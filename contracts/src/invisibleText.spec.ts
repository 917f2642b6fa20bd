import { describe, expect, it } from 'vitest'
import { profileUpdateRequest, registerRequest } from './account'
import { campaignDefinition } from './campaigns'
import { emailTemplateEdit } from './emailTemplates'
import { commentRefusal } from './feed'
import { announcementRequest } from './notifications'
import { recommendRequest } from './recommendations'
import { invisibleTextCases as cases, textWithMarksCases } from './testing/invisibleText'
import { editWatchedRequest, markWatchedRequest } from './watched'

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []

const announcement = (title: string, body: string) => ({
  title,
  body,
  audience: 'everyone',
  channels: { inApp: true, push: false, email: false },
})
const campaign = (name: string) => ({
  name,
  steps: [{ templateName: 'welcome', delayDays: 0 }],
  triggers: [{ triggerType: 'registered' }],
})
const template = (changes: Partial<Record<'subject' | 'textContent' | 'htmlContent', string>>) => ({
  subject: 'Hello',
  textContent: 'Hello',
  htmlContent: '<p>Hello</p>',
  ...changes,
})

describe('text an admin must write is refused, as an empty one is, when it shows nothing', () => {
  it.each(cases)('an announcement title and message of %s', (_shown, text) => {
    expect(messages(announcementRequest.safeParse(announcement(text, 'Hi')))).toEqual(['title: A title is required'])
    expect(messages(announcementRequest.safeParse(announcement('Hi', text)))).toEqual(['body: A message is required'])
  })

  it.each(cases)('a campaign name of %s', (_shown, text) => {
    expect(messages(campaignDefinition.safeParse(campaign(text)))).toEqual(['name: A campaign needs a name.'])
  })

  it.each(cases)('an email template subject, text and HTML version of %s', (_shown, text) => {
    expect(messages(emailTemplateEdit.safeParse(template({ subject: text })))).toEqual([
      'subject: The subject cannot be empty.',
    ])
    expect(messages(emailTemplateEdit.safeParse(template({ textContent: text })))).toEqual([
      'textContent: The text version cannot be empty.',
    ])
    expect(messages(emailTemplateEdit.safeParse(template({ htmlContent: text })))).toEqual([
      'htmlContent: The HTML version cannot be empty.',
    ])
  })

  it('a subject that shows nothing is only told it is empty, not also that it must be one line', () => {
    expect(messages(emailTemplateEdit.safeParse(template({ subject: '\u200B\n\u200B' })))).toEqual([
      'subject: The subject cannot be empty.',
    ])
  })

  it('keeps text that shows anything as written, trimmed (invisible characters inside stay)', () => {
    expect(announcementRequest.parse(announcement(' Hi\u200B ', '🎬')).title).toBe('Hi\u200B')
    expect(campaignDefinition.parse(campaign('Welcome')).name).toBe('Welcome')
    expect(emailTemplateEdit.parse(template({ subject: ' Hi ' })).subject).toBe('Hi')
  })
})

describe('text a member may leave out is none when it shows nothing, as whitespace alone is', () => {
  it.each(cases)('a review of %s', (_shown, text) => {
    expect(markWatchedRequest.parse({ tmdbId: 1, mediaType: 'movie', review: text }).review).toBe('')
    expect(editWatchedRequest.parse({ review: text }).review).toBe('')
  })

  it.each(cases)('a recommendation note of %s', (_shown, text) => {
    expect(recommendRequest.parse({ tmdbId: 1, mediaType: 'movie', toUsernames: ['sam'], note: text }).note).toBe('')
  })

  it.each(cases)('a bio and a location of %s', (_shown, text) => {
    expect(profileUpdateRequest.parse({ bio: text, location: text })).toMatchObject({ bio: '', location: '' })
    const registered = registerRequest.parse({
      username: 'sam',
      email: 'sam@example.com',
      password: 'a long enough password',
      bio: text,
      location: text,
    })
    expect(registered).toMatchObject({ bio: '', location: '' })
  })

  it('keeps one that shows anything as written, trimmed', () => {
    expect(editWatchedRequest.parse({ review: ' Loved it\u200B ' }).review).toBe('Loved it\u200B')
    expect(profileUpdateRequest.parse({ bio: ' 🎬 ' }).bio).toBe('🎬')
  })
})

describe('a comment', () => {
  it.each(cases)('of %s is empty', (_shown, text) => {
    expect(commentRefusal(text)).toBe('Comment cannot be empty')
  })

  it.each(textWithMarksCases)('of %s is taken', (_shown, text) => {
    expect(commentRefusal(text)).toBeNull()
  })
})

describe('text whose marks sit on a character that shows is kept as written', () => {
  it.each(textWithMarksCases)('a required title, an optional review and a bio of %s', (_shown, text) => {
    expect(announcementRequest.parse(announcement(text, 'Hi')).title).toBe(text)
    expect(editWatchedRequest.parse({ review: text }).review).toBe(text)
    expect(profileUpdateRequest.parse({ bio: text }).bio).toBe(text)
  })
})
