import { account, accountStreamId } from '@reelmates/commands/account/account'
import { loadState } from '@reelmates/commands/handleCommand'
import type { Platform } from '../platform'

export interface MailRecipient {
  userId: string
  email: string
  username: string
}

/**
 * The active account behind an email address, as the recovery mails address it; null when no
 * account (or only a deleted one) has that address.
 */
export async function recipientByEmail(platform: Platform, email: string): Promise<MailRecipient | null> {
  const userId = await platform.vault.lookup('email', email)
  if (!userId) return null
  const state = await loadState(platform.eventStore, account, accountStreamId(userId))
  if (state.status !== 'active' || state.email === null || state.username === null) return null
  return { userId, email: state.email, username: state.username }
}
