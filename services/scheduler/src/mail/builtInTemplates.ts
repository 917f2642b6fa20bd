import { invitationLifetimeDays } from '@reelmates/contracts/friendships'
import { recommendationLifetimeDays } from '@reelmates/contracts/recommendations'
import type { EmailTemplate } from './template'
import { digestTemplate } from '../digests/digestTemplate'
import { campaignTemplates } from '../campaigns/campaignTemplates'
import { mailButton, mailButtonFallback, mailDocument } from './mailFrame'

/**
 * The templates every mail starts from. Admins may edit them (their edit then wins); these stay the
 * defaults and the seed, so a fresh install mails in full and a deleted edit falls back here.
 */

function html(paragraphs: string[], button?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join('\n')
  const link = button ? `\n${mailButton(button.href, button.label)}\n${mailButtonFallback(button.href)}` : ''
  return mailDocument(`${body}${link}`)
}

const template = (
  name: string,
  description: string,
  variables: string[],
  subject: string,
  text: string[],
  htmlParagraphs: string[],
  button?: { href: string; label: string },
): EmailTemplate => ({
  name,
  description,
  variables,
  subject,
  textContent: text.join('\n'),
  htmlContent: html(htmlParagraphs, button),
  ...(required[name] ? { required: { text: required[name], html: required[name] } } : {}),
})

/** What each mail is for, which its bodies must keep (see `EmailTemplate.required`). */
const required: Record<string, readonly string[]> = {
  'password-reset': ['link'],
  'username-reminder': ['username'],
  'magic-link': ['link'],
  'friend-request': ['link'],
  'friend-invitation': ['link'],
  'recommendation-invitation': ['link'],
}

const linkLasts = `The link works once, for ${invitationLifetimeDays} days.`

