import { ReactionAdded } from '@reelmates/contracts/feed'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * Someone reacted to my activity or to my comment. Reactions come in bursts, so they gather per
 * activity (or comment): one line, "Ann and 2 others reacted to your activity", one batched push.
 */
export const reactionOnMine = defineNotificationSource({
  kind: 'reaction',
  handles: [ReactionAdded],
  notify: ({ data }) => {
    const url = `/activity/${encodeURIComponent(data.activityId)}`
    const onComment = data.commentId !== null
    const to = onComment ? data.commentAuthorId : data.activityOwnerId
    if (!to || to === data.userId) return []
    return [
      {
        userId: to,
        actorId: data.userId,
        url,
        detail: { on: onComment ? 'your comment' : 'your activity' },
        group: onComment ? `reactions:comment:${data.commentId}` : `reactions:activity:${data.activityId}`,
      },
    ]
  },
  text: (context) => `${actorsText(context)} reacted to ${context.detail.on ?? 'your activity'}`,
})
