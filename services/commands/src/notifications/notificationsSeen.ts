import { NotificationsSeen, type NotificationsSeenEvent } from '@reelmates/contracts/notifications'
import type { Decider } from '../decider'

export const notificationsSeenStream = (userId: string): string => `notificationsSeen-${userId}`

export interface MarkNotificationsSeen {
  type: 'MarkNotificationsSeen'
  userId: string
  /** The `createdAt` of the newest notification the opened bell showed. */
  upTo: string
  /** Now. */
  at: string
}

/** How far the member has looked at their bell, so that a mark never moves back. */
export interface NotificationsSeenState {
  seenUpTo: string | null
}

/**
 * Opening the bell clears its badge. The mark is what the bell showed rather than the moment it was
 * opened: a notification that arrived after the list was fetched was not seen, and keeps its place
 * on the badge. Read and unread are `notificationsRead`'s business; seen changes neither.
 */
export const notificationsSeen: Decider<MarkNotificationsSeen, NotificationsSeenEvent, NotificationsSeenState> = {
  initialState: () => ({ seenUpTo: null }),
  evolve: (_state, event) => ({ seenUpTo: event.data.seenUpTo }),
  decide(command, state) {
    // Nothing can have been shown from the future: a mark ahead of now would hide what comes next.
    const upTo = command.upTo < command.at ? command.upTo : command.at
    // Two tabs, two bells in one page, or a retried request: the later mark is enough.
    if (state.seenUpTo !== null && state.seenUpTo >= upTo) return []
    return [NotificationsSeen({ userId: command.userId, seenUpTo: upTo })]
  },
}
