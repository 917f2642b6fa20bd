import { safeReturnTo } from './returnTo'

export interface InviteParams {
  invite?: string | boolean | undefined
  from?: string | undefined
  token?: string | undefined
}

export const isInvitation = (search: InviteParams): boolean => String(search.invite) === 'true' && Boolean(search.from)

/**
 * Where sign-in and sign-up go next (spec §4): returnTo when given; /home carrying the invitation
 * when the visit came from one; else /home.
 */
export function destinationAfterSignIn(search: InviteParams & { returnTo?: string | undefined }): string {
  const returnTo = safeReturnTo(search.returnTo)
  if (returnTo) return returnTo
  if (isInvitation(search)) {
    const params = new URLSearchParams({ invite: 'true', from: search.from ?? '' })
    if (search.token) params.set('token', search.token)
    return `/home?${params.toString()}`
  }
  return '/home'
}
