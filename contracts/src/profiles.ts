import { z } from 'zod'
import { username } from './account'
import { feedQuery } from './feed'
import { friendshipState, userCard } from './friendships'
import { mediaType, tmdbId } from './media'
import { recommendationStats } from './recommendations'

export const publicProfileParams = z.object({ username })

/** A review is cut to this many characters wherever friends' watches are listed. */
export const reviewExcerptMax = 280

/** One public watch (never a private one) as a profile or the media page shows it. */
export const publicWatch = z.object({
  id: z.string(),
  tmdbId: z.number(),
  mediaType,
  title: z.string(),
  posterPath: z.string().nullable(),
  releaseDate: z.string().nullable(),
  watchedAt: z.string(),
  /** The day on the writer's calendar, when it was kept (see `watchedItem`). */
  watchedOn: z.string().nullable(),
  rating: z.number().int().nullable(),
  recommend: z.boolean().nullable(),
  review: z.string().nullable(),
  /** The writer says the review gives something away: it opens on request. */
  containsSpoilers: z.boolean(),
})
export type PublicWatch = z.infer<typeof publicWatch>

/**
 * A public watch on its writer's profile: also whether it came after an earlier public watch of the
 * same title ("Rewatch"), as the feed says it; a private watch is never told, so it makes none.
 */
export const profileWatch = publicWatch.extend({ rewatch: z.boolean() })
export type ProfileWatch = z.infer<typeof profileWatch>

/** How many favourite genres a profile shows. */
export const favouriteGenresMax = 3

/** A genre a member watches most, counted over their public watches only. */
export const favouriteGenre = z.object({ id: z.number().int(), name: z.string(), watches: z.number().int() })
export type FavouriteGenre = z.infer<typeof favouriteGenre>

/**
 * `GET /api/users/:username`: what anyone signed in may see of a member. Never the email, never a
 * private watch; `stats.watched` counts public watches only, so it cannot reveal private ones.
 */
export const publicProfileAnswer = z.object({
  user: z.object({
    username: z.string(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    createdAt: z.string(),
  }),
  stats: z.object({ watched: z.number().int(), watchlist: z.number().int(), friends: z.number().int() }),
  /** The genres of most public watches, most first (at most `favouriteGenresMax`); never from a private one. */
  favouriteGenres: z.array(favouriteGenre),
  /** The latest public watches, newest first (at most 20). */
  recent: z.array(profileWatch),
  /** Where the rest of the public watches go on from (`GET /api/users/:username/watched?cursor=`); null when `recent` is all. */
  recentNextCursor: z.string().nullable(),
  friendship: friendshipState,
  /** The friendship's id when there is one (pending or accepted), for accept/decline/cancel/unfriend. */
  friendshipId: z.string().nullable(),
  /** Their recommendations' hit rate and best pick. */
  recommendations: recommendationStats,
})
export type PublicProfileAnswer = z.infer<typeof publicProfileAnswer>

/** `GET /api/users/:username/watched`: a cursor from `recentNextCursor` or the page before, and 1–50 a page. */
export const publicWatchesQuery = feedQuery
/** More of a member's public watches, newest first (ties by id), after the cursor's. */
export const publicWatchesAnswer = z.object({ items: z.array(profileWatch), nextCursor: z.string().nullable() })
export type PublicWatchesAnswer = z.infer<typeof publicWatchesAnswer>

export const mediaFriendsParams = z.object({
  mediaType,
  tmdbId: z.coerce.number({ message: 'tmdbId must be a number' }).pipe(tmdbId),
})

/** A friend's latest public watch of one title. */
export const friendWatch = z.object({
  user: userCard,
  watchedAt: z.string(),
  /** The day on the writer's calendar, when it was kept (see `watchedItem`). */
  watchedOn: z.string().nullable(),
  rating: z.number().int().nullable(),
  recommend: z.boolean().nullable(),
  /** The review cut to `reviewExcerptMax` characters. */
  reviewExcerpt: z.string().nullable(),
  /** The writer says the review gives something away: it opens on request. */
  containsSpoilers: z.boolean(),
})
export type FriendWatch = z.infer<typeof friendWatch>

/** `GET /api/media/:mediaType/:tmdbId/friends`: which of my friends watched it, or keep it on their watchlist. */
export const mediaFriendsAnswer = z.object({
  watched: z.array(friendWatch),
  /** Mean of the friends' ratings above (those who rated), or null. */
  averageRating: z.number().nullable(),
  watchlist: z.object({ count: z.number().int(), users: z.array(userCard) }),
})
export type MediaFriendsAnswer = z.infer<typeof mediaFriendsAnswer>
