import type { SessionAnswer } from '@reelmates/contracts/account'

/**
 * Whether the server last said that this tab's session ended because its account was deleted (GET
 * /api/session's `ended`), on another device or in another tab. The layouts then go to
 * /account-deleted, and the sign-in page says so, rather than "You were signed out": someone on a
 * shared tablet must not take the deletion for an ordinary sign-out. In memory only: the server says
 * it again after a reload, until someone signs in.
 */
let deleted = false

export function noteSessionAnswer(answer: SessionAnswer): void {
  deleted = answer.user === null && answer.ended === 'accountDeleted'
}

/** Someone signed in: whatever ended before is over. */
export function forgetSessionEnd(): void {
  deleted = false
}

export function sessionEndedByDeletion(): boolean {
  return deleted
}
