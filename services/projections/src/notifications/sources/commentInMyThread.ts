import { CommentAdded, CommentDeleted } from '@reelmates/contracts/feed'
import { actorsText, defineNotificationSource } from '../notificationSource'
import { activityDetail } from './activityNames'
import { commentsGroup, commentUrl } from './commentOnMyActivity'

/**
 * Someone commented where I commented before: "Bob also commented on Dune". Who is in the thread is
 * decided with the comment (`otherCommenterIds`: never its author or the activity's owner, who has
 * `comment`, nor anyone who can no longer read the activity). The line names the title only: the
 * owner's name is their personal data, and the comment's words stay in the feed. A thread's comments
 * gather into one line per activity ("Cat and Bob also commented on Dune"), as `comment`'s do; a
 * deleted comment takes its commenter out of every bell's line. Each comment is pushed on its own.
 */
export const commentInMyThread = defineNotificationSource({
  kind: 'thread-comment',
  handles: [CommentAdded],
  notify: ({ data }) =>
    (data.otherCommenterIds ?? [])
      .filter((userId) => userId !== data.userId && userId !== data.activityOwnerId)
      .map((userId) => ({
        userId,
        actorId: data.userId,
        url: commentUrl(data.activityId, data.commentId),
        detail: activityDetail(data.activity),
        group: commentsGroup(data.activityId),
        part: data.commentId,
        ref: `comment:${data.commentId}`,
        activityId: data.activityId,
        aboutUserId: data.activityOwnerId,
      })),
  // Out of the thread (their last comment there deleted), the author is told of it no more: "Ann also
  // commented" would say they commented where they no longer have.
  withdrawnBy: {
    handles: [CommentDeleted],
    refs: ({ data }) =>
      data.authorLeftThread === true ? [{ userId: data.userId, group: commentsGroup(data.activityId) }] : [],
  },
  takenBackBy: {
    handles: [CommentDeleted],
    // Whose bells it rang is on the comment's add, not on its deletion: every bell whose line holds it.
    parts: ({ data }) => [{ group: commentsGroup(data.activityId), actorId: data.userId, part: data.commentId }],
  },
  groupedInPush: false,
  text: (context) =>
    context.detail.title
      ? `${actorsText(context)} also commented on ${context.detail.title}`
      : `${actorsText(context)} also commented on an activity you commented on`,
})
