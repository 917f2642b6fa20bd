/**
 * `npm run user:role -- <username> Admin|User` — gives a user a role. It opens the configured event
 * log and vault (the same DATA_DIR, or EVENTSTORE_URL/MONGO_URL, as the server) and records the change
 * as a `UserRoleChanged` event; a running server picks it up from the log, a stopped one when it starts.
 * In the embedded column it refuses a DATA_DIR with no event store in it, and creates nothing there.
 * Nothing else is opened: a second process with the server's read-model snapshot or scheduler would
 * write over the one or share the other's leases (the embedded scheduler's owner is its data directory).
 */
import { existsSync } from 'node:fs'
import { role as roleSchema } from '@reelmates/contracts/account'
import { embeddedEventStorePath } from '@reelmates/infra/column'
import { configuredEmbeddedDataDir, loadConfigOrExit } from '@reelmates/infra/config'
import { changeUserRole, UnknownUser } from '../account/changeUserRole'
import { openEventLog } from '../composition'

const usage = 'Usage: npm run user:role -- <username> Admin|User'

async function main(args: string[]): Promise<number> {
  const [username, roleName, ...rest] = args
  if (!username || !roleName || rest.length > 0) {
    console.error(usage)
    return 2
  }
  const role = roleSchema.safeParse(roleName)
  if (!role.success) {
    console.error(`'${roleName}' is not a role: use Admin or User.\n${usage}`)
    return 2
  }
  // Opening a directory with no event store would make it a new, empty install (secrets, keys, an
  // empty log) and then say the user does not exist: the usual cause is a DATA_DIR other than the server's.
  const dataDir = configuredEmbeddedDataDir()
  if (dataDir !== undefined && !existsSync(embeddedEventStorePath(dataDir))) {
    console.error(
      `${dataDir} holds no Reelmates event store (no events.db); set DATA_DIR to the data directory the server uses.`,
    )
    return 3
  }
  const { eventStore, vault } = await openEventLog(loadConfigOrExit())
  try {
    const result = await changeUserRole({ eventStore, vault, now: () => new Date() }, username, role.data)
    console.log(
      result.changed
        ? `${username} is now ${result.role} (was ${result.previousRole}).`
        : `${username} is already ${result.role}; nothing changed.`,
    )
    return 0
  } catch (error) {
    if (error instanceof UnknownUser) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    await vault.close()
    await eventStore.close()
  }
}

process.exitCode = await main(process.argv.slice(2))
