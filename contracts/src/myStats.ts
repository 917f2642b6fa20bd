import { z } from 'zod'
import { favouriteGenre } from './profiles'
import { mediaType } from './media'
import { bestPickMinRating } from './recommendations'
import { ratingMax } from './watched'

/** How many genres, services and favourites `/profile` lists. */
export const myStatsListMax = 5

export const serviceCount = z.object({ name: z.string(), watches: z.number().int() })

/**
 * The least a favourite was rated: three stars, as for a best pick. A member who rated little would
 * otherwise see a title they disliked (1★) among "My highest rated".
 */
export const favouriteMinRating = bestPickMinRating

/** One of my best-rated titles (my highest rating of it, and when I last watched it). */
export const favouriteTitle = z.object({
  tmdbId: z.number().int(),
  mediaType,
  title: z.string(),
  posterPath: z.string().nullable(),
  rating: z.number().int(),
  watchedAt: z.string(),
})
export type FavouriteTitle = z.infer<typeof favouriteTitle>

/** An IANA time zone name ("Europe/Berlin"), as `Intl` knows them. */
export const timeZoneName = z
  .string({ message: 'timeZone must be a time zone name such as Europe/Berlin' })
  .max(64, 'timeZone must be a time zone name such as Europe/Berlin')
  .refine((name) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name })
      return true
    } catch {
      return false
    }
  }, 'timeZone must be a time zone name such as Europe/Berlin')

/** Whose calendar "this year" is: the reader's, so the count agrees with the diary's days (UTC without it). */
export const myStatsQuery = z.object({ timeZone: timeZoneName.optional() })

/**
 * `GET /api/user/stats`: my own watching, private watches included (nobody else sees this).
 * Every watch counts, a rewatch again, except `favourites`, which lists each title once.
 */
export const myStatsAnswer = z.object({
  /** The calendar year (in the `timeZone` asked for, UTC without one) that `watchedThisYear` counts. */
  year: z.number().int(),
  watchedThisYear: z.number().int(),
  watchedTotal: z.number().int(),
  /** Mean of my ratings (1–10), one decimal; null until I rate something. */
  averageRating: z.number().nullable(),
  ratedCount: z.number().int(),
  /**
   * How my ratings spread over the scale, as Letterboxd's histogram shows it: ten counts, of the
   * ratings 1 to 10 (½★ to 5★) in that order, a rewatch's rating counted again.
   */
  ratingSpread: z.array(z.number().int().min(0)).length(ratingMax),
  topGenres: z.array(favouriteGenre),
  /** The streaming services I named when logging watches, most used first. */
  topServices: z.array(serviceCount),
  /** My highest-rated titles, best first (ties: the latest watched first); none under `favouriteMinRating`. */
  favourites: z.array(favouriteTitle),
})
export type MyStatsAnswer = z.infer<typeof myStatsAnswer>
