import type { PublicUser } from '@reelmates/contracts/account'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { AccountGone } from '@reelmates/commands/account/errors'
import { loadState } from '@reelmates/commands/handleCommand'
import { userQueries } from '@reelmates/projections/users/userQueries'
import type { Platform } from '../platform'

/**
 * The user as the API shows them, from the `users` read model. After a command, `position` makes it
 * wait until the read model has the change; a user the read model does not know yet (just
 * registered, the projections still catching up) is waited for up to the head of the log.
 */
export async function readUser(
  platform: Platform,
  userId: string,
  position?: bigint | null,
): Promise<PublicUser | null> {
  const { projections, readStore, eventStore, config } = platform
  const users = userQueries(readStore)
  const wait = (until: bigint) =>
    projections.waitForPosition(until, config.readYourWritesTimeoutMs, userQueries.readModels)
  if (position) await wait(position)
  const known = await users.byId(userId)
  if (known) return known
  await wait(await eventStore.headPosition())
  return users.byId(userId)
}

/**
 * The member as `readUser` reads them, to answer a change of their own account. The account deleted
 * from another device just after the change has no document any more: that is a 410, as the change
 * itself would have been a moment later.
 */
export async function changedUser(platform: Platform, userId: string, position: bigint | null): Promise<PublicUser> {
  const user = await readUser(platform, userId, position)
  if (user) return user
  const state = await loadState(platform.eventStore, account, accountStreamId(userId))
  if (state.status === 'deleted') throw new AccountGone()
  throw new Error(`account ${userId} was changed but the users read model does not have it`)
}