export const builtInTemplates: readonly EmailTemplate[] = [
  template(
    'password-reset',
    'The link to choose a new password (forgot password).',
    ['username', 'link'],
    'Reset your Reelmates password',
    [
      'Hi {{username}},',
      '',
      'Someone (hopefully you) asked to reset the password of your Reelmates account.',
      'Choose a new password here within the next hour: {{link}}',
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    [
      'Hi {{username}},',
      'Someone (hopefully you) asked to reset the password of your Reelmates account. Choose a new password within the next hour.',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ],
    { href: '{{link}}', label: 'Choose a new password' },
  ),
  template(
    'username-reminder',
    'The username of the account behind an address (forgot username).',
    ['username', 'link'],
    'Your Reelmates username',
    [
      'You asked for the username of the Reelmates account that uses this email address.',
      '',
      'Your username is: {{username}}',
      '',
      'Sign in here: {{link}}',
    ],
    [
      'You asked for the username of the Reelmates account that uses this email address.',
      'Your username is: <strong>{{username}}</strong>',
    ],
    { href: '{{link}}', label: 'Sign in' },
  ),
  template(
    'magic-link',
    'A single-use sign-in link (15 minutes).',
    ['username', 'link'],
    'Your Reelmates sign-in link',
    [
      'Hi {{username}},',
      '',
      'Sign in to Reelmates with this link within the next 15 minutes: {{link}}',
      '',
      'The link works once. If you did not ask for it, ignore this email.',
    ],
    [
      'Hi {{username}},',
      'Sign in to Reelmates with this link within the next 15 minutes.',
      'The link works once. If you did not ask for it, ignore this email.',
    ],
    { href: '{{link}}', label: 'Sign in to Reelmates' },
  ),
  template(
    'email-changed',
    'Told to the old address when the account’s email changes.',
    ['username', 'newEmail'],
    'Your Reelmates email address was changed',
    [
      'Hi {{username}},',
      '',
      'The email address of your Reelmates account was changed to {{newEmail}}.',
      'If you did not do this, write to support@reelmates.app from this address right away and we will give the account back to you: a password reset would now go to the new address.',
    ],
    [
      'Hi {{username}},',
      'The email address of your Reelmates account was changed to {{newEmail}}.',
      'If you did not do this, write to support@reelmates.app from this address right away and we will give the account back to you: a password reset would now go to the new address.',
    ],
  ),
  template(
    'password-changed',
    'Told to the account’s address when its password changes.',
    ['username', 'link'],
    'Your Reelmates password was changed',
    [
      'Hi {{username}},',
      '',
      'The password of your Reelmates account was just changed, and every other device was signed out.',
      'If you did not do this, choose a new password here: {{link}}',
    ],
    [
      'Hi {{username}},',
      'The password of your Reelmates account was just changed, and every other device was signed out.',
      'If you did not do this, choose a new password.',
    ],
    { href: '{{link}}', label: 'Choose a new password' },
  ),
  template(
    'friend-request',
    'A member asked another member, by email, to be friends; the link accepts.',
    ['username', 'fromUsername', 'link'],
    '{{fromUsername}} wants to be friends on Reelmates',
    [
      'Hi {{username}},',
      '{{fromUsername}} wants to be your friend on Reelmates.',
      '',
      'Accept the request here: {{link}}',
      '',
      linkLasts,
      'If you do not know them, ignore this email.',
    ],
    ['Hi {{username}},', '{{fromUsername}} wants to be your friend on Reelmates.', linkLasts],
    { href: '{{link}}', label: 'Accept friend request' },
  ),
  template(
    'friend-invitation',
    'An invitation to an address without an account; the link signs up and makes the two friends.',
    ['fromUsername', 'link'],
    '{{fromUsername}} invited you to Reelmates',
    [
      '{{fromUsername}} invited you to Reelmates, where friends see what each other watch and recommend.',
      'Create your account through this link and you and {{fromUsername}} are friends right away.',
      '',
      '{{link}}',
      '',
      linkLasts,
    ],
    [
      '{{fromUsername}} invited you to Reelmates, where friends see what each other watch and recommend.',
      'Create your account through this link and you and {{fromUsername}} are friends right away.',
      linkLasts,
    ],
    { href: '{{link}}', label: 'Join Reelmates' },
  ),
  template(
    'recommendation',
    'To a member recommended a title by their address: it waits in their recommendations.',
    ['username', 'fromUsername', 'mediaTitle', 'note', 'link'],
    '{{fromUsername}} recommends {{mediaTitle}}',
    [
      'Hi {{username}},',
      '{{fromUsername}} recommends {{mediaTitle}} to you on Reelmates.',
      '{{note}}',
      '',
      'Add it to your watchlist or pass: {{link}}',
    ],
    ['Hi {{username}},', '{{fromUsername}} recommends {{mediaTitle}} to you on Reelmates.', '{{note}}'],
    { href: '{{link}}', label: 'See the recommendation' },
  ),
  template(
    'recommendation-invitation',
    'A recommendation to an address without an account; signing up through the link puts it in the new inbox.',
    ['fromUsername', 'mediaTitle', 'note', 'link'],
    '{{fromUsername}} recommends {{mediaTitle}} to you',
    [
      '{{fromUsername}} recommends {{mediaTitle}} to you on Reelmates, where friends tell each other what to watch.',
      '{{note}}',
      "Create your account through this link to see it, and {{fromUsername}}'s friend request will be waiting.",
      '',
      '{{link}}',
      '',
      `The link works once, for ${recommendationLifetimeDays} days.`,
    ],
    [
      '{{fromUsername}} recommends {{mediaTitle}} to you on Reelmates, where friends tell each other what to watch.',
      '{{note}}',
      "Create your account through this link to see it, and {{fromUsername}}'s friend request will be waiting.",
      `The link works once, for ${recommendationLifetimeDays} days.`,
    ],
    { href: '{{link}}', label: 'See the recommendation' },
  ),
  digestTemplate,
  ...campaignTemplates,
]

export const builtInTemplate = (name: string): EmailTemplate | undefined =>
  builtInTemplates.find((candidate) => candidate.name === name)
