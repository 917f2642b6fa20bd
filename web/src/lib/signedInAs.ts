/**
 * Whom this page acts for, sent with every change as `Signed-In-As` (the gateway's `signedInAs.ts`).
 * The session cookie is the browser's, not the page's: after a member signs out and another signs in
 * in another tab, this page's changes would go out as the other member. A change keeps the member it
 * was made by (through its idempotency key, made with the action), so a change queued offline or
 * retried later is still sent as theirs, and refused if the session is now someone else's.
 */
let current: string | null = null
const owners = new Map<string, string>()
/** Changes outlive their action by seconds to days (offline); past this many, the oldest are forgotten. */
const ownersKept = 1000

/** The member the page now shows as signed in (null: nobody). */
export function setSignedInAs(userId: string | null): void {
  current = userId
}

/** A new change's key belongs to the member signed in as it is made. */
export function ownKey(idempotencyKey: string): void {
  if (current === null) return
  owners.set(idempotencyKey, current)
  if (owners.size > ownersKept) owners.delete(owners.keys().next().value as string)
}

/**
 * Whom a change is sent as: the member who made it, when this page made it; otherwise (a change
 * restored after a reload, which is only ever restored for the member it was kept for) the member
 * signed in now.
 */
export function signedInAsFor(idempotencyKey: string | undefined): string | null {
  return (idempotencyKey === undefined ? undefined : owners.get(idempotencyKey)) ?? current
}
