import { randomUUID } from 'node:crypto'
import type { Role } from '@reelmates/contracts/account'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { systemActors, type EventStore } from '@reelmates/infra/eventStore/port'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'

export class UnknownUser extends Error {
  override readonly name = 'UnknownUser'
  constructor(username: string) {
    super(`No user is called '${username}'.`)
  }
}

/**
 * Gives a user a role, as an event (`UserRoleChanged`) through the same command handler as the API.
 * Answers the role before and after; nothing is written when the user already has the role. Only the
 * log is written: the read models (which admin checks read) take the change from it, in a running
 * server at once and otherwise when the next one starts.
 */
export async function changeUserRole(
  log: { eventStore: EventStore; vault: PersonalDataVault; now: () => Date },
  username: string,
  role: Role,
  actorId: string = systemActors.cli,
): Promise<{ userId: string; previousRole: Role; role: Role; changed: boolean }> {
  const userId = await log.vault.lookup('username', username)
  if (!userId) throw new UnknownUser(username)
  const id = randomUUID()
  const { events } = await handleCommand(log.eventStore, {
    decider: account,
    streamId: accountStreamId(userId),
    command: { type: 'ChangeRole', userId, role },
    metadata: { correlationId: id, causationId: id, actorId, occurredAt: log.now().toISOString() },
  })
  const recorded = events.find((event) => event.type === 'UserRoleChanged')
  return recorded?.type === 'UserRoleChanged'
    ? { userId, previousRole: recorded.data.previousRole, role, changed: true }
    : { userId, previousRole: role, role, changed: false }
}
