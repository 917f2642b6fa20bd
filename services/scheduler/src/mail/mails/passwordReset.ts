import { PasswordResetRequested } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

/** The link of `/reset-password/<token>` (1 hour). */
export const passwordResetMail = defineMail({
  name: 'password-reset',
  template: 'password-reset',
  on: PasswordResetRequested,
  async compose({ userId, token }, { members, publicUrl }) {
    const member = token ? await members.byId(userId) : null
    if (!member || !token) return null
    const link = `${publicUrl}/reset-password/${encodeURIComponent(token)}`
    return { to: member.email, userId, variables: { username: member.username, link } }
  },
})
