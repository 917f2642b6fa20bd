import { SignInLinkIssued } from '@reelmates/contracts/account'
import { defineMail } from '../defineMail'

/**
 * The magic link of `/magic-link?token=&redirect=` (15 minutes). None to an account suspended after
 * asking: the link would not sign it in (the account decider refuses it).
 */
export const signInLinkMail = defineMail({
  name: 'magic-link',
  template: 'magic-link',
  on: SignInLinkIssued,
  async compose({ userId, token, redirect }, { members, publicUrl }) {
    const member = token ? await members.byId(userId) : null
    if (!member || !token || member.suspended) return null
    const query = new URLSearchParams({ token, ...(redirect ? { redirect } : {}) })
    return {
      to: member.email,
      userId,
      variables: { username: member.username, link: `${publicUrl}/magic-link?${query.toString()}` },
    }
  },
})
