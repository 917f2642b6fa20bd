import { mailButton, mailDocument } from '../mail/mailFrame'
import type { EmailTemplate } from '../mail/template'

/**
 * The templates campaign steps are built from. Admins edit their text like any other template; every
 * one may use `{{username}}`, `{{link}}` (the app) and `{{unsubscribeLink}}` (one click off every
 * campaign, no sign-in needed).
 */
const variables = ['username', 'link', 'unsubscribeLink']

function campaignTemplate(name: string, description: string, subject: string, lines: string[], button: string) {
  // The setting by the name the member's profile gives it, so they know which switch turns these off.
  const footer = 'You get these tips because your tips and news emails are on. Unsubscribe: {{unsubscribeLink}}'
  const htmlFooter =
    '<p style="color:#666;font-size:12px">You get these tips because your tips and news emails are on. <a href="{{unsubscribeLink}}">Unsubscribe</a></p>'
  return {
    name,
    description,
    variables,
    // One click off every campaign, in both bodies (List-Unsubscribe aside).
    required: { text: ['unsubscribeLink'], html: ['unsubscribeLink'] },
    subject,
    textContent: [...lines, '', `${button}: {{link}}`, '', footer].join('\n'),
    htmlContent: mailDocument(
      `${lines.map((line) => `<p>${line}</p>`).join('\n')}\n${mailButton('{{link}}', button)}\n${htmlFooter}`,
    ),
  } satisfies EmailTemplate
}

/** Where each campaign template's button (`{{link}}`) goes: the page its words promise. */
const campaignLinks: Record<string, string> = {
  'campaign-welcome': '/home',
  'campaign-find-friends': '/friends',
  'campaign-come-back': '/home',
  'campaign-rate-more': '/watched',
}

/** The path of a campaign step's `{{link}}`; the app's home for a template without one of its own. */
export const campaignLinkPath = (templateName: string): string => campaignLinks[templateName] ?? '/home'

export const campaignTemplates: readonly EmailTemplate[] = [
  campaignTemplate(
    'campaign-welcome',
    'Campaign step: a welcome with the first things to do.',
    'Welcome to Reelmates, {{username}}',
    [
      'Hi {{username}},',
      'Welcome to Reelmates! Start by adding a few titles you want to watch to your watchlist, and log what you watched lately.',
    ],
    'Open Reelmates',
  ),
  campaignTemplate(
    'campaign-find-friends',
    'Campaign step: invite friends to see what they watch.',
    'Reelmates is better with friends',
    [
      'Hi {{username}},',
      'Reelmates shows what your friends and family watch and lets you recommend titles to each other. Find the ones already here, or invite someone.',
    ],
    'Find friends',
  ),
  campaignTemplate(
    'campaign-come-back',
    'Campaign step: for members who have not been around for a while.',
    // Sent whatever happened since the member's last visit (nothing may have come to the catalog), so
    // it invites them back with what Reelmates always has, rather than news it cannot know of. The
    // other steps likewise claim nothing of the member that the campaign's trigger may not hold (an
    // admin may send "rate more" after one watch, "find friends" to someone who has many).
    'Looking for something to watch, {{username}}?',
    [
      'Hi {{username}},',
      'Next time you wonder what to watch tonight, Reelmates shows what is popular, what each streaming service has, and what your friends have been watching.',
    ],
    'Find something to watch',
  ),
  campaignTemplate(
    'campaign-rate-more',
    'Campaign step: for members who have watched a few titles.',
    'Your watch log is growing, {{username}}',
    [
      'Hi {{username}},',
      'Thanks for logging what you watch. A rating and a line or two on each help your friends choose: they see them in their feed.',
    ],
    'Open my watched titles',
  ),
]
