import { lastAdminMessages } from '@reelmates/contracts/userManagement'
import { DomainError } from '../decider'

export class LastAdmin extends DomainError {
  override readonly name = 'LastAdmin'
  constructor(action: keyof typeof lastAdminMessages) {
    super('conflict', lastAdminMessages[action])
  }
}

/** The admins who can still sign in (role Admin, not suspended), as the users read model knows them. */
export type ActiveAdmins = () => Promise<readonly string[]>

/**
 * The rule spans every account, so it is checked here rather than in one account's decider: taking
 * the Admin role (demote), sign-in (suspend) or the account (delete) from the only admin who can sign
 * in would leave nobody able to open the admin area. Two admins demoting each other at the same
 * instant could both pass; the CLI (`npm run user:role`) is the way back from that.
 */
export async function refuseLastAdmin(
  activeAdmins: ActiveAdmins,
  userId: string,
  action: keyof typeof lastAdminMessages,
): Promise<void> {
  const admins = await activeAdmins()
  if (admins.includes(userId) && admins.length <= 1) throw new LastAdmin(action)
}
