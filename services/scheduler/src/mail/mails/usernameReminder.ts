import { UsernameReminderRequested } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

export const usernameReminderMail = defineMail({
  name: 'username-reminder',
  template: 'username-reminder',
  on: UsernameReminderRequested,
  async compose({ userId }, { members, publicUrl }) {
    const member = await members.byId(userId)
    if (!member) return null
    return { to: member.email, userId, variables: { username: member.username, link: `${publicUrl}/sign_in` } }
  },
})
