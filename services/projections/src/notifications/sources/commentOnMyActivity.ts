import { CommentAdded, CommentDeleted } from '@reelmates/contracts/feed'
import { actorsText, defineNotificationSource } from '../notificationSource'
import { activityDetail, yourActivity } from './activityNames'

/**
 * Someone commented on my activity (never my own comment): "Bob commented on your watch of Dune";
 * gone from the bell with the comment. The comment's words stay in the feed.
 */
export const commentOnMyActivity = defineNotificationSource({
  kind: 'comment',
  handles: [CommentAdded],
  notify: ({ data }) =>
    data.userId === data.activityOwnerId
      ? []
      : [
          {
            userId: data.activityOwnerId,
            actorId: data.userId,
            url: `/activity/${encodeURIComponent(data.activityId)}`,
            detail: activityDetail(data.activity),
            ref: `comment:${data.commentId}`,
          },
        ],
  withdrawnBy: {
    handles: [CommentDeleted],
    refs: ({ data }) => [{ userId: data.activityOwnerId, ref: `comment:${data.commentId}` }],
  },
  text: (context) => `${actorsText(context)} commented on ${yourActivity(context.detail)}`,
})
