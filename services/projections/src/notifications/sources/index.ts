import type { NotificationSource } from '../notificationSource'
import { announcement } from './announcement'
import { friendRequestReceived } from './friendRequestReceived'
import { friendshipAccepted } from './friendshipAccepted'

/** Every kind of notification: the bell and web push both come from these. */
export const notificationSources: readonly NotificationSource[] = [
  friendRequestReceived,
  friendshipAccepted,
  announcement,
]

export const sourceOfKind = (kind: string): NotificationSource | undefined =>
  notificationSources.find((source) => source.kind === kind)
