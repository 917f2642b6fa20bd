import { RecommendationAccepted, RecommendationWatched } from '@reelmates/contracts/recommendations'
import { actorsText, defineNotificationSource } from '../notificationSource'

/**
 * What happened to my recommendation: accepted, or watched. An accept is worded as one, not as "added
 * to their watchlist": a title already there is accepted without being added, and the line must be
 * true either way (`did: 'added'` is only the stored name of an accept). A dismissal shows on the
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
      // Sent to an address: the sender knows the address, not whose account it is (the Sent tab too).
      actorId: event.data.byAddress ? null : event.data.toUserId,
      // Who answered, never shown: their deleted account takes the line, as it takes the recommendation
      // off the Sent tab, though it named no one.
      aboutUserId: event.data.toUserId,
      url: '/recommendations?box=sent',
      detail: {
        title: event.data.mediaTitle,
        did: event.type === 'RecommendationWatched' ? 'watched' : 'added',
        ...(event.data.byAddress ? { to: 'address' } : {}),
      },
      ref: `recommendation:${event.data.recommendationId}:${event.type}`,
    },
  ],
  text: ({ detail, ...context }) => {
    if (detail.to === 'address') {
      const yours = detail.title ? `Your recommendation of ${detail.title}` : 'Your recommendation'
      return detail.did === 'watched' ? `${yours} was watched` : `${yours} was accepted`
    }
    const who = actorsText({ ...context, detail })
    if (detail.did === 'watched') return `${who} watched ${detail.title ?? 'your recommendation'}`
    return detail.title
      ? `${who} accepted your recommendation of ${detail.title}`
      : `${who} accepted your recommendation`
  },
})
