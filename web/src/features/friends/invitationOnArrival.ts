import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import type { ToastInput } from '../../lib/toast'

/** What accepting an invitation token answered: the server's message, or its refusal. */
export type InvitationAnswer = { message: string } | { error: string }

/**
 * The toast for an invitation accepted on arrival. A 409 "already been accepted" means the two are
 * friends already, which the accept-friend screen also says as "Already friends" (spec §8).
 */
export function invitationToast(answer: InvitationAnswer): ToastInput {
  if ('message' in answer) return { title: 'Friend added', description: answer.message, variant: 'success' }
  if (answer.error.includes('already been')) return { title: 'Already friends', description: answer.error }
  return { title: "Couldn't accept the invitation", description: answer.error, variant: 'destructive' }
}

/**
 * Tokens already sent from this page load. A token is single-use: a second call could only be
 * refused, so a remount (strict mode, a route reload) must not send it again.
 */
const sent = new Set<string>()

/** True the first time a token is seen in this page load, false after. */
export function firstArrivalOf(token: string): boolean {
  if (sent.has(token)) return false
  sent.add(token)
  return true
}

/**
 * What signing up with an invitation link came to. Registration spends the link and makes the two
 * friends, or creates the account alone when the link was already used, has expired or was cancelled: a brand-new
 * account with a friend is the invitation accepted, one without is told why. `inviter` is the name the
 * server read from the link's token before the sign-up (null when it could not say).
 */
export function signUpInvitationToast(friends: FriendsAnswer, inviter: string | null): ToastInput {
  const friend = friends.friends.find((each) => each.user.username === inviter) ?? friends.friends[0]
  if (friend)
    return {
      title: 'Friend added',
      description: `You and ${friend.user.username} are now friends.`,
      variant: 'success',
    }
  const whom = inviter ? `you and ${inviter} aren't friends yet` : "you aren't friends with whoever invited you yet"
  return {
    title: "The invitation couldn't be used",
    description: `Its link was already used, has expired or was cancelled, so ${whom}. Find them on the Friends page to send a request.`,
  }
}
