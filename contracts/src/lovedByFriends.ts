import { z } from 'zod'
import { mediaResultSchema } from './catalog'
import { userCard } from './friendships'

/**
 * Home's "Loved by your friends" row: titles my friends recently watched and liked, that I have not
 * watched. Liked is a rating of 7 or more on the 1–10 scale (3½ stars and up) or a recommendation.
 */
export const lovedRatingMin = 7
/** How many titles the row holds, and how many of the friends who liked one it names. */
export const lovedTitlesMax = 20
export const lovedFriendsNamed = 3

export const lovingFriend = userCard.pick({ username: true, avatarUrl: true })
export type LovingFriend = z.infer<typeof lovingFriend>

export const lovedTitle = z.object({
  /** The title as a title card shows it: what my friends' watches keep of it, nothing made up. */
  media: mediaResultSchema,
  /** The friends who liked it, the latest first: up to three. */
  friends: z.array(lovingFriend),
  /** How many friends liked it, those named included. */
  friendCount: z.number().int().min(1),
  /** When the latest of those watches was logged. */
  lovedAt: z.string(),
})
export type LovedTitle = z.infer<typeof lovedTitle>

export const lovedByFriendsAnswer = z.object({ titles: z.array(lovedTitle) })
export type LovedByFriendsAnswer = z.infer<typeof lovedByFriendsAnswer>
