import { z } from 'zod'

/** A title in the library: which catalog entry it is. */
export const mediaType = z.enum(['movie', 'tv'], { message: 'mediaType must be movie or tv' })
export type MediaType = z.infer<typeof mediaType>

export const tmdbId = z
  .number({ message: 'tmdbId must be a number' })
  .int('tmdbId must be a whole number')
  .refine((id) => id !== 0, 'tmdbId must not be 0')

export const mediaRef = z.object({ tmdbId, mediaType })
export type MediaRef = z.infer<typeof mediaRef>

/** `movie:603` — one key per title, used in streams' state and in read-model ids. */
export const mediaKeyOf = (ref: MediaRef): string => `${ref.mediaType}:${ref.tmdbId}`

/** What we knew of a title when it was recorded (read models copy it beside each entry). */
export const mediaSnapshot = z.object({
  title: z.string(),
  posterPath: z.string().nullable(),
  releaseDate: z.string().nullable(),
  voteAverage: z.number().nullable(),
})
export type MediaSnapshot = z.infer<typeof mediaSnapshot>

/** Numbers in titles are years, sequels and seasons: ten digits hold any of them. */
const numberWidth = 10

/**
 * A title as lists order it, compared as plain text (`<`, or MongoDB's sort, which compares bytes):
 * accents and case fold away ("Édith" files with "edith", "ET: The Extra-Terrestrial" after
 * "Eastbound & Down") and numbers go by value ("Saw 2" before "Saw 10"), as a collator with
 * `sensitivity: 'base', numeric: true` orders them. Read models store it, so a server-side page
 * sorts by it, and the screens compare by it too, so both orders agree to the letter.
 */
export function titleSortKey(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(numberWidth, '0'))
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Two titles in the order the read models sort them: by `titleSortKey`, then as written (the stores'
 * tie-break, so "Heat" and "HEAT" keep one order). A screen that places or sorts titles itself uses it.
 */
export const compareTitles = (a: string, b: string): number =>
  byCodeUnits(titleSortKey(a), titleSortKey(b)) || byCodeUnits(a, b)

/**
 * Whether a title has a catalog rating to show and sort by. TMDB answers 0 for a title nobody has
 * voted on, and the offline catalog for a film without an IMDb rating: the rating badge shows
 * nothing for those, and sorted lists put them with the titles that have no rating at all, last.
 */
export const hasCatalogRating = (voteAverage: number | null): voteAverage is number =>
  voteAverage !== null && voteAverage > 0
