/**
 * `npm run user:role -- <username> Admin|User` — gives a user a role. It opens the configured
 * platform (the same DATA_DIR, or EVENTSTORE_URL/MONGO_URL, as the server) and records the change as
 * a `UserRoleChanged` event; a running server picks it up from the log.
 */
import { role as roleSchema } from '@reelmates/contracts/account'
import { loadConfig } from '@reelmates/infra/config'
import { changeUserRole, UnknownUser } from '../account/changeUserRole'
import { openPlatform } from '../composition'

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
  const platform = await openPlatform(loadConfig())
  try {
    const result = await changeUserRole(platform, username, role.data)
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
    await platform.close()
  }
}

const code = await main(process.argv.slice(2))
process.exitCode = code
// agenda keeps a lock-check timer for minutes after a timed job ran in this process (the platform
// runs the scheduler): exit once the output has had a moment to flush instead of waiting for it.
setTimeout(() => process.exit(code), 250).unref()
