import { FriendRequestSent } from '@reelmates/contracts/friendships'
import { actorsText, defineNotificationSource } from '../notificationSource'

/** Someone asked me to be friends. */
export const friendRequestReceived = defineNotificationSource({
  kind: 'friend-request',
  handles: [FriendRequestSent],
  notify: (event) => [{ userId: event.data.toUserId, actorId: event.data.fromUserId, url: '/friends', detail: {} }],
  text: (context) => `${actorsText(context)} sent you a friend request`,
})
