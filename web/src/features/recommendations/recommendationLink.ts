import type { RecommendationLinkAnswer } from '@reelmates/contracts/recommendations'
import { useLinkPreview, type LinkPreview } from '../../lib/linkPreview'
import { recommendationCalls } from './recommendationCalls'

/** What the sign-up page may say of a recommendation mail's link: `named` carries who and what. */
export type RecommendationLink = LinkPreview<RecommendationLinkAnswer>

/**
 * The recommendation a sign-up link brings, as the server reads it from the token. `returnTo` is on
 * any sign-up reached from a page that asked to sign in first: only a token says a recommendation
 * is waiting ("You've received a recommendation!" was shown to anyone sent away from /watchlist).
 */
export function useRecommendationLink(
  search: { returnTo?: string | undefined; token?: string | undefined },
  invited: boolean,
): RecommendationLink {
  return useLinkPreview('recommendation-link', !invited && search.returnTo ? search.token : undefined, (token) =>
    recommendationCalls.link(token),
  )
}
