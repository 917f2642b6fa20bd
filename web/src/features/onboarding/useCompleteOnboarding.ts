import type { PublicUser } from '@reelmates/contracts/account'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast'
import { currentUserKey, setCurrentUser } from '../account/currentUser'
import { onboardingCalls } from './onboardingCalls'

/**
 * Why it is recorded: the member put the card away; they finished every step and the card said so;
 * or every step was done before the card was first shown (a member from before it existed), quietly.
 */
export type CompletedBy = 'hide' | 'allSet' | 'alreadyDone'

function markCompleted(queryClient: QueryClient, onboardingCompleted: boolean): void {
  const user = queryClient.getQueryData<PublicUser | null>(currentUserKey)
  if (user) setCurrentUser(queryClient, { ...user, onboardingCompleted })
}

/**
 * Records `onboardingCompleted: true`. The current user says so at once, which is what hides the
 * card (optimistic); a refusal says it again, so the card comes back, and a toast tells why.
 */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['onboarding', 'complete'],
    mutationFn: (_by: CompletedBy) => onboardingCalls.complete(),
    onMutate: async () => {
      // A "who am I" answer already on its way was asked before this: it must not bring the card back.
      await queryClient.cancelQueries({ queryKey: currentUserKey })
      markCompleted(queryClient, true)
    },
    onSuccess: (user) => setCurrentUser(queryClient, user),
    onError: (error, by) => {
      markCompleted(queryClient, false)
      // Nobody asked for the quiet one: nothing to tell (the card stays away, and the next visit tries again).
      if (by === 'alreadyDone') return
      toast({
        title: by === 'hide' ? "Couldn't hide Get started" : "Couldn't save that you're all set",
        description: error.message,
        variant: 'destructive',
      })
    },
  })
}
