import {
  RecommendationAccepted,
  RecommendationClaimed,
  RecommendationDismissed,
  RecommendationSent,
  RecommendationWatched,
  recommendationAnchor,
} from '@reelmates/contracts/recommendations'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * A friend recommended me a title (or I just signed up through a recommendation's link); gone from the
 * bell once I answered it (added to my watchlist, dismissed) or watched it, as an answered friend
 * request is, so it does not keep counting as unread. The recommendation itself stays on
 * /recommendations.
 */
export const recommendationReceived = defineNotificationSource({
  kind: 'recommendation',
  handles: [RecommendationSent, RecommendationClaimed],
  notify: ({ data }) =>
    data.toUserId
      ? [
          {
            userId: data.toUserId,
            actorId: data.fromUserId,
            // To its card, not the top of a list that may be long (lines made before lead to the top).
            url: `/recommendations#${recommendationAnchor(data.recommendationId)}`,
            detail: { title: data.mediaTitle },
            ref: `recommendation:${data.recommendationId}`,
          },
        ]
      : [],
  withdrawnBy: {
    handles: [RecommendationAccepted, RecommendationDismissed, RecommendationWatched],
    refs: ({ data }) => [{ userId: data.toUserId, ref: `recommendation:${data.recommendationId}` }],
  },
  text: (context) => `${actorsText(context)} recommended ${context.detail.title ?? 'a title'} to you`,
})
