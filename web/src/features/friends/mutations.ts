import type { FriendRequest } from '@reelmates/contracts/friendships'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast'
import { friendsCalls } from './friendsCalls'
import { refreshBell } from '../notifications/queries'
import { friendsKeys } from './queries'

/**
 * One scope for every friendship change: they run one after another in the order they were made, so
 * "ask, then cancel" at speed never reaches the server as "cancel, then ask".
 */
const scope = { id: 'friendships' }

/**
 * The answers carry their log position (the request client remembers it): every refetch waits for it.
 * The bell too: an answered request, or an ended friendship, takes its line away.
 */
const refresh = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: friendsKeys.all }), refreshBell(queryClient)])

/**
 * A refused change usually means the friendship is no longer as the screen shows it: the other side
 * cancelled, answered or unfriended meanwhile ("No such friend request."). Asking again shows where we
 * stand; else the buttons that can only fail again stay, and on a profile, which never asks again by
 * itself, until a reload.
 */
const failed = (queryClient: QueryClient, title: string) => (error: Error) => {
  toast({ title, description: error.message, variant: 'destructive' })
  return refresh(queryClient)
}

export interface WithName {
  id: string
  username: string
}

/** Ask a member by username, or invite an address; `resend` says it to the user as a reminder. */
export function useAskFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (request: FriendRequest & { resend?: boolean }) => {
      const { resend: _resend, ...body } = request
      return friendsCalls.ask(body)
    },
    onSuccess: (_answer, request) => {
      toast({
        title:
          'email' in request ? (request.resend ? 'Invitation sent again' : 'Invitation sent') : 'Friend request sent',
        description:
          'email' in request
            ? // True whether or not the address is a member's (a friend request's link, or a sign-up link),
              // and it does not tell which.
              `We've emailed ${request.email} a link to become friends on Reelmates.`
            : `${request.username} will see it on their Friends page.`,
        variant: 'success',
      })
      return refresh(queryClient)
    },
    // Its callers say why (a request or an invitation); that the screen is out of date is said here.
    onError: () => refresh(queryClient),
  })
}

export function useAcceptFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (request: WithName) => friendsCalls.accept(request.id),
    onSuccess: (_answer, request) => {
      toast({ title: 'Friend added', description: `You and ${request.username} are now friends.`, variant: 'success' })
      return refresh(queryClient)
    },
    onError: failed(queryClient, "Couldn't accept the request"),
  })
}

export function useDeclineFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (request: WithName) => friendsCalls.decline(request.id),
    onSuccess: () => refresh(queryClient),
    onError: failed(queryClient, "Couldn't decline the request"),
  })
}

/** Cancels my request (`cancel`) or ends a friendship (`unfriend`): the same call, said differently. */
export function useRemoveFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (request: WithName & { kind: 'cancel' | 'unfriend' }) => friendsCalls.remove(request.id),
    onSuccess: (_answer, request) => {
      toast(
        request.kind === 'unfriend'
          ? { title: 'Unfriended', description: `You and ${request.username} are no longer friends.` }
          : // Replaces "Friend request sent", which would otherwise stay on screen as if it still stood.
            { title: 'Request cancelled', description: `Your friend request to ${request.username} is withdrawn.` },
      )
      return refresh(queryClient)
    },
    onError: (error, request) =>
      failed(queryClient, request.kind === 'cancel' ? "Couldn't cancel the request" : "Couldn't unfriend")(error),
  })
}

/** Takes back an invitation mailed to an address: its link stops working. */
export function useCancelInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (invitation: { id: string; email: string }) => friendsCalls.cancelInvitation(invitation.id),
    onSuccess: (_answer, invitation) => {
      toast({ title: 'Invitation cancelled', description: `The link we emailed ${invitation.email} no longer works.` })
      return refresh(queryClient)
    },
    onError: failed(queryClient, "Couldn't cancel the invitation"),
  })
}
