import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { apiJson, resetRequestClient } from '../../lib/api'
import { askBeforeLeavingUnsaved } from '../../lib/unsavedChanges'
import { toast } from '../../lib/toast'
import { holdWaitingChanges } from '../../lib/waitingChanges'
import { sendWaitingChangesNow } from '../offline/replay'
import { forgetThisDeviceOnServer } from '../notifications/pushDevice'
import { clearLocalAccountState } from './clearLocalState'
import { currentUserKey } from './currentUser'
import { forgetSignedInHere, markSignedInHere } from './signedInHere'
import { askBeforeLosingUnsent, madeByTheMember } from './unsentChanges'

/** How long Log out waits for the changes still waiting to be answered, once the server can be reached. */
export const sendingBeforeLogoutMs = 5000

let loggingOut = false

/**
 * Spec §4 logout: clear all cached data and local account state, then go to /sign_in; with `returnTo`
 * when the member logs out to sign in as another account and come back (a link meant for that one).
 * Only once the server has ended the session: when it could not (offline, a failing server), the
 * cookie still signs this browser in, so the page stays as it was with "Logout failed" (§8) and Log
 * out can be pressed again. A sign-in page shown then would be a lie that a shared computer's next
 * user finds out.
 */
export function useLogout({ returnTo }: { returnTo?: string } = {}): () => void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useCallback(() => {
    // Pressed again while the changes are being sent (a few seconds at most), it would ask twice.
    if (loggingOut) return
    loggingOut = true
    void (async () => {
      // Unsaved edits on the page (the profile's, an admin editor's) are asked about first, as leaving
      // the page would be: once the session has ended they could not be saved.
      if (!(await askBeforeLeavingUnsaved())) return
      // Changes kept on the device for the server (lib/waitingChanges) go first, while the session
      // stands; those that still cannot go are asked about: after the session they would be refused.
      const unsent = madeByTheMember(await sendWaitingChangesNow(queryClient, sendingBeforeLogoutMs))
      if (unsent.length > 0 && !(await askBeforeLosingUnsent(unsent))) return
      // Until the session has ended, or failed to: the logout's own answer would otherwise resume them.
      const release = holdWaitingChanges()
      // Then: the session may be seen gone (a refetch) before the answer comes, and the sign-in page
      // must not say "You were signed out" to someone who pressed Log out.
      forgetSignedInHere()
      try {
        // The device is the member's: asked while the session stands (after it, the server would refuse).
        await forgetThisDeviceOnServer()
        await apiJson('/api/logout', { method: 'POST' })
        toast({ title: 'Logged out', description: "You've been successfully logged out." })
      } catch (error) {
        // Still signed in: the changes go when the server answers, as they would have.
        release()
        markSignedInHere()
        toast({
          title: 'Logout failed',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        })
        return
      }
      // Whatever still waits was this member's, to be sent under their session, which has ended.
      release(
        queryClient
          .getMutationCache()
          .findAll({ status: 'pending' })
          .map((change) => change.state.variables),
      )
      await forgetSignedInUser(queryClient)
      // Past the form's blocker: its changes were asked about above.
      await navigate({ to: '/sign_in', search: returnTo ? { returnTo } : {}, replace: true, ignoreBlocker: true })
    })().finally(() => (loggingOut = false))
  }, [queryClient, navigate, returnTo])
}

/** Everything this device knows of the signed-in user goes: cached answers, local state, caches. */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  forgetSignedInHere()
  await queryClient.cancelQueries()
  queryClient.clear()
  queryClient.setQueryData(currentUserKey, null)
  resetRequestClient()
  await clearLocalAccountState().catch((error: unknown) => console.error('Could not clear local caches', error))
}
