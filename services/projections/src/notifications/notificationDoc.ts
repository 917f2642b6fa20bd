/** The bell's read model: one document per notification (a group is one document). */
export const notificationsCollection = 'notifications'

export type NotificationDoc = {
  _id: string
  userId: string
  kind: string
  /** Latest first; a deleted member is dropped from the list. */
  actorIds: string[]
  url: string
  detail: Record<string, string>
  group: string | null
  /** A group's actors' parts (`<actorId>|<part>`, e.g. a reactor's emoji), for taking one back; empty otherwise. */
  parts: string[]
  ref: string | null
  createdAt: string
  read: boolean
}
