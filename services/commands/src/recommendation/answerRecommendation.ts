import type { MediaRef } from '@reelmates/contracts/media'
import { recommendationMessages as says } from '@reelmates/contracts/recommendations'
import { commandsFor, type Asker, type Changed } from '../friendship/context'
import { loadState } from '../handleCommand'
import { AlreadyInWatchlist, NotInWatchlist, watchlist, watchlistStreamId } from '../watchlist/watchlist'
import { NoSuchRecommendation, RecommendationAlreadyAnswered } from './errors'
import { watched, watchedStreamId } from '../watched/watched'
import type { RecommendationPorts } from './ports'
import { recommendations, recommendationsStreamId } from './recommendation'

export type Answer = 'AcceptRecommendation' | 'DismissRecommendation' | 'RestoreRecommendation'

/**
 * Accept, dismiss or restore a recommendation sent to the asker. Accepting also adds the title to their
 * watchlist with the same event as any add, carrying the recommendation, so the watchlist says who
 * recommended it: two streams, so the accept is decided first (nothing is written when it would be
 * refused), then the title is added, then the accept recorded. A title already on the watchlist stays
 * as it is, and the accept stands. A watch logged on another device meanwhile takes the add back.
 */
export async function answerRecommendation(
  ports: RecommendationPorts,
  asker: Asker,
  recommendationId: string,
  type: Answer,
): Promise<Changed & { fromUserId: string }> {
  const fromUserId = await ports.senderOf(recommendationId)
  if (!fromUserId) throw new NoSuchRecommendation()
  const commands = commandsFor(ports, asker)
  const streamId = recommendationsStreamId(fromUserId)
  const command = { type, recommendationId, userId: asker.userId, at: commands.at() }

  if (type === 'AcceptRecommendation') {
    const state = await loadState(ports.eventStore, recommendations, streamId)
    recommendations.decide(command, state)
    const record = state.byId.get(recommendationId)
    if (!record) throw new NoSuchRecommendation()
    const ref = { tmdbId: record.tmdbId, mediaType: record.mediaType }
    // Watched before it was recommended (a watch after it makes it `watched`, which the decider refuses):
    // put on the watchlist, it would read "to watch" and "watched" at once.
    if (await hasWatched(ports, asker.userId, ref)) throw new RecommendationAlreadyAnswered(says.alreadyWatched)
    const { media, streamingOn } = await ports.recordedTitle(ref)
    let added = false
    try {
      await commands.run(watchlist, watchlistStreamId(asker.userId), {
        type: 'AddTitleToWatchlist',
        userId: asker.userId,
        ...ref,
        note: null,
        addedAt: commands.at(),
        media,
        streamingOn,
        recommendation: { recommendationId, fromUserId },
      })
      added = true
    } catch (error) {
      if (!(error instanceof AlreadyInWatchlist)) throw error
    }
    // Logged watched on another device while the title went onto the watchlist: it was never to watch,
    // so the add is taken back, and the accept refused as it would have been a moment later.
    const takeBack = async () => {
      if (!added) return
      await commands
        .run(watchlist, watchlistStreamId(asker.userId), {
          type: 'RemoveTitleFromWatchlist',
          userId: asker.userId,
          ...ref,
        })
        .catch((error: unknown) => {
          if (!(error instanceof NotInWatchlist)) throw error
        })
    }
    try {
      await commands.run(recommendations, streamId, command)
    } catch (error) {
      await takeBack()
      throw error
    }
    if (await hasWatched(ports, asker.userId, ref)) {
      await takeBack()
      throw new RecommendationAlreadyAnswered(says.alreadyWatched)
    }
    return { fromUserId, position: commands.position() }
  }
  await commands.run(recommendations, streamId, command)
  return { fromUserId, position: commands.position() }
}

/** Has the member logged this title, whenever (a watch after the recommendation makes it `watched`). */
async function hasWatched(ports: RecommendationPorts, userId: string, ref: MediaRef): Promise<boolean> {
  const log = await loadState(ports.eventStore, watched, watchedStreamId(userId))
  return [...log.entries.values()].some((entry) => entry.tmdbId === ref.tmdbId && entry.mediaType === ref.mediaType)
}
