import { FriendRequestCancelled, FriendRequestDeclined, FriendRequestSent } from '@reelmates/contracts/friendships'
import { actorsText, defineNotificationSource } from '../notificationSource'

/** Someone asked me to be friends; gone from the bell once I declined or they took it back. */
export const friendRequestReceived = defineNotificationSource({
  kind: 'friend-request',
  handles: [FriendRequestSent],
  notify: ({ data }) => [
    {
      userId: data.toUserId,
      actorId: data.fromUserId,
      url: '/friends',
      detail: {},
      ref: `friend-request:${data.friendshipId}`,
    },
  ],
  withdrawnBy: {
    handles: [FriendRequestDeclined, FriendRequestCancelled],
    refs: ({ data }) => [{ userId: data.toUserId, ref: `friend-request:${data.friendshipId}` }],
  },
  text: (context) => `${actorsText(context)} sent you a friend request`,
})
