import type { HomeSearch } from '@reelmates/contracts/accountPages'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { toast } from '../../lib/toast'
import { acceptFriendWithToken } from '../account/accountCalls'
import { firstArrivalOf, invitationToast, type InvitationAnswer } from './invitationOnArrival'
import { friendsKeys } from './queries'

const failed = 'An error occurred processing your request'

/**
 * Signing in from a sign-up invitation's banner lands on /home with the invitation (spec §4): accept
 * it for the member who just signed in, once, say how that went, and take it off the address so a
 * reload or a shared link does not carry it on.
 */
export function useInvitationOnArrival(search: HomeSearch): void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { invite, from, token } = search

  useEffect(() => {
    if (invite === undefined && from === undefined && token === undefined) return
    void navigate({ to: '/home', search: {}, replace: true })
    if (!invite || !token || !firstArrivalOf(token)) return
    void acceptFriendWithToken(token)
      .then(
        (answer): InvitationAnswer => ({ message: answer.message ?? 'You are now friends.' }),
        (error: unknown): InvitationAnswer => ({
          error: error instanceof Error && error.message ? error.message : failed,
        }),
      )
      .then((answer) => {
        if ('message' in answer) void queryClient.invalidateQueries({ queryKey: friendsKeys.all })
        toast(invitationToast(answer))
      })
  }, [invite, from, token, navigate, queryClient])
}
