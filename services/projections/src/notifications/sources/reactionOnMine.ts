import { CommentDeleted, ReactionAdded, ReactionRemoved } from '@reelmates/contracts/feed'
import type { ProjectedEvent } from '../../projector'
import { actorsText, defineNotificationSource } from '../notificationSource'
import { activityDetail, addressedDetail, theirActivity, yourComment } from './activityNames'
import { commentUrl } from './commentOnMyActivity'

type Reaction = ProjectedEvent<typeof ReactionAdded | typeof ReactionRemoved>['data']

/** The line of one activity's (or one comment's) reactions, per bell. */
const reactionsGroup = (data: Reaction) =>
  data.commentId === null ? `reactions:activity:${data.activityId}` : `reactions:comment:${data.commentId}`

const onCommentRef = (commentId: string) => `comment:${commentId}`

/**
 * Someone reacted to my activity, to one addressed to me (`addresseeIds`: "Ann reacted to the
 * recommendation of Dune to you", "…to your friendship"), or to my comment; never my own reaction.
 * Reactions come in bursts, so they gather per activity (or comment) in each bell: one line, "Ann and
 * 2 others reacted to your watch of Dune" (or "to your comment on Dune"), one batched push.
 * A reaction taken back takes its reactor out of the line (once they have none left there), and the
 * line goes with its last reactor. Reactions to a comment go with the comment: the line would lead to
 * an activity where it no longer is.
 */
export const reactionOnMine = defineNotificationSource({
  kind: 'reaction',
  handles: [ReactionAdded],
  notify: ({ data }) => {
    const line = {
      actorId: data.userId,
      url: `/activity/${encodeURIComponent(data.activityId)}`,
      group: reactionsGroup(data),
      part: data.emoji,
      aboutUserId: data.activityOwnerId,
      activityId: data.activityId,
    }
    if (data.commentId !== null) {
      const author = data.commentAuthorId
      if (!author || author === data.userId || data.commentAuthorCanSee === false) return []
      // `on` keeps its values from before titles were carried: lines stored then still read right.
      const detail = { on: 'your comment', ...activityDetail(data.activity) }
      // It leads to the comment, as a comment's own line does.
      const url = commentUrl(data.activityId, data.commentId)
      return [{ ...line, url, userId: author, detail, ref: onCommentRef(data.commentId) }]
    }
    const detail = { on: 'your activity', ...activityDetail(data.activity) }
    return [
      ...(data.userId === data.activityOwnerId ? [] : [{ ...line, userId: data.activityOwnerId, detail }]),
      // The card of a recommendation or a friendship is its addressee's as much as its owner's.
      ...(data.addresseeIds ?? []).map((userId) => ({ ...line, userId, detail: addressedDetail(detail) })),
    ]
  },
  withdrawnBy: {
    handles: [CommentDeleted],
    refs: ({ data }) => [{ userId: data.userId, ref: onCommentRef(data.commentId) }],
  },
  takenBackBy: {
    handles: [ReactionRemoved],
    // Every bell whose line holds it: the owner's or the comment author's, and an addressee's (named on the add alone).
    parts: ({ data }) => [{ group: reactionsGroup(data), actorId: data.userId, part: data.emoji }],
  },
  text: (context) => {
    const { detail } = context
    return `${actorsText(context)} reacted to ${detail.on === 'your comment' ? yourComment(detail) : theirActivity(detail)}`
  },
})
