import type { AccountEvent } from '@reelmates/contracts/account'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReservationKind } from '@reelmates/infra/personalData/port'
import { normalizeReservedValue } from '@reelmates/infra/personalData/shredding'
import { handleCommand, loadState, type CommandMetadata, type HandledCommand } from '../handleCommand'
import { account, accountStreamId, type AccountState, type PasswordCheck, type ProfileChanges } from './account'
import { claimNames, type NameVault } from './uniqueNames'

export { AlreadyTaken } from './uniqueNames'

/** What updating a profile needs beside the account stream: the vault's unique names, and passwords. */
export interface ProfilePorts {
  eventStore: EventStore
  vault: NameVault
  passwords: {
    hash(password: string): Promise<string>
    verify(password: string, hash: string | null): Promise<boolean>
  }
}

export interface UpdateProfileInput {
  userId: string
  changes: ProfileChanges
  currentPassword?: string | undefined
  newPassword?: string | undefined
  /** This app's origin (PUBLIC_URL), where an absolute avatar address may name an uploaded picture. */
  appOrigin?: string
  metadata: CommandMetadata
}

/**
 * Updates a profile. A username or email must be nobody else's, which no single stream can know, so
 * it is claimed in the vault before the change is recorded and the old one is given back only once
 * the change is in the log; a refused change gives back what it claimed.
 * Answers the account as it was before (who to notify) and what changed.
 */
export async function updateProfile(
  { eventStore, vault, passwords }: ProfilePorts,
  { userId, changes, currentPassword, newPassword, appOrigin, metadata }: UpdateProfileInput,
): Promise<{ before: AccountState; events: AccountEvent[]; position: bigint | null }> {
  const streamId = accountStreamId(userId)
  const before = await loadState(eventStore, account, streamId)
  const check: PasswordCheck = currentPassword
    ? (await passwords.verify(currentPassword, before.passwordHash))
      ? 'correct'
      : 'incorrect'
    : 'absent'
  const newPasswordHash = newPassword && check === 'correct' ? await passwords.hash(newPassword) : undefined

  const claims: { kind: ReservationKind; value: string }[] = []
  for (const kind of ['username', 'email'] as const) {
    const value = changes[kind]
    const current = before[kind]
    if (value === undefined) continue
    if (current !== null && normalizeReservedValue(value) === normalizeReservedValue(current)) continue
    claims.push({ kind, value })
  }
  const releaseReserved = await claimNames(vault, userId, claims, 'member')

  let handled: HandledCommand<AccountEvent, AccountState>
  try {
    handled = await handleCommand(eventStore, {
      decider: account,
      streamId,
      command: {
        type: 'UpdateProfile',
        userId,
        changes,
        currentPassword: check,
        passwordHashChecked: before.passwordHash,
        ...(appOrigin ? { appOrigin } : {}),
        ...(newPasswordHash ? { newPasswordHash } : {}),
      },
      metadata,
    })
  } catch (error) {
    await releaseReserved()
    throw error
  }
  // The name given back is the one the change replaced, read where it was decided: a rename sent at
  // the same moment from another device may have come in between, and its name is replaced now too.
  await Promise.all(
    claims.flatMap(({ kind, value }) => {
      const replaced = handled.decidedOn[kind]
      if (replaced === null || normalizeReservedValue(replaced) === normalizeReservedValue(value)) return []
      return [vault.release(kind, replaced, userId)]
    }),
  )
  return { before, events: handled.events, position: handled.position }
}
