import type { EventStore } from '@reelmates/infra/eventStore/port'
import { handleCommand, type CommandMetadata } from '../handleCommand'
import { recommendations, recommendationsStreamId } from './recommendation'

export interface WatchedRecommendation {
  recommendationId: string
  fromUserId: string
}

export interface RecipientWatch {
  entryId: string
  /** Their rating when the entry is public, else null. */
  rating: number | null
  watchedAt: string
}

/**
 * The recipient logged a recommended title watched: each recommendation of it is told so on its
 * sender's stream. Safe to run twice for one diary entry (the decider records each entry once).
 */
export async function recordRecommendationsWatched(
  eventStore: EventStore,
  watched: readonly WatchedRecommendation[],
  watch: RecipientWatch,
  metadata: CommandMetadata,
): Promise<void> {
  for (const { recommendationId, fromUserId } of watched) {
    await handleCommand(eventStore, {
      decider: recommendations,
      streamId: recommendationsStreamId(fromUserId),
      command: { type: 'RecordRecommendedTitleWatched', recommendationId, ...watch },
      metadata,
    })
  }
}
