import type { NotificationSource } from './notificationSource'
import { announcement } from './sources/announcement'
import { commentInMyThread } from './sources/commentInMyThread'
import { commentOnMyActivity } from './sources/commentOnMyActivity'
import { friendRequestReceived } from './sources/friendRequestReceived'
import { friendshipAccepted } from './sources/friendshipAccepted'
import { reactionOnMine } from './sources/reactionOnMine'
import { recommendationAnswered } from './sources/recommendationAnswered'
import { recommendationReceived } from './sources/recommendationReceived'

/** Every kind of notification: the bell and web push both come from these. */
export const notificationSources: readonly NotificationSource[] = [
  friendRequestReceived,
  friendshipAccepted,
  commentOnMyActivity,
  commentInMyThread,
  reactionOnMine,
  recommendationReceived,
  recommendationAnswered,
  announcement,
]

export const sourceOfKind = (kind: string): NotificationSource | undefined =>
  notificationSources.find((source) => source.kind === kind)
