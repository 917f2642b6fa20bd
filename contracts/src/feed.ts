import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import { userCard } from './friendships'
import { mediaType } from './media'
import { characterCount, hasVisibleCharacter } from './text'

/**
 * The activity feed (issue 11): comments and emoji reactions on an activity, and the moment a member
 * last opened the feed (what the unread badge counts from).
 *
 * Comments and reactions of one activity live on one stream, `activity-<activityId>`: every rule
 * (one reaction per member, emoji and target; who may edit or delete a comment) is about that one
 * activity. Each event names the activity's owner (and an add or a reaction what the activity is), so
 * notifications can be derived without a look-up.
 */

/** The fixed palette of reactions; anything else is refused. */
export const reactionEmojis = ['👍', '❤️', '😂', '😮', '😢', '🔥', '🍿'] as const
export const reactionEmoji = z.enum(reactionEmojis, {
  message: `A reaction is one of ${reactionEmojis.join(' ')}`,
})
export type ReactionEmoji = z.infer<typeof reactionEmoji>

export const commentMax = 2000

/** The id of a comment on its activity's page (`/activity/<id>#comment-<id>`), where the bell's line leads. */
export const commentAnchor = (commentId: string) => `comment-${commentId}`

export const feedMessages = {
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: `A comment can be at most ${commentMax.toLocaleString('en-US')} characters`,
  noSuchActivity: 'No such activity.',
  noSuchComment: 'No such comment.',
  notYourComment: 'Only the person who wrote this comment can edit it.',
  cannotDeleteComment: 'Only the person who wrote this comment, or a member the activity belongs to, can delete it.',
  cardClosed: "You two aren't friends now, so this card takes no new comments or reactions.",
} as const

export const activityType = z.enum(['watched', 'watchlist_add', 'friendship', 'recommendation'])
export type ActivityType = z.infer<typeof activityType>

// ---- Events (stream `activity-<activityId>`) ----

const onActivity = { activityId: z.string(), activityOwnerId: z.string() }
/** A comment's text is its author's personal data: sealed with their key, erased with their account. */
const personalComment = { subjectField: 'userId', fields: ['content'] } as const

/**
 * What the activity is, so a notification can name it ("commented on your watch of Dune"): its type,
 * and its title (null for a friendship, which has none). A title is nobody's personal data.
 */
export const activitySummary = z.object({ type: activityType, mediaTitle: z.string().nullable() })
export type ActivitySummary = z.infer<typeof activitySummary>

/**
 * Optional rather than a new version (as a watchlist add's `recommendation`): an add or a reaction
 * recorded before could not say, and reads as "your activity". A version bump would make every writer
 * at the new version supply it, and the replay bench's log (bench/replayLog.ts) writes these events at
 * the current version without it.
 */
const aboutActivity = { activity: activitySummary.optional() }

export const CommentAdded = defineEvent(
  'CommentAdded',
  z.object({
    ...onActivity,
    ...aboutActivity,
    commentId: z.string(),
    userId: z.string(),
    content: z.string(),
    addedAt: z.string(),
    /**
     * The thread this comment joins: the members with a comment still there before it who may still
     * read the activity, other than its author and the activity's owner (who is told of every comment
     * anyway), each once. They are told `thread-comment`. Decided with the comment because only the
     * stream knows who commented before, and a notification is made from one event alone. Absent on
     * a comment recorded before threads were followed: nobody was told.
     */
    otherCommenterIds: z.array(z.string()).optional(),
    /**
     * Whom the activity is addressed to besides its owner (a recommendation's recipient, the other
     * friend of a friendship), other than the comment's author: told `comment` as the owner is, of
     * every comment, for the card is theirs as much. Absent on an activity for the owner's friends,
     * and on a comment recorded before: nobody but the owner was told.
     */
    addresseeIds: z.array(z.string()).optional(),
  }),
  { personal: personalComment },
)
export const CommentEdited = defineEvent(
  'CommentEdited',
  z.object({ ...onActivity, commentId: z.string(), userId: z.string(), content: z.string(), editedAt: z.string() }),
  { personal: personalComment },
)
/** `deletedBy` is the author, or the activity's owner removing someone else's comment. */
export const CommentDeleted = defineEvent(
  'CommentDeleted',
  z.object({
    ...onActivity,
    commentId: z.string(),
    userId: z.string(),
    deletedBy: z.string(),
    deletedAt: z.string(),
    /**
     * The author has no other comment on the activity now: they are out of its thread, and its
     * "also commented" lines in their bell go. Absent on deletions recorded before it was kept.
     */
    authorLeftThread: z.boolean().optional(),
  }),
)

