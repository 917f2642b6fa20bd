/**
 * Idempotency keys: a state-changing request may carry `Idempotency-Key`; the first request with a
 * key claims it, and its answer is recorded, so that the same request sent again (a retry after a
 * dropped connection) gets that answer instead of doing the change twice. Keys are scoped (per
 * user), so two people can never collide. Two adapters: SQLite (embedded) and MongoDB (distributed).
 */

/** What the first request answered, replayed as it was. */
export interface RecordedAnswer {
  statusCode: number
  contentType: string | null
  body: string
}

export type Claim =
  /** Nobody used the key: go ahead, then `complete` (or `release` if the request failed). */
  | { outcome: 'claimed' }
  /** The key answered already; `requestHash` says which request it was for. */
  | { outcome: 'answered'; requestHash: string; answer: RecordedAnswer }
  /** Another request with the key is being handled right now. */
  | { outcome: 'in_progress'; requestHash: string }

export interface IdempotencyTiming {
  /** How long a recorded answer is kept. */
  keepAnswersMs: number
  /** After how long an unanswered claim counts as abandoned (its process died) and may be claimed again. */
  abandonClaimsAfterMs: number
  now?: () => number
}

export interface IdempotencyStore {
  claim(scope: string, key: string, requestHash: string): Promise<Claim>
  complete(scope: string, key: string, answer: RecordedAnswer): Promise<void>
  /** Forgets an unanswered claim, so the request can be tried again with the same key. */
  release(scope: string, key: string): Promise<void>
  /**
   * Forgets every key of a scope, answers included: a recorded answer can hold the user's own data
   * (a profile save answers the whole profile), so a deleted account's must not wait out its 24 hours.
   */
  eraseScope(scope: string): Promise<void>
  close(): Promise<void>
}

export const DEFAULT_IDEMPOTENCY_TIMING: IdempotencyTiming = {
  keepAnswersMs: 24 * 60 * 60_000,
  abandonClaimsAfterMs: 60_000,
}

/** Whether a stored key may be claimed afresh: its answer is too old, or its claim was abandoned. */
export function isStale(
  stored: { answered: boolean; claimedAt: number },
  { keepAnswersMs, abandonClaimsAfterMs }: IdempotencyTiming,
  now: number,
): boolean {
  return now - stored.claimedAt >= (stored.answered ? keepAnswersMs : abandonClaimsAfterMs)
}
