import type { RecommendationLinkAnswer } from '@reelmates/contracts/recommendations'
import { isRecommendationLink, type InviteParams } from '../account/afterSignIn'
import { useLinkPreview, type LinkPreview } from '../../lib/linkPreview'
import { recommendationCalls } from './recommendationCalls'

/** What the sign-up page may say of a recommendation mail's link: `named` carries who and what. */
export type RecommendationLink = LinkPreview<RecommendationLinkAnswer>

/**
 * The recommendation a sign-up or sign-in link brings, as the server reads it from the token. Only a
 * token says one is waiting ("You've received a recommendation!" was shown to anyone sent away from
 * /watchlist, whose sign-in link has a returnTo too).
 */
export function useRecommendationLink(search: InviteParams & { returnTo?: string | undefined }): RecommendationLink {
  return useLinkPreview('recommendation-link', isRecommendationLink(search) ? search.token : undefined, (token) =>
    recommendationCalls.link(token),
  )
}
