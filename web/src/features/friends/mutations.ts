import type {
  FriendRequest,
  FriendRequestAnswer,
  FriendsAnswer,
  FriendshipItem,
} from '@reelmates/contracts/friendships'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { ApiError, isUnanswered } from '../../lib/apiError'
import { signedInAsFor } from '../../lib/signedInAs'
import { toast } from '../../lib/toast'
import { friendsCalls } from './friendsCalls'
import { refreshBell } from '../notifications/queries'
import { keepStepDone } from '../onboarding/stepsDoneHere'
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
      return askedAfterLostAnswer(
        () => friendsCalls.ask(body),
        (now) => askShown(now, request),
      )
    },
    onSuccess: (answer, request) => {
      const friend = friendNow(answer)
      if (friend !== null) {
        // They had asked me first: my ask accepted theirs (by username, or by their address), and
        // nothing was sent or mailed. Said as an Accept says it.
        keepStepDone(signedInAsFor(undefined), 'friends')
        toast({ title: 'Friend added', description: `You and ${friend} are now friends.`, variant: 'success' })
        return refresh(queryClient)
      }
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
    mutationFn: (request: WithName) =>
      askedAfterLostAnswer(
        () => friendsCalls.accept(request.id),
        (now) => now.friends.some((pair) => pair.id === request.id),
      ),
    onSuccess: (_answer, request) => {
      // Kept for home's "Get started" card, which may not be on screen (see libraryMutations.ts).
      keepStepDone(signedInAsFor(undefined), 'friends')
      toast({ title: 'Friend added', description: `You and ${request.username} are now friends.`, variant: 'success' })
      return refresh(queryClient)
    },
    onError: failedOrUnconfirmed(queryClient, {
      failed: "Couldn't accept the request",
      unconfirmed: "Couldn't confirm the request was accepted",
    }),
  })
}

export function useDeclineFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (request: WithName) =>
      askedAfterLostAnswer(() => friendsCalls.decline(request.id), pairGone(request.id)),
    onSuccess: () => refresh(queryClient),
    onError: failedOrUnconfirmed(queryClient, {
      failed: "Couldn't decline the request",
      unconfirmed: "Couldn't confirm the request was declined",
    }),
  })
}

/** The ask's answer lost, the list read again has the two as friends: `friendsWith` is their name. */
interface FriendsFound {
  friendsWith: string
}

/** Whom an ask made me friends with (it accepted their request to me), or null when it asked or invited. */
function friendNow(answer: FriendRequestAnswer | FriendsFound | Record<string, never>): string | null {
  if ('friendsWith' in answer) return answer.friendsWith
  if ('friendship' in answer && answer.friendship.status === 'accepted') return answer.friendship.user.username
  return null
}

/**
 * Whether the list shows what an ask made: a request waiting for the member, an invitation to the
 * address, or, the member having asked me first, the two of us friends (asking accepts their request).
 * An invitation to an address of a member who had asked me made us friends and lists no invitation, and
 * the list never says whose address is whose: an address not listed cannot be told from a failure. A
 * reminder's invitation was listed before it was sent again: the list cannot tell either.
 */
function askShown(
  now: FriendsAnswer,
  request: FriendRequest & { resend?: boolean },
): boolean | FriendsFound | undefined {
  if ('username' in request) {
    const name = request.username.toLowerCase()
    const named = (pair: FriendshipItem) => pair.user.username.toLowerCase() === name
    const friend = now.friends.find(named)
    if (friend) return { friendsWith: friend.user.username }
    return now.outgoing.some(named)
  }
  if (request.resend) return undefined
  const address = request.email.trim().toLowerCase()
  return now.invitations.some((invitation) => invitation.email.trim().toLowerCase() === address) || undefined
}

/**
 * A change whose answer never came (the connection dropped after it left: the server may have done it)
 * is asked about: the friends list read again says whether it is done (`done`: true, or what it found
 * that the answer would have said). Said as a failure, it
 * was contradicted a few seconds later by the list showing the request answered or gone; a list that
 * cannot tell (`done` is undefined) leaves it unconfirmed. Sent with the
 * browser offline, it never left: nothing to ask about, it failed.
 */
