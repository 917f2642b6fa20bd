import { recordRecommendationsWatched } from '@reelmates/commands/recommendation/recordWatched'
import { mediaType as mediaTypeSchema } from '@reelmates/contracts/media'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { recommendationQueries } from '@reelmates/projections/recommendations/recommendationQueries'
import { recommendationsProjector } from '@reelmates/projections/recommendations/recommendations'
import { watchRemoteProjections } from '@reelmates/projections/remoteRunner'
import { z } from 'zod'
import type { Reaction } from '../reactor'

export const RECOMMENDATION_WATCHED = 'recommendation_watched'

/** The fields of a stored watch (logged, edited or put back) this reaction reads: none of them personal, so no decryption. */
const watch = z.object({
  entryId: z.string(),
  userId: z.string(),
  tmdbId: z.number(),
  mediaType: mediaTypeSchema,
  watchedAt: z.string(),
  rating: z.number().int().nullable(),
  isPrivate: z.boolean(),
})

/** The recommendations read model has not reached the watch yet: tried again (the reactor retries). */
class RecommendationsBehind extends Error {
  override readonly name = 'RecommendationsBehind'
}

/**
 * When a member logs a title watched, or makes a private watch public, every recommendation of it made
 * to them before the watch is told so on its sender's stream (`RecommendationWatched`, carrying their
 * rating), unless the entry is private: the event the sender's notification is made from, and what the
 * decider needs to refuse accepting a title already watched. Which recommendations those are is read
 * from the recommendations read model once it has projected the watch, so none made before it is
 * missed; the decider records each diary entry once, so running again for one event changes nothing.
 */
export function recommendationWatched(deps: { eventStore: EventStore; readStore: ReadStore }): Reaction {
  const queries = recommendationQueries(deps.readStore)
  // Waits for the projector as campaignEntries does: a watch is in the log a moment before it is projected.
  const readModel = watchRemoteProjections({ readStore: deps.readStore, projectors: [recommendationsProjector] })
  return {
    name: RECOMMENDATION_WATCHED,
    handles: ['TitleWatched', 'WatchedEntryEdited', 'WatchedEntryRestored'],
    async react(event) {
      if (!(await readModel.waitForPosition(event.position, 1_000))) throw new RecommendationsBehind()
      const data = watch.parse(event.data)
      // A private watch is never told: no notification, and the sender's stream does not learn of it.
      if (data.isPrivate) return
      // An edit that makes a private watch public tells it then, to the recommendations it answered
      // (the read model keeps them beside the private watch). Any other edit of a public watch finds
      // its recommendations told already, and the decider records each entry once.
      const made =
        event.type === 'TitleWatched'
          ? await queries.madeBefore(data.userId, data, event.metadata.occurredAt)
          : await queries.behindWatch(data.userId, data, data.entryId)
      if (made.length === 0) return
      await recordRecommendationsWatched(
        deps.eventStore,
        made,
        { entryId: data.entryId, rating: data.rating, watchedAt: data.watchedAt },
        {
          correlationId: event.metadata.correlationId,
          causationId: event.id,
          actorId: data.userId,
          occurredAt: event.metadata.occurredAt,
        },
      )
    },
  }
}
