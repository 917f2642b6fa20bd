import type { MailMessage } from '@reelmates/infra/mail/port'
import type { MailRecipient } from './mailRecipient'

/** The account mails. Links point at the web app's screens (spec §2), built from the public URL. */

export function passwordResetMail(to: MailRecipient, link: string): MailMessage {
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

export function usernameReminderMail(to: MailRecipient, signInLink: string): MailMessage {
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

export function signInLinkMail(to: MailRecipient, link: string): MailMessage {
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

/** Sent to the old address, so a takeover that changes the email does not go unnoticed. */
export function emailChangedMail(to: MailRecipient, newEmail: string): MailMessage {
  return {
    to: to.email,
    userId: to.userId,
    category: 'email-changed',
    subject: 'Your Reelmates email address was changed',
    text: [
      `Hi ${to.username},`,
      '',
      `The email address of your Reelmates account was changed to ${newEmail}.`,
      'If you did not do this, reset your password right away and contact us.',
    ].join('\n'),
  }
}

export function passwordChangedMail(to: MailRecipient, resetLink: string): MailMessage {
  return {
    to: to.email,
    userId: to.userId,
    category: 'password-changed',
    subject: 'Your Reelmates password was changed',
    text: [
      `Hi ${to.username},`,
      '',
      'The password of your Reelmates account was just changed, and every other device was signed out.',
      `If you did not do this, choose a new password here: ${resetLink}`,
    ].join('\n'),
  }
}
