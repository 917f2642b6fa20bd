import type { Role } from '@reelmates/contracts/account'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import { account, accountStreamId } from '../account/account'
import { loadState } from '../handleCommand'

/** An active account, as the friendship rules and mails need it. */
export interface Member {
  userId: string
  username: string
  email: string
  avatarUrl: string | null
  role: Role
  /** Suspended by an admin: still a member to their friends, but mailed nothing that would let them in. */
  suspended: boolean
}

export interface Members {
  byId(userId: string): Promise<Member | null>
  byUsername(username: string): Promise<Member | null>
  byEmail(email: string): Promise<Member | null>
}

/**
 * Members looked up the way sign-in does: the vault answers who holds a name or an address, the
 * account stream whether that account is still active. Never a read model, which may lag behind a
 * registration or a deletion that just happened.
 */
export function accountMembers(eventStore: EventStore, vault: PersonalDataVault): Members {
  async function byId(userId: string): Promise<Member | null> {
    const state = await loadState(eventStore, account, accountStreamId(userId))
    if (state.status !== 'active' || state.username === null || state.email === null) return null
    const { avatarUrl, role, suspended } = state
    return { userId, username: state.username, email: state.email, avatarUrl, role, suspended }
  }
  const holder = async (kind: 'username' | 'email', value: string) => {
    const userId = await vault.lookup(kind, value)
    return userId ? byId(userId) : null
  }
  return { byId, byUsername: (username) => holder('username', username), byEmail: (email) => holder('email', email) }
}
