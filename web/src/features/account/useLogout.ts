import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { apiJson, resetRequestClient } from '../../lib/api'
import { askBeforeLeavingUnsaved } from '../../lib/unsavedChanges'
import { toast } from '../../lib/toast'
import { forgetThisDeviceOnServer } from '../notifications/pushDevice'
import { clearLocalAccountState } from './clearLocalState'
import { currentUserKey } from './currentUser'
import { forgetSignedInHere, markSignedInHere } from './signedInHere'

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
    void (async () => {
      // Unsaved edits on the page (the profile's, an admin editor's) are asked about first, as leaving
      // the page would be: once the session has ended they could not be saved.
      if (!(await askBeforeLeavingUnsaved())) return
      // Then: the session may be seen gone (a refetch) before the answer comes, and the sign-in page
      // must not say "You were signed out" to someone who pressed Log out.
      forgetSignedInHere()
      try {
        // The device is the member's: asked while the session stands (after it, the server would refuse).
        await forgetThisDeviceOnServer()
        await apiJson('/api/logout', { method: 'POST' })
        toast({ title: 'Logged out', description: "You've been successfully logged out." })
      } catch (error) {
        markSignedInHere()
        toast({
          title: 'Logout failed',
          description: error instanceof Error ? error.message : String(error),
          variant: 'destructive',
        })
        return
      }
      await forgetSignedInUser(queryClient)
      // Past the form's blocker: its changes were asked about above.
      await navigate({ to: '/sign_in', search: returnTo ? { returnTo } : {}, replace: true, ignoreBlocker: true })
    })()
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
