import { CommentDeleted, ReactionAdded, ReactionRemoved } from '@reelmates/contracts/feed'
import type { ProjectedEvent } from '../../projector'
import { actorsText, defineNotificationSource } from '../notificationSource'
import { activityDetail, yourActivity, yourComment } from './activityNames'

type Reaction = ProjectedEvent<typeof ReactionAdded | typeof ReactionRemoved>['data']

/** Whose bell a reaction rings (the activity's owner, or the comment's author; never the reactor's own) and its group. */
function bellOf(data: Reaction): { userId: string; group: string; onComment: boolean } | null {
  const onComment = data.commentId !== null
  const to = onComment ? data.commentAuthorId : data.activityOwnerId
  if (!to || to === data.userId) return null
  const group = onComment ? `reactions:comment:${data.commentId}` : `reactions:activity:${data.activityId}`
  return { userId: to, group, onComment }
}

const onCommentRef = (commentId: string) => `comment:${commentId}`

/**
 * Someone reacted to my activity or to my comment. Reactions come in bursts, so they gather per
 * activity (or comment): one line, "Ann and 2 others reacted to your watch of Dune" (or "to your
 * comment on Dune"), one batched push.
 * A reaction taken back takes its reactor out of the line (once they have none left there), and the
 * line goes with its last reactor. Reactions to a comment go with the comment: the line would lead to
 * an activity where it no longer is.
 */
export const reactionOnMine = defineNotificationSource({
  kind: 'reaction',
  handles: [ReactionAdded],
  notify: ({ data }) => {
    const bell = bellOf(data)
    if (!bell || data.commentAuthorCanSee === false) return []
    return [
      {
        userId: bell.userId,
        actorId: data.userId,
        url: `/activity/${encodeURIComponent(data.activityId)}`,
        // `on` keeps its values from before titles were carried: lines stored then still read right.
        detail: { on: bell.onComment ? 'your comment' : 'your activity', ...activityDetail(data.activity) },
        group: bell.group,
        part: data.emoji,
        ...(bell.onComment && data.commentId ? { ref: onCommentRef(data.commentId) } : {}),
        aboutUserId: data.activityOwnerId,
        activityId: data.activityId,
      },
    ]
  },
  withdrawnBy: {
    handles: [CommentDeleted],
    refs: ({ data }) => [{ userId: data.userId, ref: onCommentRef(data.commentId) }],
  },
  takenBackBy: {
    handles: [ReactionRemoved],
    parts: ({ data }) => {
      const bell = bellOf(data)
      return bell ? [{ userId: bell.userId, group: bell.group, actorId: data.userId, part: data.emoji }] : []
    },
  },
  text: (context) => {
    const { detail } = context
    return `${actorsText(context)} reacted to ${detail.on === 'your comment' ? yourComment(detail) : yourActivity(detail)}`
  },
})
