import { PasswordChanged } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

export const passwordChangedMail = defineMail({
  name: 'password-changed',
  template: 'password-changed',
  on: PasswordChanged,
  async compose({ userId }, { members, publicUrl }) {
    const member = await members.byId(userId)
    if (!member) return null
    return { to: member.email, userId, variables: { username: member.username, link: `${publicUrl}/forgot-password` } }
  },
})
