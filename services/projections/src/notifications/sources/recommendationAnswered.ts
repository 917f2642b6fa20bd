import { RecommendationAccepted, RecommendationWatched } from '@reelmates/contracts/recommendations'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * What happened to my recommendation: taken onto the watchlist, or watched (with the rating when the
 * entry is public). A dismissal shows on the Sent tab but is not announced: being told "Bob passed"
 * would make people wary of recommending at all.
 */
export const recommendationAnswered = defineNotificationSource({
  kind: 'recommendation-answered',
  handles: [RecommendationAccepted, RecommendationWatched],
  notify: (event) => [
    {
      userId: event.data.fromUserId,
      actorId: event.data.toUserId,
      url: '/recommendations?box=sent',
      detail:
        event.type === 'RecommendationWatched'
          ? {
              title: event.data.mediaTitle,
              did: 'watched',
              ...(event.data.rating === null ? {} : { rating: String(event.data.rating) }),
            }
          : { title: event.data.mediaTitle, did: 'added' },
      ref: `recommendation:${event.data.recommendationId}:${event.type}`,
    },
  ],
  text: ({ detail, ...context }) => {
    const who = actorsText({ ...context, detail })
    const title = detail.title ?? 'your recommendation'
    if (detail.did === 'watched')
      return `${who} watched ${title}${detail.rating ? ` and rated it ${detail.rating}/10` : ''}`
    return `${who} added ${title} to their watchlist`
  },
})
