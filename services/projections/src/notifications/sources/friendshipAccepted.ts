import { FriendRequestAccepted } from '@reelmates/contracts/friendships'
import { actorsText, defineNotificationSource } from '../notificationSource'

/** Someone accepted my request (or my invitation): we are friends now. */
export const friendshipAccepted = defineNotificationSource({
  kind: 'friendship-accepted',
  handles: [FriendRequestAccepted],
  notify: (event) => [{ userId: event.data.fromUserId, actorId: event.data.toUserId, url: '/friends', detail: {} }],
  text: (context) => `${actorsText(context)} accepted your friend request`,
})
