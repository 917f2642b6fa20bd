import type { NotificationSource } from './notificationSource'
import { announcement } from './sources/announcement'
import { friendRequestReceived } from './sources/friendRequestReceived'
import { friendshipAccepted } from './sources/friendshipAccepted'

/** Every kind of notification: the bell and web push both come from these. */
export const notificationSources: readonly NotificationSource[] = [
  friendRequestReceived,
  friendshipAccepted,
  announcement,
]

export const sourceOfKind = (kind: string): NotificationSource | undefined =>
  notificationSources.find((source) => source.kind === kind)
