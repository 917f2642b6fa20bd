import type { MailDefinition } from './defineMail'
import { emailChangedMail } from './mails/emailChanged'
import { friendInvitationMail } from './mails/friendInvitation'
import { friendRequestMail } from './mails/friendRequest'
import { passwordChangedMail, passwordResetDoneMail } from './mails/passwordChanged'
import { passwordResetMail } from './mails/passwordReset'
import { signInLinkMail } from './mails/signInLink'
import { usernameReminderMail } from './mails/usernameReminder'
import { recommendationMail } from './mails/recommendation'
import { recommendationInvitationMail } from './mails/recommendationInvitation'
import { digestMail } from './mails/digest'
import { testDigestMail } from './mails/testDigest'
import { templateTestMail } from './mails/templateTest'
import { campaignStepMail } from '../campaigns/campaignStepMail'

/** Every mail the scheduler sends in answer to an event. Add a line per new mail (one file each). */
export const allMails: readonly MailDefinition[] = [
  passwordResetMail,
  usernameReminderMail,
  signInLinkMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetDoneMail,
  friendRequestMail,
  friendInvitationMail,
  recommendationMail,
  recommendationInvitationMail,
  digestMail,
  testDigestMail,
  templateTestMail,
  campaignStepMail,
]
