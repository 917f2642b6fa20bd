import { z } from 'zod'
import { publicUser } from './account'
import { activityType } from './feed'
import { mediaType } from './media'
import { recommendationStatus } from './recommendations'
import { timeZoneName } from './myStats'

/**
 * "Download all my data" (GET /api/user/export): a copy of everything the signed-in member put into
 * Reelmates, as the read models hold it. Only the member's own words and settings, and the notes of
 * recommendations sent to them (written to them); another member appears by username alone, where
 * they relate (a friend, who recommended), and a member who has deleted their account not at all
 * (null where a name would be).
 */

/**
 * One line of the watchlist export (`/api/watchlist/export` and this file). `position` counts from 1,
 * as the list on screen does, and `recommendedBy` names the friend whose recommendation put the title
 * there.
 */
export const watchlistExportRow = z.object({
  position: z.number().int(),
  title: z.string(),
  mediaType,
  tmdbId: z.number(),
  releaseDate: z.string().nullable(),
  addedAt: z.string(),
  note: z.string().nullable(),
  recommendedBy: z.string().nullable(),
})
export type WatchlistExportRow = z.infer<typeof watchlistExportRow>

/** One line of the watched-log export; `stars` is the rating as the member gave it (½ to 5). */
export const watchedExportRow = z.object({
  title: z.string(),
  mediaType,
  tmdbId: z.number(),
  releaseDate: z.string().nullable(),
  watchedAt: z.string(),
  watchedOn: z.string().nullable(),
  rewatch: z.boolean(),
  stars: z.number().nullable(),
  recommend: z.boolean().nullable(),
  review: z.string().nullable(),
  containsSpoilers: z.boolean(),
  streamingService: z.string().nullable(),
  isPrivate: z.boolean(),
})
export type WatchedExportRow = z.infer<typeof watchedExportRow>

/** What the member sees and sets on their own profile; never a password, session, push key or look-up key. */
const exportedAccount = publicUser.pick({
  username: true,
  email: true,
  bio: true,
  location: true,
  avatarUrl: true,
  createdAt: true,
  role: true,
  digestType: true,
  receiveCampaignEmails: true,
  pushNotificationsEnabled: true,
})

const friendLine = z.object({ username: z.string(), since: z.string() })
const requestLine = z.object({ username: z.string(), sentAt: z.string() })

/**
 * The activity a comment or reaction was on: what it was and whose (their username), while the member
 * may still open it; a comment outlives the friendship it was written in, and then only what it was on
 * is kept. Null once the activity itself has gone.
 */
const exportedPlace = z
  .object({
    activityId: z.string(),
    activityType,
    mediaTitle: z.string().nullable(),
    owner: z.string().nullable(),
  })
  .nullable()

const exportedComment = z.object({
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  on: exportedPlace,
})

const exportedReaction = z.object({
  /** One of the palette's (`reactionEmojis`). */
  emoji: z.string(),
  createdAt: z.string(),
  on: exportedPlace,
  /** Set for a reaction on a comment: whose comment it was (null once that is not the member's to see). */
  comment: z.object({ commentId: z.string(), author: z.string().nullable() }).nullable(),
})

const recommendedTitle = {
  tmdbId: z.number(),
  mediaType,
  mediaTitle: z.string(),
  note: z.string().nullable(),
  status: recommendationStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
}

export const memberExport = z.object({
  exportedAt: z.string(),
  account: exportedAccount,
  watchlist: z.array(watchlistExportRow),
  watched: z.array(watchedExportRow),
  friends: z.object({
    friends: z.array(friendLine),
    requestsSent: z.array(requestLine),
    requestsReceived: z.array(requestLine),
  }),
  comments: z.array(exportedComment),
  reactions: z.array(exportedReaction),
  recommendations: z.object({
    /** `to` is null for one sent to an email address: the address is the recipient's, not the member's. */
    sent: z.array(z.object({ ...recommendedTitle, to: z.string().nullable() })),
    received: z.array(z.object({ ...recommendedTitle, from: z.string() })),
  }),
})
export type MemberExport = z.infer<typeof memberExport>

/**
 * `reelmates-<username>-<YYYY-MM-DD>.json`: the day in the member's time zone when the download names
 * it (at 23:43 in Los Angeles the file said tomorrow's UTC date), else in UTC. A name's quotes or
 * slashes could break the header.
 */
export const memberExportFileName = (username: string, exportedAt: Date, timeZone = 'UTC'): string =>
  `reelmates-${username.replace(/[^\p{L}\p{M}\p{N}._-]/gu, '_')}-${dayIn(exportedAt, timeZone)}.json`

/** `YYYY-MM-DD` of `instant` in `timeZone` (en-CA writes the date that way). */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant)

export const memberExportQuery = z.object({ timeZone: timeZoneName.optional() })
