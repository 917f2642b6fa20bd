import { EmailChanged } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

/** Told to the old address, so a takeover that changes the email does not go unnoticed. */
export const emailChangedMail = defineMail({
  name: 'email-changed',
  template: 'email-changed',
  on: EmailChanged,
  async compose({ userId, email, previousEmail }, { members }) {
    const member = previousEmail && email ? await members.byId(userId) : null
    if (!member || !previousEmail || !email) return null
    return { to: previousEmail, userId, variables: { username: member.username, newEmail: email } }
  },
})
