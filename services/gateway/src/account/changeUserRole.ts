import { randomUUID } from 'node:crypto'
import type { Role } from '@reelmates/contracts/account'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { userQueries } from '@reelmates/projections/users/userQueries'
import type { Platform } from '../platform'

export class UnknownUser extends Error {
  override readonly name = 'UnknownUser'
  constructor(username: string) {
    super(`No user is called '${username}'.`)
  }
}

/**
 * Gives a user a role, as an event (`UserRoleChanged`) through the same command handler as the API.
 * Answers the role before and after; nothing is written when the user already has the role.
 */
export async function changeUserRole(
  platform: Platform,
  username: string,
  role: Role,
  actorId = 'cli',
): Promise<{ userId: string; previousRole: Role; role: Role; changed: boolean }> {
  const userId = await platform.vault.lookup('username', username)
  if (!userId) throw new UnknownUser(username)
  const id = randomUUID()
  const { events, position } = await handleCommand(platform.eventStore, {
    decider: account,
    streamId: accountStreamId(userId),
    command: { type: 'ChangeRole', userId, role },
    metadata: { correlationId: id, causationId: id, actorId, occurredAt: platform.now().toISOString() },
  })
  // Let the read model (which admin checks read) have the change before the platform closes.
  if (position !== null)
    await platform.projections.waitForPosition(
      position,
      platform.config.readYourWritesTimeoutMs,
      userQueries.readModels,
    )
  const recorded = events.find((event) => event.type === 'UserRoleChanged')
  return recorded?.type === 'UserRoleChanged'
    ? { userId, previousRole: recorded.data.previousRole, role, changed: true }
    : { userId, previousRole: role, role, changed: false }
}
