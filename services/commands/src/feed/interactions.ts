import type { ActivityType, ReactionEmoji } from '@reelmates/contracts/feed'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { handleCommand } from '../handleCommand'
import {
  activityInteractions,
  activityStreamId,
  type ActivityInteractionCommand,
  type OnActivity,
} from './activityInteractions'
import { NoSuchActivity, NoSuchComment } from './errors'
import { feedVisits, feedVisitsStreamId } from './feedVisits'

/** What the feed's commands need from the outside world, chosen by the gateway. */
export interface FeedPorts {
  eventStore: EventStore
  /**
   * The activity (read model) when `userId` may see it: its owner, the owner's friend, or in its
   * audience. Null otherwise, or when there is no such activity: both are answered the same.
   */
  access(userId: string, activityId: string): Promise<ActivityAccess | null>
  /** The activity whoever asks, null when there is none: for what needs no sight of it. */
  accessWithoutSight(activityId: string): Promise<ActivityAccess | null>
  /** Who may read the activity now: its audience, or its owner and the owner's friends. */
  readers(activityId: string): Promise<string[]>
  /** The activity a comment is on and who wrote it, or null when there is no such comment. */
  commentPlace(commentId: string): Promise<{ activityId: string; authorId: string } | null>
  newId: () => string
  now: () => Date
}

export interface ActivityAccess {
  id: string
  ownerId: string
  activityType: ActivityType
  mediaTitle: string | null
  /** Who it is addressed to (a recommendation's two members), or null: the owner's friends. */
  audience: readonly string[] | null
  /** Addressed to members who are not friends now (a recommendation after an unfriending): read-only. */
  closed: boolean
}

export interface Asker {
  userId: string
  correlationId: string
}

export interface FeedChange {
  /** Log position of the event appended, for read-your-writes; null when nothing changed. */
  position: bigint | null
}

/** A command as the asker gives it: which activity, who and when are filled in here. */
type Decided = ActivityInteractionCommand extends infer C
  ? C extends unknown
    ? Omit<C, keyof OnActivity>
    : never
  : never

async function onActivity(ports: FeedPorts, asker: Asker, activityId: string, command: Decided): Promise<FeedChange> {
  const access = await ports.access(asker.userId, activityId)
  if (!access) throw new NoSuchActivity()
  return decideOn(ports, asker, access, true, command)
}

async function decideOn(
  ports: FeedPorts,
  asker: Asker,
  access: ActivityAccess,
  canSee: boolean,
  command: Decided,
): Promise<FeedChange> {
  const at = ports.now().toISOString()
  const result = await handleCommand(ports.eventStore, {
    decider: activityInteractions,
    streamId: activityStreamId(access.id),
    command: {
      ...command,
      activityId: access.id,
      activityOwnerId: access.ownerId,
      activity: { type: access.activityType, mediaTitle: access.mediaTitle },
      addressees: (access.audience ?? []).filter((userId) => userId !== access.ownerId),
      canSee,
      closed: access.closed,
      userId: asker.userId,
      at,
    },
    metadata: {
      correlationId: asker.correlationId,
      causationId: asker.correlationId,
      actorId: asker.userId,
      occurredAt: at,
    },
  })
  return { position: result.position }
}

/** The activity of a comment the asker may see; a comment on an activity they may not see does not exist for them. */
async function activityOf(ports: FeedPorts, asker: Asker, commentId: string): Promise<string> {
  const activityId = (await ports.commentPlace(commentId))?.activityId ?? null
  if (activityId === null || !(await ports.access(asker.userId, activityId))) throw new NoSuchComment()
  return activityId
}

export async function addComment(
  ports: FeedPorts,
  asker: Asker,
  activityId: string,
  content: string,
): Promise<FeedChange & { commentId: string }> {
  const commentId = ports.newId()
  const readers = await ports.readers(activityId)
  const change = await onActivity(ports, asker, activityId, { type: 'AddComment', commentId, content, readers })
  return { ...change, commentId }
}

export async function editComment(
  ports: FeedPorts,
  asker: Asker,
  commentId: string,
  content: string,
): Promise<FeedChange & { activityId: string }> {
  const activityId = await activityOf(ports, asker, commentId)
  return { ...(await onActivity(ports, asker, activityId, { type: 'EditComment', commentId, content })), activityId }
}

/**
 * Its author may delete a comment even after losing sight of the activity (an unfriending): taking
 * back one's own words outlives the friendship they were written in. Editing them does not.
 */
export async function deleteComment(ports: FeedPorts, asker: Asker, commentId: string) {
  const place = await ports.commentPlace(commentId)
  if (place === null) throw new NoSuchComment()
  const seen = await ports.access(asker.userId, place.activityId)
  if (seen) return decideOn(ports, asker, seen, true, { type: 'DeleteComment', commentId })
  const unseen = place.authorId === asker.userId ? await ports.accessWithoutSight(place.activityId) : null
  if (!unseen) throw new NoSuchComment()
  return decideOn(ports, asker, unseen, false, { type: 'DeleteComment', commentId })
}

/**
 * Puts (`on`) or takes back a reaction on an activity, or on a comment (`commentId`): either way idempotent.
 * Like a comment, one's own reaction may be taken back after losing sight of the activity (an
 * unfriending): it still shows one's name to the others, and nothing else lists it. The decider lets
 * that through only when the reaction is there, so the answer tells nothing the asker did not know.
 */
export async function setReaction(
  ports: FeedPorts,
  asker: Asker,
  target: { activityId: string } | { commentId: string },
  emoji: ReactionEmoji,
  on: boolean,
): Promise<FeedChange> {
  const commentId = 'commentId' in target ? target.commentId : null
  if (!on) return unreact(ports, asker, target, commentId, emoji)
  const activityId = 'activityId' in target ? target.activityId : await activityOf(ports, asker, target.commentId)
  // Only a comment's author may have lost sight of the activity; its owner always sees it.
  const readers = commentId === null ? [] : await ports.readers(activityId)
  return onActivity(ports, asker, activityId, { type: 'React', commentId, emoji, readers })
}

async function unreact(
  ports: FeedPorts,
  asker: Asker,
  target: { activityId: string } | { commentId: string },
  commentId: string | null,
  emoji: ReactionEmoji,
): Promise<FeedChange> {
  const command = { type: 'Unreact', commentId, emoji } as const
  const notThere = () => (commentId === null ? new NoSuchActivity() : new NoSuchComment())
  const activityId =
    'activityId' in target ? target.activityId : (await ports.commentPlace(target.commentId))?.activityId
  if (activityId === undefined) throw notThere()
  const seen = await ports.access(asker.userId, activityId)
  if (seen) return decideOn(ports, asker, seen, true, command)
  const unseen = await ports.accessWithoutSight(activityId)
  if (!unseen) throw notThere()
  return decideOn(ports, asker, unseen, false, command)
}

/** The asker opened their feed: what arrived before now is read. */
export async function recordFeedVisit(ports: FeedPorts, asker: Asker): Promise<FeedChange> {
  const at = ports.now().toISOString()
  const result = await handleCommand(ports.eventStore, {
    decider: feedVisits,
    streamId: feedVisitsStreamId(asker.userId),
    command: { type: 'RecordFeedVisit', userId: asker.userId, at },
    metadata: {
      correlationId: asker.correlationId,
      causationId: asker.correlationId,
      actorId: asker.userId,
      occurredAt: at,
    },
  })
  return { position: result.position }
}
