import type { Reaction } from '../reactor'
import { eraseAccountData, type ErasureTargets } from './eraseAccountData'

/**
 * Finishes the erasure of every deleted account. The deletion route erases at once, so the person
 * sees it done; this reaction is what makes it certain, even when the process stopped between the
 * `AccountDeleted` event and the end of that erasure.
 */
export const ACCOUNT_ERASURE = 'account_erasure'

export function accountErasure(targets: ErasureTargets): Reaction {
  return {
    name: ACCOUNT_ERASURE,
    handles: ['AccountDeleted'],
    async react(event) {
      const userId = event.data.userId
      if (typeof userId !== 'string') throw new Error('AccountDeleted without a userId')
      await eraseAccountData(targets, userId)
    },
  }
}
