import { FriendInvitationSent } from '@reelmates/contracts/friendships'
import { defineMail } from '../defineMail'

/** To a member invited by email: `/accept-friend?token=` accepts at once, or signs them in first. */
export const friendRequestMail = defineMail({
  name: 'friend-request',
  template: 'friend-request',
  on: FriendInvitationSent,
  async compose({ inviterUserId, inviteeUserId, token }, { members, publicUrl }) {
    if (!inviteeUserId || !token) return null
    const [to, from] = await Promise.all([members.byId(inviteeUserId), members.byId(inviterUserId)])
    // A suspended member cannot sign in to answer it (the link refuses them too).
    if (!to || !from || to.suspended) return null
    const link = `${publicUrl}/accept-friend?${new URLSearchParams({ token }).toString()}`
    return { to: to.email, userId: to.userId, variables: { username: to.username, fromUsername: from.username, link } }
  },
})
