import type { Member } from '@reelmates/commands/friendship/members'
import type { RecommendedTitle } from '@reelmates/commands/recommendation/ports'
import type { MailMessage } from '@reelmates/infra/mail/port'
import { html } from './mailHtml'

/** To a member: a recommendation is waiting in their inbox (`/recommendations`). Pure: text in, mail out. */
export function memberRecommendationMail(to: Member, from: Member, title: RecommendedTitle, link: string): MailMessage {
  const lines = [
    `Hi ${to.username},`,
    `${from.username} recommends ${title.mediaTitle} to you on Reelmates.`,
    ...(title.note ? [`"${title.note}"`] : []),
  ]
  return {
    to: to.email,
    userId: to.userId,
    category: 'recommendation',
    subject: `${from.username} recommends ${title.mediaTitle}`,
    text: [...lines, '', `Add it to your watchlist or pass: ${link}`].join('\n'),
    html: html(lines, { href: link, label: 'See the recommendation' }),
  }
}

export function recommendationsLink(publicUrl: string): string {
  return `${publicUrl}/recommendations`
}
