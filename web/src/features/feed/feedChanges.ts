import {
  reactionEmojis,
  type ActivityAnswer,
  type CommentItem,
  type FeedItem,
  type ReactionEmoji,
  type ReactionSummary,
} from '@reelmates/contracts/feed'
import type { UserCard } from '@reelmates/contracts/friendships'
import type { WaitingChange } from '../../lib/waitingChanges'

/**
 * A change to the feed in product words: what a mutation sends and what the screens fold onto the
 * server's data while it is on its way (and into the cache once it is answered).
 */
export type FeedChange = WaitingChange &
  (
    | { kind: 'react'; activityId: string; commentId: string | null; emoji: ReactionEmoji; on: boolean; me: UserCard }
    /** `comment.id` is made up on the device until the server answers with the real one. */
    | { kind: 'addComment'; activityId: string; comment: CommentItem }
    | { kind: 'editComment'; activityId: string; commentId: string; content: string }
    | { kind: 'deleteComment'; activityId: string; commentId: string }
  )

/** My reaction put on (or taken off) a list of reaction counts, in the palette's order. */
export function withReaction(
  reactions: readonly ReactionSummary[],
  emoji: ReactionEmoji,
  on: boolean,
  me: UserCard,
): ReactionSummary[] {
  const current = reactions.find((reaction) => reaction.emoji === emoji)
  if (current && current.mine === on) return [...reactions]
  const others = reactions.filter((reaction) => reaction.emoji !== emoji)
  const users = current?.users.filter((name) => name !== me.username) ?? []
  const changed: ReactionSummary = on
    ? { emoji, count: (current?.count ?? 0) + 1, mine: true, users: [...users, me.username] }
    : { emoji, count: (current?.count ?? 1) - 1, mine: false, users }
  const all = changed.count > 0 ? [...others, changed] : others
  return all.sort((a, b) => reactionEmojis.indexOf(a.emoji) - reactionEmojis.indexOf(b.emoji))
}

/** A feed item with the change applied (only what the timeline shows: reactions and the comment count). */
export function applyToItem(item: FeedItem, change: FeedChange): FeedItem {
  if (change.activityId !== item.id) return item
  switch (change.kind) {
    case 'react':
      return change.commentId === null
        ? { ...item, reactions: withReaction(item.reactions, change.emoji, change.on, change.me) }
        : item
    case 'addComment':
      return { ...item, commentCount: item.commentCount + 1 }
    case 'deleteComment':
      return { ...item, commentCount: Math.max(0, item.commentCount - 1) }
    case 'editComment':
      return item
  }
}

function applyToComments(comments: CommentItem[], change: FeedChange): CommentItem[] {
  switch (change.kind) {
    case 'react':
      return comments.map((comment) =>
        comment.id === change.commentId
          ? { ...comment, reactions: withReaction(comment.reactions, change.emoji, change.on, change.me) }
          : comment,
      )
    case 'addComment':
      // Answered and already fetched: the server's copy is there; never show it twice.
      return comments.some((comment) => comment.id === change.comment.id) ? comments : [...comments, change.comment]
    case 'editComment':
      return comments.map((comment) =>
        comment.id === change.commentId ? { ...comment, content: change.content } : comment,
      )
    case 'deleteComment':
      return comments.filter((comment) => comment.id !== change.commentId)
  }
}

/** One activity's screen with the change applied. */
export function applyToActivity(answer: ActivityAnswer, change: FeedChange): ActivityAnswer {
  if (change.activityId !== answer.activity.id) return answer
  const comments = applyToComments(answer.comments, change)
  const activity = change.kind === 'react' ? applyToItem(answer.activity, change) : answer.activity
  return { activity: { ...activity, commentCount: comments.length }, comments }
}
