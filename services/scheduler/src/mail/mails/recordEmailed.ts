import { handleCommand } from '@reelmates/commands/handleCommand'
import { recommendations, recommendationsStreamId } from '@reelmates/commands/recommendation/recommendation'
import type { SentContext } from '../defineMail'

/** The recommendation's `emailSent`, on its sender's stream; the decider records it once. */
export async function recordRecommendationEmailed(
  { recommendationId, fromUserId }: { recommendationId: string; fromUserId: string },
  { eventStore, cause }: SentContext,
): Promise<void> {
  await handleCommand(eventStore, {
    decider: recommendations,
    streamId: recommendationsStreamId(fromUserId),
    command: { type: 'RecordRecommendationEmailed', recommendationId, at: cause.occurredAt },
    metadata: cause,
  })
}

/** The note as the mail quotes it, or nothing. */
export const quotedNote = (note: string | null): string => (note ? `"${note}"` : '')
