import { CommentAdded, CommentDeleted, commentAnchor } from '@reelmates/contracts/feed'
import { actorsText, defineNotificationSource } from '../notificationSource'
import { activityDetail, addressedDetail, theirActivity } from './activityNames'

/**
 * Where a comment's line leads: the comment itself on its activity's page. A line that gathers a
 * thread's comments takes each new comment's address, so it leads to the newest; one since deleted
 * leaves the page at its heading.
 */
export const commentUrl = (activityId: string, commentId: string) =>
  `/activity/${encodeURIComponent(activityId)}#${commentAnchor(commentId)}`

/** The line of one activity's comments (per kind, per bell): a thread is one line, not one per comment. */
export const commentsGroup = (activityId: string) => `comments:activity:${activityId}`

/**
 * Someone commented on my activity (never my own comment): "Bob commented on your watch of Dune"; or
 * on one addressed to me (`addresseeIds`): "Bob commented on the recommendation of Dune to you".
 * A lively thread would flood the bell, so an activity's comments gather into one line, as reactions
 * do: "Cat and Bob commented…", each commenter once, the latest first; a comment deleted takes its
 * commenter out (once they have no other comment there), and the line goes with its last commenter.
 * Each comment is still pushed on its own. The comment's words stay in the feed.
 */
export const commentOnMyActivity = defineNotificationSource({
  kind: 'comment',
  handles: [CommentAdded],
  notify: ({ data }) => {
    const line = {
      actorId: data.userId,
      url: commentUrl(data.activityId, data.commentId),
      group: commentsGroup(data.activityId),
      part: data.commentId,
      ref: `comment:${data.commentId}`,
      activityId: data.activityId,
    }
    const detail = activityDetail(data.activity)
    return [
      ...(data.userId === data.activityOwnerId ? [] : [{ ...line, userId: data.activityOwnerId, detail }]),
      // The card of a recommendation or a friendship is its addressee's as much as its owner's.
      ...(data.addresseeIds ?? []).map((userId) => ({
        ...line,
        userId,
        detail: addressedDetail(detail),
        aboutUserId: data.activityOwnerId,
      })),
    ]
  },
  takenBackBy: {
    handles: [CommentDeleted],
    // Every bell whose line holds it: the owner's, and an addressee's (named on the add alone).
    parts: ({ data }) => [{ group: commentsGroup(data.activityId), actorId: data.userId, part: data.commentId }],
  },
  groupedInPush: false,
  text: (context) => `${actorsText(context)} commented on ${theirActivity(context.detail)}`,
})
