import type { EventStore } from '@reelmates/infra/eventStore/port'
import { handleCommand, type CommandMetadata, type HandledCommand } from '../handleCommand'
import { account, accountStreamId } from './account'
import type { AccountEvent } from '@reelmates/contracts/account'
import { claimNames, type NameVault } from './uniqueNames'

export interface RegistrationPorts {
  eventStore: EventStore
  vault: NameVault
}

export interface RegistrationInput {
  userId: string
  username: string
  email: string
  passwordHash: string
  location: string | null
  bio: string | null
  invitationToken: string | null
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
  const releaseNames = await claimNames(vault, userId, [
    { kind: 'username', value: username },
    { kind: 'email', value: email },
  ])
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
