import type { EventStore } from '@reelmates/infra/eventStore/port'
import { handleCommand, type CommandMetadata, type HandledCommand } from '../handleCommand'
import type { AccountEvent } from '@reelmates/contracts/account'
import { account, accountStreamId, type AccountCommand } from './account'
import { claimNames, type NameVault } from './uniqueNames'

export interface RegistrationPorts {
  eventStore: EventStore
  vault: NameVault
}

/** The account to open; it is registered at the time of the request. */
export type RegistrationInput = Omit<Extract<AccountCommand, { type: 'RegisterUser' }>, 'type' | 'registeredAt'> & {
  metadata: CommandMetadata
}

/**
 * Opens an account. Its username and email must be nobody else's: they are claimed in the vault
 * before the account's first event exists, and given back if the account is not created after all.
 */
export async function registerAccount(
  { eventStore, vault }: RegistrationPorts,
  { metadata, ...registration }: RegistrationInput,
): Promise<HandledCommand<AccountEvent>> {
  const { userId, username, email } = registration
  const releaseNames = await claimNames(
    vault,
    userId,
    [
      { kind: 'username', value: username },
      { kind: 'email', value: email },
    ],
    'newcomer',
  )
  try {
    return await handleCommand(eventStore, {
      decider: account,
      streamId: accountStreamId(userId),
      command: { type: 'RegisterUser', ...registration, registeredAt: metadata.occurredAt },
      metadata,
    })
  } catch (error) {
    await releaseNames()
    throw error
  }
}
