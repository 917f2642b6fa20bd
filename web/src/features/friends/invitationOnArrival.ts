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
