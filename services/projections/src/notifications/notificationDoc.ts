/** The bell's read model: one document per notification (a group is one document). */
export const notificationsCollection = 'notifications'

/**
 * One actor's part of a grouped line, and the time and address of the draft that last brought it
 * (`url`: absent on parts stored before it was kept).
 */
export type NotificationPart = { id: string; at: string; url?: string }

export type NotificationDoc = {
  _id: string
  userId: string
  kind: string
  /** Latest first; a deleted member is dropped from the list. */
  actorIds: string[]
  url: string
  detail: Record<string, string>
  group: string | null
  /**
   * A group's actors' parts (`id`: `<actorId>|<part>`, a reactor's emoji, a commenter's comment) and when
   * each was last drafted (`at`), for taking one back: the line then has its newest remaining part's
   * time and address (a comment's line leads to its newest comment). Empty otherwise.
   */
  parts: NotificationPart[]
  /**
   * A group's drafts' ids as lines of their own (`<eventId>:<userId>`), since it last started over:
   * a read mark recorded before their kind was gathered (comments, until version 7) names those.
   */
  ungroupedIds: string[]
  ref: string | null
  /** Whose activity it is about (`NotificationDraft.aboutUserId`); absent on lines stored before version 8. */
  aboutUserId?: string | null
  /** The activity the line opens (`NotificationDraft.activityId`): listed and counted only while it exists. Absent before version 9. */
  activityId?: string | null
  createdAt: string
  read: boolean
}
