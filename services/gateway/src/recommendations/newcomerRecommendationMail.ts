import { recommendationLifetimeDays } from '@reelmates/contracts/recommendations'
import type { Member } from '@reelmates/commands/friendship/members'
import type { RecommendedTitle } from '@reelmates/commands/recommendation/ports'
import type { MailMessage } from '@reelmates/infra/mail/port'
import { html } from './mailHtml'

/**
 * To an address without an account: the link opens sign-up with the "You've received a recommendation!"
 * banner, and signing up puts the recommendation in the new inbox. Pure: text in, mail out.
 */
export function newcomerRecommendationMail(
  toEmail: string,
  from: Member,
  title: RecommendedTitle,
  link: string,
): MailMessage {
  const lines = [
    `${from.username} recommends ${title.mediaTitle} to you on Reelmates, where friends tell each other what to watch.`,
    ...(title.note ? [`"${title.note}"`] : []),
    `Create your account through this link to see it, and ${from.username}'s friend request will be waiting.`,
  ]
  const lasts = `The link works once, for ${recommendationLifetimeDays} days.`
  return {
    to: toEmail,
    // The address has no account: the mail is about the sender, and goes with their account.
    userId: from.userId,
    category: 'recommendation-invitation',
    subject: `${from.username} recommends ${title.mediaTitle} to you`,
    text: [...lines, '', link, '', lasts].join('\n'),
    html: html([...lines, lasts], { href: link, label: 'See the recommendation' }),
  }
}

/** `/sign_up?returnTo=/recommendations&email=&token=`: returnTo without an invite shows the recommendation banner. */
export function recommendationSignUpLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/sign_up?${new URLSearchParams({ returnTo: '/recommendations', email, token }).toString()}`
}
