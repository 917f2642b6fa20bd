import { FriendRemoved, FriendRequestAccepted } from '@reelmates/contracts/friendships'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * Someone accepted my request, or signed up through my invitation: we are friends now. The line says
 * the friendship, not "accepted your friend request", which an invitee never saw as one. It goes when
 * the friendship ends: "You are now friends" would be untrue, and a later friendship with the same
 * person would sit beside it as a second identical line.
 */
export const friendshipAccepted = defineNotificationSource({
  kind: 'friendship-accepted',
  handles: [FriendRequestAccepted],
  notify: (event) => [
    {
      userId: event.data.fromUserId,
      actorId: event.data.toUserId,
      url: '/friends',
      detail: {},
      ref: `friendship:${event.data.friendshipId}`,
    },
  ],
  withdrawnBy: {
    handles: [FriendRemoved],
    refs: ({ data }) => [{ ref: `friendship:${data.friendshipId}` }],
  },
  text: (context) => `You are now friends with ${actorsText(context)}`,
})
