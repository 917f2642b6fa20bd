import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { toast } from '../../lib/toast'
import { firstArrivalOf } from '../friends/invitationOnArrival'
import { friendsKeys } from '../friends/queries'
import { refreshBell } from '../notifications/queries'
import { recommendationKeys } from './queries'
import { recommendationCalls } from './recommendationCalls'

const failed = 'An error occurred processing your request'

/**
 * A recommendation mail's link followed by someone with an account (signed in from its page, or
 * signed in already) lands on the received box with the link's token: the recommendation is claimed
 * for the member signed in, as signing up with it would, once, and the token taken off the address so
 * a reload or a shared link does not carry it on.
 */
export function useRecommendationOnArrival(token: string | undefined): void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (token === undefined) return
    void navigate({ to: '/recommendations', search: { box: 'received' }, replace: true })
    if (!token || !firstArrivalOf(token)) return
    void recommendationCalls.claim(token).then(
      ({ recommendation }) => {
        void queryClient.invalidateQueries({ queryKey: recommendationKeys.all })
        // The sender's friend request came with it.
        void queryClient.invalidateQueries({ queryKey: friendsKeys.all })
        void refreshBell(queryClient)
        toast({
          title: 'Recommendation received',
          description: `${recommendation.from.username} recommended ${recommendation.mediaTitle} to you.`,
          variant: 'success',
        })
      },
      (error: unknown) =>
        toast({
          title: "Couldn't add the recommendation",
          description: error instanceof Error && error.message ? error.message : failed,
          variant: 'destructive',
        }),
    )
  }, [token, navigate, queryClient])
}
