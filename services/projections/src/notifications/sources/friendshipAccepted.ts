import { FriendRequestAccepted } from '@reelmates/contracts/friendships'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * Someone accepted my request, or signed up through my invitation: we are friends now. The line says
 * the friendship, not "accepted your friend request", which an invitee never saw as one.
 */
export const friendshipAccepted = defineNotificationSource({
  kind: 'friendship-accepted',
  handles: [FriendRequestAccepted],
  notify: (event) => [{ userId: event.data.fromUserId, actorId: event.data.toUserId, url: '/friends', detail: {} }],
  text: (context) => `You are now friends with ${actorsText(context)}`,
})
