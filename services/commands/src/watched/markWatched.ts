import type { EventStore } from '@reelmates/infra/eventStore/port'
import { ConcurrentChange, handleCommand, type CommandMetadata } from '../handleCommand'
import { NotInWatchlist, watchlist, watchlistStreamId } from '../watchlist/watchlist'
import { watched, watchedStreamId, type WatchedCommand } from './watched'

export type MarkWatchedInput = Extract<WatchedCommand, { type: 'MarkTitleWatched' }> & {
  /** Also take the title off the watchlist (a second stream), when it is there. */
  removeFromWatchlist: boolean
  metadata: CommandMetadata
}

/**
 * Records a watch and, if asked, takes the title off the watchlist: two streams, so two commands, in
 * that order. The watch is the fact that matters: a title that is not on the watchlist has nothing
 * to take off, and the watch stands. So does a watch whose removal lost every race to other changes
 * of the watchlist (`ConcurrentChange`): refused, the watch would be logged again by the retry the
 * refusal asks for, and the title left on the watchlist can be taken off by hand. Answers the last
 * position reached.
 */
export async function markWatched(
  { eventStore }: { eventStore: EventStore },
  { removeFromWatchlist, metadata, ...command }: MarkWatchedInput,
): Promise<{ position: bigint | null }> {
  const { userId, tmdbId, mediaType } = command
  const recorded = await handleCommand(eventStore, {
    decider: watched,
    streamId: watchedStreamId(userId),
    command,
    metadata,
  })
  if (!removeFromWatchlist) return { position: recorded.position }
  try {
    const removed = await handleCommand(eventStore, {
      decider: watchlist,
      streamId: watchlistStreamId(userId),
      command: { type: 'RemoveTitleFromWatchlist', userId, tmdbId, mediaType },
      metadata,
    })
    return { position: removed.position ?? recorded.position }
  } catch (error) {
    if (error instanceof NotInWatchlist || error instanceof ConcurrentChange) return { position: recorded.position }
    throw error
  }
}
