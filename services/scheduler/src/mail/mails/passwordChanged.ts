import { PasswordChanged, PasswordReset } from '@reelmates/contracts/account'
import { defineMail, type AddressedMail, type MailContext } from '../defineMail'

async function compose(
  { userId }: { userId: string },
  { members, publicUrl }: MailContext,
): Promise<AddressedMail | null> {
  const member = await members.byId(userId)
  if (!member) return null
  return { to: member.email, userId, variables: { username: member.username, link: `${publicUrl}/forgot-password` } }
}

/** "Your password was changed", to the account's address, when it was changed in the profile. */
export const passwordChangedMail = defineMail({
  name: 'password-changed',
  template: 'password-changed',
  on: PasswordChanged,
  compose,
})

/**
 * The same, when it was set with a reset link: whoever reads the mailbox can reset the password, and
 * the owner should hear of it even when they never asked for the link.
 */
export const passwordResetDoneMail = defineMail({
  name: 'password-reset-done',
  template: 'password-changed',
  on: PasswordReset,
  compose,
})
