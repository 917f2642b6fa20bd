import { CommentAdded, CommentDeleted } from '@reelmates/contracts/feed'
import { actorsText, defineNotificationSource } from '../notificationSource'
import { activityDetail, yourActivity } from './activityNames'

/** The line of one activity's comments (per kind, per bell): a thread is one line, not one per comment. */
export const commentsGroup = (activityId: string) => `comments:activity:${activityId}`

/**
 * Someone commented on my activity (never my own comment): "Bob commented on your watch of Dune".
 * A lively thread would flood the bell, so an activity's comments gather into one line, as reactions
 * do: "Cat and Bob commented…", each commenter once, the latest first; a comment deleted takes its
 * commenter out (once they have no other comment there), and the line goes with its last commenter.
 * Each comment is still pushed on its own. The comment's words stay in the feed.
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
            group: commentsGroup(data.activityId),
            part: data.commentId,
            ref: `comment:${data.commentId}`,
            activityId: data.activityId,
          },
        ],
  takenBackBy: {
    handles: [CommentDeleted],
    parts: ({ data }) => [
      {
        userId: data.activityOwnerId,
        group: commentsGroup(data.activityId),
        actorId: data.userId,
        part: data.commentId,
      },
    ],
  },
  groupedInPush: false,
  text: (context) => `${actorsText(context)} commented on ${yourActivity(context.detail)}`,
})
