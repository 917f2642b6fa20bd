import type { PublicUser } from '@reelmates/contracts/account'
import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../../lib/apiError'
import { currentUserKey } from './currentUser'

/**
 * A refusal that may mean the session changed under the page: a 401 to a member who is shown signed
 * in (an admin suspended or deleted them, the session expired, they logged out in another tab), or a
 * 403 to someone shown as an admin (demoted since). The app asks who is signed in again at once, and
 * the layouts follow the answer (to /sign_in, or out of the admin area), instead of leaving the member
 * in a page whose every action fails with "You need to sign in first".
 */
export function recheckSessionAfter(queryClient: QueryClient, error: unknown): void {
  if (!isApiError(error) || (error.status !== 401 && error.status !== 403)) return
  const shown = queryClient.getQueryData<PublicUser | null>(currentUserKey)
  if (!shown) return
  if (error.status === 403 && shown.role !== 'Admin') return
  void queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true })
}
