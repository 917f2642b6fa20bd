import { RecommendationClaimed, RecommendationSent } from '@reelmates/contracts/recommendations'
import { actorsText, defineNotificationSource } from '../notificationSource'

/** A friend recommended me a title (or I just signed up through a recommendation's link). */
export const recommendationReceived = defineNotificationSource({
  kind: 'recommendation',
  handles: [RecommendationSent, RecommendationClaimed],
  notify: ({ data }) =>
    data.toUserId
      ? [
          {
            userId: data.toUserId,
            actorId: data.fromUserId,
            url: '/recommendations',
            detail: { title: data.mediaTitle },
            ref: `recommendation:${data.recommendationId}`,
          },
        ]
      : [],
  text: (context) => `${actorsText(context)} recommended ${context.detail.title ?? 'a title'} to you`,
})
