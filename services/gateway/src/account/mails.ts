import type { MailMessage } from '@reelmates/infra/mail/port'

/** The account mails. Links point at the web app's screens (spec §2), built from the public URL. */

export function passwordResetMail(to: { userId: string; email: string; username: string }, link: string): MailMessage {
  return {
    to: to.email,
    userId: to.userId,
    category: 'password-reset',
    subject: 'Reset your Reelmates password',
    text: [
      `Hi ${to.username},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Reelmates account.',
      `Choose a new password here within the next hour: ${link}`,
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  }
}

export function usernameReminderMail(to: { userId: string; email: string; username: string }, signInLink: string): MailMessage {
  return {
    to: to.email,
    userId: to.userId,
    category: 'username-reminder',
    subject: 'Your Reelmates username',
    text: [
      'You asked for the username of the Reelmates account that uses this email address.',
      '',
      `Your username is: ${to.username}`,
      '',
      `Sign in here: ${signInLink}`,
    ].join('\n'),
  }
}

export function signInLinkMail(to: { userId: string; email: string; username: string }, link: string): MailMessage {
  return {
    to: to.email,
    userId: to.userId,
    category: 'magic-link',
    subject: 'Your Reelmates sign-in link',
    text: [
      `Hi ${to.username},`,
      '',
      `Sign in to Reelmates with this link within the next 15 minutes: ${link}`,
      '',
      'The link works once. If you did not ask for it, ignore this email.',
    ].join('\n'),
  }
}
