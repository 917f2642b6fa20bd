import {
  FriendRequestAccepted,
  FriendRequestCancelled,
  FriendRequestDeclined,
  FriendRequestSent,
} from '@reelmates/contracts/friendships'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * Someone asked me to be friends; gone from the bell once answered (accepted or declined) or taken
 * back, so an answered request does not keep counting as unread. A sign-up through an invitation link
 * records the request and its acceptance together: the newcomer is never told of a request they
 * already accepted by signing up.
 */
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
    handles: [FriendRequestAccepted, FriendRequestDeclined, FriendRequestCancelled],
    refs: ({ data }) => [{ userId: data.toUserId, ref: `friend-request:${data.friendshipId}` }],
  },
  text: (context) => `${actorsText(context)} sent you a friend request`,
})
