import type { Reaction } from '../reactor'

export const SUSPENDED_SESSIONS = 'suspended_sessions'

/**
 * Ends every session of a suspended user. The suspend route ends them at once; this reaction is what
 * makes it certain when the process stopped between the `UserSuspended` event and that step.
 */
export function suspendedSessions(sessions: { eraseUser(userId: string): Promise<void> }): Reaction {
  return {
    name: SUSPENDED_SESSIONS,
    handles: ['UserSuspended'],
    async react(event) {
      const userId = event.data.userId
      if (typeof userId !== 'string') throw new Error('UserSuspended without a userId')
      await sessions.eraseUser(userId)
    },
  }
}
