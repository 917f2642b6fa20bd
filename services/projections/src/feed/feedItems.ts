import { reactionEmojis, type CommentItem, type FeedItem, type ReactionSummary } from '@reelmates/contracts/feed'
import type { UserCard } from '@reelmates/contracts/friendships'
import { containsSpoilersOf } from '@reelmates/contracts/watched'
import type { Activity } from '../activities/activityQueries'
import type { CommentDoc, ReactionDoc } from './activityInteractions'

/**
 * The reactions on one target, in the palette's order, with who reacted (by username, first to react
 * first). Only members count: a reaction sent just as its author deleted their account may be stored
 * after the deletion took their reactions away, and is nobody's now.
 */
export function reactionSummaries(
  reactions: readonly ReactionDoc[],
  viewerId: string,
  cards: ReadonlyMap<string, UserCard>,
): ReactionSummary[] {
  const summaries: ReactionSummary[] = []
  for (const emoji of reactionEmojis) {
    const mine = reactions
      .filter((reaction) => reaction.emoji === emoji && cards.has(reaction.userId))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    if (mine.length === 0) continue
    summaries.push({
      emoji,
      count: mine.length,
      mine: mine.some((reaction) => reaction.userId === viewerId),
      users: mine.flatMap((reaction) => cards.get(reaction.userId)?.username ?? []),
    })
  }
  return summaries
}

/**
 * The watch's rating, its day, and whether its review is kept behind "Show review" (an activity
 * projected before the flag has none).
 */
function watchOf(activity: Activity): Pick<FeedItem, 'rating' | 'containsSpoilers' | 'watchedAt' | 'watchedOn'> {
  const { rating, containsSpoilers, watchedAt, watchedOn } = metadataOf(activity)
  const isWatch = activity.activityType === 'watched'
  return {
    rating: typeof rating === 'number' ? rating : null,
    containsSpoilers: containsSpoilersOf({ review: activity.review, containsSpoilers }),
    watchedAt: isWatch && typeof watchedAt === 'string' ? watchedAt : null,
    // An activity projected before the day was kept has none.
    watchedOn: isWatch && typeof watchedOn === 'string' ? watchedOn : null,
  }
}

/**
 * One activity as the API shows it; null when its owner's account is gone, or the account of the
 * member it names (a friendship accepted just as the other deleted their account is stored after the
 * deletion took that member's activities away, and would read "became friends with" nobody).
 */
export function feedItemOf(
  activity: Activity,
  viewerId: string,
  cards: ReadonlyMap<string, UserCard>,
  reactions: readonly ReactionDoc[],
  commentCount: number,
  rewatches: ReadonlySet<string>,
  closed: ReadonlySet<string> = new Set(),
): FeedItem | null {
  const user = cards.get(activity.userId)
  if (!user) return null
  const target = activity.targetUserId === null ? null : cards.get(activity.targetUserId)
  if (target === undefined) return null
  return {
    id: activity.id,
    activityType: activity.activityType,
    user,
    target,
    tmdbId: activity.tmdbId,
    mediaType: activity.mediaType,
    mediaTitle: activity.mediaTitle,
    mediaPosterPath: activity.mediaPosterPath,
    ...watchOf(activity),
    rewatch: rewatches.has(activity.id),
    recommend: activity.recommend,
    review: activity.review,
    createdAt: activity.createdAt,
    reactions: reactionSummaries(
      reactions.filter((reaction) => reaction.commentId === null),
      viewerId,
      cards,
    ),
    commentCount,
    ...(closed.has(activity.id) ? { closed: true } : {}),
  }
}

export function commentItemOf(
  comment: CommentDoc,
  viewerId: string,
  cards: ReadonlyMap<string, UserCard>,
  reactions: readonly ReactionDoc[],
): CommentItem | null {
  const user = cards.get(comment.userId)
  if (!user || comment.content === null) return null
  return {
    id: comment.id,
    user,
    content: comment.content,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    reactions: reactionSummaries(
      reactions.filter((reaction) => reaction.commentId === comment.id),
      viewerId,
      cards,
    ),
  }
}

/**
 * An activity's metadata (a watch's rating, day, spoiler flag), read only. The embedded store hands
 * out the same frozen document until it is written again, so each is parsed once, not on every page
 * (and every home row) that shows it.
 */
export function metadataOf(activity: Pick<Activity, 'metadataJson'>): Readonly<Record<string, unknown>> {
  let known = metadataByActivity.get(activity)
  if (known === undefined) {
    known = activity.metadataJson === null ? {} : (JSON.parse(activity.metadataJson) as Record<string, unknown>)
    metadataByActivity.set(activity, known)
  }
  return known
}

const metadataByActivity = new WeakMap<object, Readonly<Record<string, unknown>>>()

/** When a watch's activity says it was watched, for telling a rewatch from the first watch. */
export function watchedAtOf(activity: Pick<Activity, 'metadataJson'>): string | null {
  const { watchedAt } = metadataOf(activity)
  return typeof watchedAt === 'string' ? watchedAt : null
}