/** A reaction on the activity itself (`commentId` null) or on one of its comments (`commentAuthorId` set). */
const reactionTarget = {
  ...onActivity,
  commentId: z.string().nullable(),
  commentAuthorId: z.string().nullable(),
  userId: z.string(),
  emoji: reactionEmoji,
}
export const ReactionAdded = defineEvent(
  'ReactionAdded',
  z.object({
    ...reactionTarget,
    ...aboutActivity,
    reactedAt: z.string(),
    /**
     * On a reaction to a comment: whether its author may still read the activity (someone who has
     * since unfriended the owner may not), decided with the reaction as a thread's members are. False:
     * they are not told, since the line would lead to a page they cannot open. Absent on a reaction to
     * the activity itself (its owner always sees it) and on reactions recorded before this was decided.
     */
    commentAuthorCanSee: z.boolean().optional(),
    /**
     * On a reaction to the activity itself: whom it is addressed to besides its owner (as
     * `CommentAdded.addresseeIds`), other than the reactor, told `reaction` as the owner is. Absent on
     * a reaction to a comment, on an activity for the owner's friends, and on a reaction recorded
     * before: nobody but the owner was told.
     */
    addresseeIds: z.array(z.string()).optional(),
  }),
)
export const ReactionRemoved = defineEvent('ReactionRemoved', z.object({ ...reactionTarget, removedAt: z.string() }))

export type ActivityInteractionEvent =
  | EventOf<typeof CommentAdded>
  | EventOf<typeof CommentEdited>
  | EventOf<typeof CommentDeleted>
  | EventOf<typeof ReactionAdded>
  | EventOf<typeof ReactionRemoved>

// ---- Events (stream `feedVisits-<userId>`) ----

/** The member opened their feed: what arrived before this is read (spec §3 users.lastActivityVisit). */
export const FeedVisited = defineEvent('FeedVisited', z.object({ userId: z.string(), visitedAt: z.string() }))
export type FeedVisitEvent = EventOf<typeof FeedVisited>

// ---- API ----

export const reactionSummary = z.object({
  emoji: reactionEmoji,
  count: z.number().int(),
  mine: z.boolean(),
  /** Who reacted, for the hover / long-press list. */
  users: z.array(z.string()),
})
export type ReactionSummary = z.infer<typeof reactionSummary>

/** One item of the feed (and the activity of `/api/activities/:id`). Never a private entry. */
export const feedItem = z.object({
  id: z.string(),
  activityType,
  user: userCard,
  /** The other member of a friendship (or a recommendation's recipient); null otherwise. */
  target: userCard.nullable(),
  tmdbId: z.number().nullable(),
  mediaType: mediaType.nullable(),
  mediaTitle: z.string().nullable(),
  mediaPosterPath: z.string().nullable(),
  rating: z.number().int().nullable(),
  recommend: z.boolean().nullable(),
  review: z.string().nullable(),
  /** The writer says the review gives something away: it opens on request. */
  containsSpoilers: z.boolean(),
  /** When the member says they watched it (a diary day, often earlier than `createdAt`); null but for a watch. */
  watchedAt: z.string().nullable(),
  /** That day on the member's own calendar, when it was kept (see `watchedItem`); null but for a watch. */
  watchedOn: z.string().nullable(),
  /**
   * A watch after an earlier one of the same title that the member's friends could see ("rewatched");
   * a private watch is never told, so it makes none a rewatch. False but for a watch.
   */
  rewatch: z.boolean(),
  /** When it was recorded: the feed's order. */
  createdAt: z.string(),
  reactions: z.array(reactionSummary),
  commentCount: z.number().int(),
  /**
   * True on a card addressed to two members who were friends until one of them ended it (a recommendation after an
   * unfriending): ending a friendship ends contact, so it takes no new comments, edits or reactions
   * until they are friends again; what was said stays readable to the two. Absent on every other.
   */
  closed: z.boolean().optional(),
})
export type FeedItem = z.infer<typeof feedItem>

const badCursorMessage = 'This cursor is not valid; start again from the first page'

/** A page's cursor in a query string: one of ours, or refused with one message whatever is wrong with it. */
export const keysetCursor = z
  .string()
  .max(400, badCursorMessage)
  .refine((text) => decodeFeedCursor(text) !== null, badCursorMessage)

