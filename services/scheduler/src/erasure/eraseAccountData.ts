import { account, accountStreamId, type AccountState } from '@reelmates/commands/account/account'
import { toDomainEvent } from '@reelmates/commands/handleCommand'
import type { AccountEvent } from '@reelmates/contracts/account'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { IdempotencyStore } from '@reelmates/infra/idempotency/port'
import type { Mailer } from '@reelmates/infra/mail/port'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import type { SessionEnd } from '@reelmates/infra/sessions/port'

export interface ErasureTargets {
  eventStore: EventStore
  vault: PersonalDataVault
  mailer: Pick<Mailer, 'eraseUser'>
  sessions: { eraseUser(userId: string, because?: SessionEnd): Promise<void> }
  /**
   * The answers recorded for the user's requests with an `Idempotency-Key` (a profile save answers
   * the whole profile). Absent where the process has no idempotency store; the gateway's deletion
   * erases them at once anyway.
   */
  idempotency?: Pick<IdempotencyStore, 'eraseScope'>
}

/**
 * Erases a deleted account's personal data outside the read models: its mail, its sessions, the
 * answers recorded for its idempotent requests, and last its key, which turns every personal field of
 * its events into nothing. The key goes last because the address its mail went to is only readable
 * with it: a run cut short before the end can be run again and still find that mail. Running it twice changes nothing.
 */
export async function eraseAccountData(targets: ErasureTargets, userId: string): Promise<void> {
  const email = await lastKnownEmail(targets.eventStore, userId)
  await targets.mailer.eraseUser(userId, email ?? undefined)
  // Each session is left as a marker saying the account was deleted, so a device still open on it
  // says so rather than that it was signed out.
  await targets.sessions.eraseUser(userId, 'accountDeleted')
  // Idempotency keys are scoped by user id.
  await targets.idempotency?.eraseScope(userId)
  await targets.vault.erase(userId)
}

/** The account's address just before it was deleted (deletion itself forgets it), if still readable. */
async function lastKnownEmail(eventStore: EventStore, userId: string): Promise<string | null> {
  const recorded = await eventStore.readStream(accountStreamId(userId))
  let state: AccountState = account.initialState()
  for (const event of recorded) {
    if (event.type === 'AccountDeleted') continue
    state = account.evolve(state, toDomainEvent(event) as AccountEvent)
  }
  return state.email
}
