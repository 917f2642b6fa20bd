import { FriendInvitationSent } from '@reelmates/contracts/friendships'
import { defineMail } from '../defineMail'

/** To an address without an account: `/sign_up?invite=true&from=&email=&token=` shows the invitation. */
export const friendInvitationMail = defineMail({
  name: 'friend-invitation',
  template: 'friend-invitation',
  on: FriendInvitationSent,
  async compose({ inviterUserId, inviteeUserId, inviteeEmail, token }, { members, publicUrl }) {
    if (inviteeUserId || !inviteeEmail || !token) return null
    const from = await members.byId(inviterUserId)
    if (!from) return null
    const query = new URLSearchParams({ invite: 'true', from: from.username, email: inviteeEmail, token })
    // The address has no account: the mail is about the inviter, and goes with their account.
    return {
      to: inviteeEmail,
      userId: inviterUserId,
      variables: { fromUsername: from.username, link: `${publicUrl}/sign_up?${query.toString()}` },
    }
  },
})