export const feedQuery = z.object({
  cursor: keysetCursor.optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(50, 'limit must be between 1 and 50')
    .default(20),
})
export const feedAnswer = z.object({ items: z.array(feedItem), nextCursor: z.string().nullable() })
export type FeedAnswer = z.infer<typeof feedAnswer>

/**
 * The ids of my feed as it is now, from the newest down to `to` (the last item a list far down has
 * loaded, as a keyset cursor): what the list holds and the answer lacks has gone (made private, an
 * ex-friend's, deleted). One small answer instead of a refetch of every page loaded (docs/feed.md).
 */
export const feedIdsQuery = z.object({ to: keysetCursor })
/** At most this many ids are answered; past them `complete` is false and nothing can be judged gone. */
export const feedIdsMax = 2000
export const feedIdsAnswer = z.object({ ids: z.array(z.string()), complete: z.boolean() })
export type FeedIdsAnswer = z.infer<typeof feedIdsAnswer>

export const unreadAnswer = z.object({ count: z.number().int() })

export const commentItem = z.object({
  id: z.string(),
  user: userCard,
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reactions: z.array(reactionSummary),
})
export type CommentItem = z.infer<typeof commentItem>

export const activityAnswer = z.object({ activity: feedItem, comments: z.array(commentItem) })
export type ActivityAnswer = z.infer<typeof activityAnswer>

/**
 * One of my own comments, wherever it is (`GET /api/user/comments`): so that I can take it back even
 * from an activity I no longer see (an unfriending). `activity` is null when the activity is gone;
 * `visible` says whether I may still open it (its link), and its owner is named only then.
 */
export const myCommentItem = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  activity: z
    .object({
      id: z.string(),
      activityType,
      mediaTitle: z.string().nullable(),
      owner: z.string().nullable(),
      visible: z.boolean(),
    })
    .nullable(),
})
export type MyCommentItem = z.infer<typeof myCommentItem>
export const myCommentsAnswer = z.object({ items: z.array(myCommentItem), nextCursor: z.string().nullable() })
export type MyCommentsAnswer = z.infer<typeof myCommentsAnswer>

export const activityParams = z.object({ id: z.string().min(1).max(200) })
export const commentParams = z.object({ id: z.string().min(1).max(100) })
export const activityReactionParams = activityParams.extend({ emoji: reactionEmoji })
export const commentReactionParams = commentParams.extend({ emoji: reactionEmoji })

/**
 * A comment left out is as empty as a blank one; a number, null or a list is not text at all, and
 * "Comment cannot be empty" would tell whoever sent `{"content":123}` something untrue.
 */
const contentNotText = (issue: { input?: unknown }): string =>
  issue.input === undefined ? feedMessages.commentEmpty : 'content must be text'

/**
 * The one rule for a comment's words, checked by the form before sending and by the decider: trimmed,
 * empty when nothing in it would show ("Comment cannot be empty"), at most `commentMax` characters.
 * Two rules drifted before: the form let through a comment of zero-width spaces that the decider refused.
 */
export const commentContent = z
  .string({ error: contentNotText })
  .trim()
  .refine(hasVisibleCharacter, { message: feedMessages.commentEmpty, abort: true })
  .refine((text) => characterCount(text) <= commentMax, { message: feedMessages.commentTooLong })

/** Why `content` cannot be a comment, in the spec's words, or null when it can. */
export const commentRefusal = (content: string): string | null =>
  commentContent.safeParse(content).error?.issues[0]?.message ?? null

/** The text is checked by the decider (`commentContent`), so its message is the one shown. */
export const commentBody = z.object({
  // JSON Schema counts characters as `characterCount` does (code points), so the document can say it.
  content: z.string({ error: contentNotText }).meta({ minLength: 1, maxLength: commentMax }),
})
export type CommentBody = z.infer<typeof commentBody>

export const commentAnswer = commentItem.extend({ position: z.string().optional() })

// ---- Keyset cursor: the last item's (createdAt, id), so a page never repeats or skips an item ----

export interface FeedCursor {
  createdAt: string
  id: string
}
export const encodeFeedCursor = (cursor: FeedCursor): string =>
  btoa(encodeURIComponent(JSON.stringify([cursor.createdAt, cursor.id])))
export function decodeFeedCursor(text: string): FeedCursor | null {
  try {
    const value: unknown = JSON.parse(decodeURIComponent(atob(text)))
    // The date must be one: "2026-13-45" compared as text against real dates paged on from nowhere.
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0]))
    )
      return { createdAt: value[0], id: value[1] }
  } catch {
    // Not one of ours: refused below like any other bad cursor.
  }
  return null
}
