import type { FastifyRequest } from 'fastify'
import type { Asker, FeedPorts } from '@reelmates/commands/feed/interactions'
import { feedQueries } from '@reelmates/projections/feed/feedQueries'
import { currentUserId } from '../http/auth'
import type { Platform } from '../platform'

/** The feed commands' view of the platform: who may see an activity comes from the feed's read models. */
export function feedPorts(platform: Platform): FeedPorts {
  const feed = feedQueries(platform.readStore)
  return {
    eventStore: platform.eventStore,
    access: (userId, activityId) => feed.access(userId, activityId),
    accessWithoutSight: (activityId) => feed.accessWithoutSight(activityId),
    readers: (activityId) => feed.readers(activityId),
    commentPlace: (commentId) => feed.commentPlace(commentId),
    newId: platform.newId,
    now: platform.now,
  }
}

export const askerOf = (request: FastifyRequest): Asker => ({
  userId: currentUserId(request),
  correlationId: request.id,
})
