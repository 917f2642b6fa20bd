import { mailButton, mailDocument } from '../mail/mailFrame'
import type { EmailTemplate } from '../mail/template'

/**
 * The digest's built-in template (the seed; admins may edit it). `sections` is the text of every
 * section with something in it, `sectionsHtml` the same as HTML; `profileLink` opens the digest setting;
 * `unsubscribeLink` leaves the digest list in one click (the mail also carries the List-Unsubscribe headers).
 */
export const digestTemplate: EmailTemplate = {
  name: 'digest',
  description: 'The daily or weekly digest: friends’ activity, recommendations, comments and reactions.',
  variables: ['username', 'periodLabel', 'sections', 'sectionsHtml', 'link', 'profileLink', 'unsubscribeLink'],
  required: { text: ['sections', 'unsubscribeLink'], html: ['sectionsHtml', 'unsubscribeLink'] },
  subject: 'Your Reelmates digest: what happened {{periodLabel}}',
  textContent: [
    'Hi {{username}},',
    '',
    'Here is what happened on Reelmates {{periodLabel}}.',
    '',
    '{{sections}}',
    '',
    'See it all on your feed: {{link}}',
    '',
    'You get this digest because of your digest setting; change it on your profile: {{profileLink}}',
    'Stop these digests with one click: {{unsubscribeLink}}',
  ].join('\n'),
  htmlContent: mailDocument(
    [
      '<p>Hi {{username}},</p>',
      '<p>Here is what happened on Reelmates {{periodLabel}}.</p>',
      '{{sectionsHtml}}',
      mailButton('{{link}}', 'Open your feed'),
      '<p style="color:#666;font-size:12px">You get this digest because of your digest setting; change it on <a href="{{profileLink}}">your profile</a>, or <a href="{{unsubscribeLink}}">stop these digests</a>.</p>',
    ].join('\n'),
  ),
}
