import { UsernameReminderRequested } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

/** The username and where to sign in. None to an account suspended after asking: it cannot sign in. */
export const usernameReminderMail = defineMail({
  name: 'username-reminder',
  template: 'username-reminder',
  on: UsernameReminderRequested,
  async compose({ userId }, { members, publicUrl }) {
    const member = await members.byId(userId)
    if (!member || member.suspended) return null
    return { to: member.email, userId, variables: { username: member.username, link: `${publicUrl}/sign_in` } }
  },
})
