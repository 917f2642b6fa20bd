import { RecommendationAccepted, RecommendationWatched } from '@reelmates/contracts/recommendations'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * What happened to my recommendation: taken onto the watchlist, or watched. A dismissal shows on the
 * Sent tab but is not announced: being told "Bob passed" would make people wary of recommending at
 * all. The rating is not in the line: the recipient may edit it, hide it or remove the watch later,
 * and the Sent tab (where the line leads) shows it as it is now.
 */
export const recommendationAnswered = defineNotificationSource({
  kind: 'recommendation-answered',
  handles: [RecommendationAccepted, RecommendationWatched],
  notify: (event) => [
    {
      userId: event.data.fromUserId,
      actorId: event.data.toUserId,
      url: '/recommendations?box=sent',
      detail: { title: event.data.mediaTitle, did: event.type === 'RecommendationWatched' ? 'watched' : 'added' },
      ref: `recommendation:${event.data.recommendationId}:${event.type}`,
    },
  ],
  text: ({ detail, ...context }) => {
    const who = actorsText({ ...context, detail })
    const title = detail.title ?? 'your recommendation'
    if (detail.did === 'watched') return `${who} watched ${title}`
    return `${who} added ${title} to their watchlist`
  },
})
