import type { RecommendationClaimed, RecommendationSent } from '@reelmates/contracts/recommendations'
import type { Doc } from '@reelmates/infra/readStore/port'
import type { ProjectedEvent } from '../projector'
import type { Placed } from './activityTimelines'

/** One activity per recommendation, so its id is the recommendation's, the same in every rebuild. */
export const recommendationActivityId = (recommendationId: string) => `recommendation:${recommendationId}`

type Sent = ProjectedEvent<typeof RecommendationSent>['data'] | ProjectedEvent<typeof RecommendationClaimed>['data']

/**
 * "Ann recommended Heat to Bob", seen by Ann and Bob only (issue 12.4): a recommendation is between
 * two people, so its audience is exactly them, whoever else their friends are. The sender's note stays
 * on the recommendation itself; the feed shows the title and the two people.
 */
export function recommendationActivity(data: Sent & { toUserId: string }, createdAt: string): Placed & Doc {
  const id = recommendationActivityId(data.recommendationId)
  return {
    _id: id,
    id,
    userId: data.fromUserId,
    activityType: 'recommendation',
    tmdbId: data.tmdbId,
    mediaType: data.mediaType,
    mediaTitle: data.mediaTitle,
    mediaPosterPath: data.mediaPosterPath,
    recommend: null,
    review: null,
    isPrivate: false,
    createdAt,
    targetUserId: data.toUserId,
    // Usernames change; the feed shows the recipient's current card, looked up by id.
    targetUsername: null,
    audience: [data.fromUserId, data.toUserId],
    metadataJson: JSON.stringify({ recommendationId: data.recommendationId }),
  }
}
