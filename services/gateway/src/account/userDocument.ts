import { publicUser, type PublicUser } from '@reelmates/contracts/account'
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
  const users = readStore.collection('users')
  if (position) await projections.waitForPosition(position, config.readYourWritesTimeoutMs)
  let doc = await users.findOne({ _id: userId })
  if (!doc) {
    await projections.waitForPosition(await eventStore.headPosition(), config.readYourWritesTimeoutMs)
    doc = await users.findOne({ _id: userId })
  }
  // Parsing drops what is not public (look-up keys, the push subscription).
  return doc ? publicUser.parse(doc) : null
}
