import type { PublicUser } from '@reelmates/contracts/account'
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
