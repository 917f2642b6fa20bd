/**
 * The lease port: which process runs a projector group or a reactor. Two adapters implement it,
 * `sqliteLeaseStore` (the embedded column, one file shared by processes on one machine) and
 * `mongoLeaseStore` (the distributed column); both must pass `lease.contract.ts`.
 *
 * A lease has an expiry and a fencing token. The token grows by one every time the lease changes
 * hands (it is never reset: a released lease keeps its counter), so a holder that stalled past its
 * expiry cannot write over its successor: every write it fences with `record` (and every write a
 * caller guards with the token, such as the projection checkpoints) is refused once a newer token
 * exists.
 */

export interface Lease {
  name: string
  owner: string
  /** Strictly increasing per lease name across every grant. */
  token: number
  /** Epoch milliseconds. */
  expiresAt: number
}

export interface LeaseStore {
  /**
   * Grants `name` to `owner` for `ttlMs` when nobody holds it, its holder let it expire, or `owner`
   * itself held it (a restarted process that kept its owner id); every grant carries a new token.
   * Answers null while someone else holds it.
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<Lease | null>
  /** Extends a lease whose token is still current; null once another grant replaced it. */
  renew(lease: Lease, ttlMs: number): Promise<Lease | null>
  /** Lets the lease go at once (its token counter stays); a stale lease releases nothing. */
  release(lease: Lease): Promise<void>
  /** The current grant of `name`, expired or not; null if it was never granted. */
  current(name: string): Promise<Lease | null>
  /**
   * Stores the holder's progress beside the lease, fenced: rejects with `LeaseLost` when `lease`'s
   * token is no longer the current one, so a stale holder records nothing.
   */
  record(lease: Lease, checkpoint: string): Promise<void>
  /** The progress last recorded under `name` by any holder. */
  checkpointOf(name: string): Promise<string | undefined>
  close(): Promise<void>
}

export interface LeaseStoreTiming {
  /** The clock, in epoch milliseconds; tests move it instead of waiting. */
  now?: () => number
}

/** A write fenced by a token that is no longer current: another process holds the lease now. */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost'
  constructor(
    readonly lease: string,
    readonly token: number,
  ) {
    super(`The lease ${lease} moved on from token ${token}; this process must stop writing for it`)
  }
}
