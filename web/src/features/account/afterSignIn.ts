import { safeReturnTo } from './returnTo'

export interface InviteParams {
  invite?: string | boolean | undefined
  from?: string | undefined
  token?: string | undefined
}

export const isInvitation = (search: InviteParams): boolean => String(search.invite) === 'true' && Boolean(search.from)

/**
 * A recommendation mail's link (`returnTo` and a `token`, no invitation): only the token says a
 * recommendation is waiting, as `returnTo` is on any sign-in reached from a page that asked for one.
 */
export const isRecommendationLink = (search: InviteParams & { returnTo?: string | undefined }): boolean =>
  !isInvitation(search) && Boolean(search.returnTo) && Boolean(search.token)

/** The received box, which takes the recommendation of a mail's link in for the member signed in. */
export const recommendationArrival = (token: string): string =>
  `/recommendations?${new URLSearchParams({ box: 'received', token }).toString()}`

/**
 * Where sign-in and sign-up go next (spec §4): the received box carrying a recommendation mail's
 * token, to claim it; returnTo when given; /home carrying the invitation when the visit came from
 * one; else /home.
 */
export function destinationAfterSignIn(search: InviteParams & { returnTo?: string | undefined }): string {
  if (isRecommendationLink(search) && search.token) return recommendationArrival(search.token)
  const returnTo = safeReturnTo(search.returnTo)
  if (returnTo) return returnTo
  if (isInvitation(search)) {
    const params = new URLSearchParams({ invite: 'true', from: search.from ?? '' })
    if (search.token) params.set('token', search.token)
    return `/home?${params.toString()}`
  }
  return '/home'
}
