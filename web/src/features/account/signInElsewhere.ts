import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { currentUserKey, currentUserQuery } from './currentUser'

const currentUserHash = hashKey(currentUserKey)

/**
 * A sign-in, sign-up or recovery page left open in one tab while the member signs in in another goes
 * on as its guard would have sent them (spec §4: auth pages send a signed-in member on), to
 * `destination`. The other tab says who signed in (memberAcrossTabs.ts) and this tab's current user is
 * invalidated, but an invalidated query is asked again only while a screen looks at it, and these
 * pages did not: the page stayed on the form, coming back to it included. Looking at it here, the
 * answer is asked at once, and again when the tab comes back to the front, with no polling.
 *
 * Only a user the server named counts: this page's own form sets the user it signed in itself (a
 * write of the cache, not an answer) and goes where it means to (sign-up, past a spent invitation).
 */
export function useFollowSignInElsewhere(destination: string): void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  useQuery(currentUserQuery())
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
        if (event.query.queryHash !== currentUserHash || !event.action.data) return
        void navigate({ href: destination, replace: true })
      }),
    [queryClient, navigate, destination],
  )
}
