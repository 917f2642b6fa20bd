import { PasswordResetRequested } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

/**
 * The link of `/reset-password/<token>` (1 hour). An account suspended after asking is mailed none: the
 * link would set no password (the account decider refuses it), and the mail would wait in the outbox.
 */
export const passwordResetMail = defineMail({
  name: 'password-reset',
  template: 'password-reset',
  on: PasswordResetRequested,
  async compose({ userId, token }, { members, publicUrl }) {
    const member = token ? await members.byId(userId) : null
    if (!member || !token || member.suspended) return null
    const link = `${publicUrl}/reset-password/${encodeURIComponent(token)}`
    return { to: member.email, userId, variables: { username: member.username, link } }
  },
})
