import {
  CommentAdded,
  CommentDeleted,
  CommentEdited,
  ReactionAdded,
  ReactionRemoved,
  commentContent,
  feedMessages,
  type ActivityInteractionEvent,
  type ActivitySummary,
  type ReactionEmoji,
} from '@reelmates/contracts/feed'
import type { Decider } from '../decider'
import {
  CannotDeleteComment,
  CardClosed,
  CommentEmpty,
  CommentTooLong,
  NoSuchActivity,
  NoSuchComment,
  NotYourComment,
} from './errors'

/**
 * Who acts on which activity. `canSee` is looked up by the application service before deciding
 * (the asker is the owner, the owner's friend, or in the activity's audience): a decider does no I/O.
 */
export interface OnActivity {
  activityId: string
  activityOwnerId: string
  /** What the activity is, looked up with `canSee`: the events name it for their notifications. */
  activity: ActivitySummary
  /** Whom an activity with an audience is addressed to besides its owner; none for the owner's friends'. */
  addressees: readonly string[]
  canSee: boolean
  /**
   * The activity is addressed to members who are not friends now (a recommendation after an
   * unfriending), looked up with `canSee`: nothing new may be said or reacted there, by either.
   */
  closed: boolean
  userId: string
  at: string
}

export type ActivityInteractionCommand =
  /**
   * `readers`: who may read the activity now (its audience, or its owner and the owner's friends),
   * looked up like `canSee`. Someone who commented and has since lost sight of the activity (an
   * unfriending) is not told of the thread: the line would lead to a page they cannot open, about
   * people they may no longer see.
   */
  | ({ type: 'AddComment'; commentId: string; content: string; readers: readonly string[] } & OnActivity)
  | ({ type: 'EditComment'; commentId: string; content: string } & OnActivity)
  | ({ type: 'DeleteComment'; commentId: string } & OnActivity)
  /** `readers` as for a comment: a comment's author who may no longer read the activity is not told of a reaction. */
  | ({ type: 'React'; commentId: string | null; emoji: ReactionEmoji; readers: readonly string[] } & OnActivity)
  | ({ type: 'Unreact'; commentId: string | null; emoji: ReactionEmoji } & OnActivity)

/** The live comments (id → author) and reactions (`commentId|userId|emoji`, '' for the activity) of one activity. */
export interface ActivityInteractionState {
  comments: Map<string, string>
  /** Ids of comments ever added, deleted ones included, so a retried add is not a second comment. */
  everAdded: Set<string>
  reactions: Set<string>
}

export const activityStreamId = (activityId: string) => `activity-${activityId}`

const reactionKey = (commentId: string | null, userId: string, emoji: string) => `${commentId ?? ''}|${userId}|${emoji}`

/** The members of the thread a new comment joins, by their first comment still there (see `otherCommenterIds`). */
function otherCommenters(state: ActivityInteractionState, command: OnActivity & { readers: readonly string[] }) {
  const readers = new Set(command.readers)
  return [...new Set(state.comments.values())].filter(
    (userId) =>
      userId !== command.userId &&
      userId !== command.activityOwnerId &&
      !command.addressees.includes(userId) &&
      readers.has(userId),
  )
}

/** Whom the card is addressed to besides its owner, but the member acting: `addresseeIds`, when anyone. */
function addressedTo(command: OnActivity): { addresseeIds?: string[] } {
  const addresseeIds = command.addressees.filter((userId) => userId !== command.userId)
  return addresseeIds.length > 0 ? { addresseeIds } : {}
}

function checkedContent(content: string): string {
  const checked = commentContent.safeParse(content)
  if (checked.success) return checked.data
  throw checked.error.issues[0]?.message === feedMessages.commentTooLong ? new CommentTooLong() : new CommentEmpty()
}

export const activityInteractions: Decider<
  ActivityInteractionCommand,
  ActivityInteractionEvent,
  ActivityInteractionState