async function askedAfterLostAnswer<T, Found extends object = never>(
  change: () => Promise<T>,
  done: (now: FriendsAnswer) => boolean | Found | undefined,
): Promise<T | Found | Record<string, never>> {
  const sentOnline = navigator.onLine
  try {
    return await change()
  } catch (lost) {
    if (!isUnanswered(lost) || !sentOnline) throw lost
    let now: FriendsAnswer
    try {
      now = await friendsCalls.list()
    } catch {
      throw new ChangeUnconfirmed('offline')
    }
    const shown = done(now)
    if (shown === undefined) throw new ChangeUnconfirmed('listed')
    if (shown === false) throw lost
    return shown === true ? {} : shown
  }
}

/** Done when the pair is in no list: a declined or cancelled request, an ended friendship. */
const pairGone = (id: string) => (now: FriendsAnswer) =>
  ![...now.friends, ...now.incoming, ...now.outgoing].some((pair) => pair.id === id)

/**
 * The change's answer did not come, and the list read after it either did not come (`offline`) or came
 * and cannot tell (`listed`): whether it was done is unknown.
 */
export class ChangeUnconfirmed extends ApiError {
  constructor(list: 'offline' | 'listed') {
    super(
      list === 'offline'
        ? "The connection dropped before Reelmates answered, so it may be done already. Your Friends list will show where things stand once you're back online."
        : 'The connection dropped before Reelmates answered, so it may be done already. Your Friends list shows where things stand.',
      0,
    )
  }
}

/**
 * A refused change usually means the friendship is no longer as the screen shows it: the other side
 * cancelled, answered or unfriended meanwhile ("No such friend request."). Asking again shows where we
 * stand; else the buttons that can only fail again stay, and on a profile, which never asks again by
 * itself, until a reload. One that may have been done is not said as failed (nor in red).
 */
const failedOrUnconfirmed =
  (queryClient: QueryClient, titles: { failed: string; unconfirmed: string }) => (error: Error) => {
    tellNotDone(error, titles)
    return refresh(queryClient)
  }

/** For the callers that say why a change was not done (an ask): said as failed only when it was. */
export function tellNotDone(error: Error, titles: { failed: string; unconfirmed: string }): void {
  toast(
    error instanceof ChangeUnconfirmed
      ? { title: titles.unconfirmed, description: error.message }
      : { title: titles.failed, description: error.message, variant: 'destructive' },
  )
}

/** Cancels my request (`cancel`) or ends a friendship (`unfriend`): the same call, said differently. */
export function useRemoveFriend() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (request: WithName & { kind: 'cancel' | 'unfriend' }) =>
      askedAfterLostAnswer(() => friendsCalls.remove(request.id), pairGone(request.id)),
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
      failedOrUnconfirmed(
        queryClient,
        request.kind === 'cancel'
          ? { failed: "Couldn't cancel the request", unconfirmed: "Couldn't confirm the request was cancelled" }
          : { failed: "Couldn't unfriend", unconfirmed: "Couldn't confirm the friendship ended" },
      )(error),
  })
}

/** Takes back an invitation mailed to an address: its link stops working. */
export function useCancelInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    scope,
    mutationFn: (invitation: { id: string; email: string }) =>
      askedAfterLostAnswer(
        () => friendsCalls.cancelInvitation(invitation.id),
        (now) => !now.invitations.some((listed) => listed.id === invitation.id),
      ),
    onSuccess: (_answer, invitation) => {
      toast({ title: 'Invitation cancelled', description: `The link we emailed ${invitation.email} no longer works.` })
      return refresh(queryClient)
    },
    onError: failedOrUnconfirmed(queryClient, {
      failed: "Couldn't cancel the invitation",
      unconfirmed: "Couldn't confirm the invitation was cancelled",
    }),
  })
}
