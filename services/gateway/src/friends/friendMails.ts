import type { Member } from '@reelmates/commands/friendship/members'
import type { MailMessage } from '@reelmates/infra/mail/port'
import { invitationLifetimeDays } from '@reelmates/contracts/friendships'

/** The friendship mails, in text and HTML. Links point at the web app's screens (spec §2). */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

export function html(paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')
  const button = `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#e11d48;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>`
  const fallback = `<p style="color:#666;font-size:12px">Or open this address: ${escapeHtml(link.href)}</p>`
  return `<!doctype html><html><body style="font-family:sans-serif">${body}\n${button}\n${fallback}</body></html>`
}

const lasts = `The link works once, for ${invitationLifetimeDays} days.`

/** `/accept-friend?token=`: accepts at once when signed in, or signs the recipient in first. */
export function friendRequestMail(to: Member, from: Member, link: string): MailMessage {
  const lines = [`Hi ${to.username},`, `${from.username} wants to be your friend on Reelmates.`]
  return {
    to: to.email,
    userId: to.userId,
    category: 'friend-request',
    subject: `${from.username} wants to be friends on Reelmates`,
    text: [
      ...lines,
      '',
      `Accept the request here: ${link}`,
      '',
      lasts,
      'If you do not know them, ignore this email.',
    ].join('\n'),
    html: html([...lines, lasts], { href: link, label: 'Accept friend request' }),
  }
}

/** `/sign_up?invite=true&from=&email=&token=`: the sign-up screen shows the invitation banner. */
export function signUpInvitationMail(toEmail: string, from: Member, link: string): MailMessage {
  const lines = [
    `${from.username} invited you to Reelmates, where friends see what each other watch and recommend.`,
    `Create your account through this link and you and ${from.username} are friends right away.`,
  ]
  return {
    to: toEmail,
    // The address has no account: the mail is about the inviter, and goes with their account.
    userId: from.userId,
    category: 'friend-invitation',
    subject: `${from.username} invited you to Reelmates`,
    text: [...lines, '', link, '', lasts].join('\n'),
    html: html([...lines, lasts], { href: link, label: 'Join Reelmates' }),
  }
}

export function acceptFriendLink(publicUrl: string, token: string): string {
  return `${publicUrl}/accept-friend?${new URLSearchParams({ token }).toString()}`
}

export function signUpLink(publicUrl: string, from: string, email: string, token: string): string {
  return `${publicUrl}/sign_up?${new URLSearchParams({ invite: 'true', from, email, token }).toString()}`
}
