import { NotificationsMarkedRead } from '@reelmates/contracts/notifications'
import type { EventOf } from '@reelmates/contracts/events'
import type { Decider } from '../decider'

export const notificationsStream = (userId: string): string => `notifications-${userId}`

export interface MarkNotificationsRead {
  type: 'MarkNotificationsRead'
  userId: string
  /** null: all of them. */
  ids: string[] | null
  readAt: string
}

/**
 * What the person did with their list. Which notifications exist is the read model's business, so
 * the rule here is only that marking nothing is no change.
 */
export const notificationsRead: Decider<MarkNotificationsRead, EventOf<typeof NotificationsMarkedRead>, null> = {
  initialState: () => null,
  evolve: () => null,
  decide(command) {
    if (command.ids !== null && command.ids.length === 0) return []
    const ids = command.ids === null ? null : [...new Set(command.ids)]
    return [NotificationsMarkedRead({ userId: command.userId, ids, readAt: command.readAt })]
  },
}