> = {
  initialState: () => ({ comments: new Map(), everAdded: new Set(), reactions: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'CommentAdded':
        return {
          ...state,
          comments: new Map(state.comments).set(event.data.commentId, event.data.userId),
          everAdded: new Set(state.everAdded).add(event.data.commentId),
        }
      case 'CommentEdited':
        return state
      case 'CommentDeleted': {
        const comments = new Map(state.comments)
        comments.delete(event.data.commentId)
        // A deleted comment's reactions go with it.
        const prefix = `${event.data.commentId}|`
        return { ...state, comments, reactions: new Set([...state.reactions].filter((key) => !key.startsWith(prefix))) }
      }
      case 'ReactionAdded':
        return {
          ...state,
          reactions: new Set(state.reactions).add(
            reactionKey(event.data.commentId, event.data.userId, event.data.emoji),
          ),
        }
      case 'ReactionRemoved': {
        const reactions = new Set(state.reactions)
        reactions.delete(reactionKey(event.data.commentId, event.data.userId, event.data.emoji))
        return { ...state, reactions }
      }
    }
  },

  decide(command, state) {
    // Its author may take back a comment or a reaction without sight of the activity (see deleteComment,
    // setReaction): their own words and their own name. Anything else is answered as if there were no
    // activity, a reaction never made there too (a removal that changes nothing would say it exists).
    const ownComment = command.type === 'DeleteComment' && state.comments.get(command.commentId) === command.userId
    const ownReaction =
      command.type === 'Unreact' && state.reactions.has(reactionKey(command.commentId, command.userId, command.emoji))
    if (!command.canSee && !ownComment && !ownReaction) {
      const onComment = (command.type === 'React' || command.type === 'Unreact') && command.commentId !== null
      throw onComment ? new NoSuchComment() : new NoSuchActivity()
    }
    // Taking back (a comment, a reaction) stays open: it adds nothing to the other member's day.
    const adds = command.type === 'AddComment' || command.type === 'EditComment' || command.type === 'React'
    if (command.closed && adds) throw new CardClosed()
    const on = { activityId: command.activityId, activityOwnerId: command.activityOwnerId }
    switch (command.type) {
      case 'AddComment': {
        const content = checkedContent(command.content)
        if (state.everAdded.has(command.commentId)) return []
        return [
          CommentAdded({
            ...on,
            activity: command.activity,
            commentId: command.commentId,
            userId: command.userId,
            content,
            addedAt: command.at,
            otherCommenterIds: otherCommenters(state, command),
            ...addressedTo(command),
          }),
        ]
      }
      case 'EditComment': {
        const author = state.comments.get(command.commentId)
        if (author === undefined) throw new NoSuchComment()
        if (author !== command.userId) throw new NotYourComment()
        const content = checkedContent(command.content)
        return [CommentEdited({ ...on, commentId: command.commentId, userId: author, content, editedAt: command.at })]
      }
      case 'DeleteComment': {
        const author = state.comments.get(command.commentId)
        if (author === undefined) throw new NoSuchComment()
        // A card addressed to members (a recommendation's recipient) is theirs as much as its owner's.
        const cardIsTheirs = command.activityOwnerId === command.userId || command.addressees.includes(command.userId)
        if (author !== command.userId && !cardIsTheirs) throw new CannotDeleteComment()
        const authorLeftThread = ![...state.comments].some(([id, by]) => by === author && id !== command.commentId)
        return [
          CommentDeleted({
            ...on,
            commentId: command.commentId,
            userId: author,
            deletedBy: command.userId,
            deletedAt: command.at,
            authorLeftThread,
          }),
        ]
      }
      case 'React':
      case 'Unreact': {
        const commentAuthorId = command.commentId === null ? null : state.comments.get(command.commentId)
        if (commentAuthorId === undefined) throw new NoSuchComment()
        const present = state.reactions.has(reactionKey(command.commentId, command.userId, command.emoji))
        const target = {
          ...on,
          commentId: command.commentId,
          commentAuthorId,
          userId: command.userId,
          emoji: command.emoji,
        }
        if (command.type === 'React') {
          if (present) return []
          // A comment's author is told while they may read the activity; a card's audience as of its comments.
          const told =
            commentAuthorId === null
              ? addressedTo(command)
              : { commentAuthorCanSee: command.readers.includes(commentAuthorId) }
          return [ReactionAdded({ ...target, activity: command.activity, reactedAt: command.at, ...told })]
        }
        return present ? [ReactionRemoved({ ...target, removedAt: command.at })] : []
      }
    }
  },
}
