/**
 * Ratings are stored as whole numbers from 1 to 10 and shown as five stars with halves,
 * so a 7 reads as three and a half stars.
 */
import { ratingMax } from '@reelmates/contracts/watched'

export { ratingMax }

export const ratingMin = 1
export const starCount = 5

export type StarFill = 'full' | 'half' | 'empty'

/** 7 → 3.5 stars; no rating → 0. */
export function starsOf(rating: number | null | undefined): number {
  if (rating === null || rating === undefined) return 0
  return clampRating(rating) / 2
}

/** 3.5 stars → 7. A choice below half a star still counts as the lowest rating. */
export function ratingOf(stars: number): number {
  return clampRating(Math.round(stars * 2))
}

function clampRating(rating: number): number {
  return Math.min(ratingMax, Math.max(ratingMin, Math.round(rating)))
}

/** How each of the five stars is drawn for a rating. */
export function starFills(rating: number | null | undefined): StarFill[] {
  const stars = starsOf(rating)
  return Array.from({ length: starCount }, (_, index): StarFill => {
    if (stars >= index + 1) return 'full'
    if (stars >= index + 0.5) return 'half'
    return 'empty'
  })
}

/** The count of stars as short text beside a star glyph: 7 → "3½", 1 → "½", 10 → "5". */
export function starsText(rating: number): string {
  const stars = starsOf(rating)
  const whole = Math.floor(stars)
  if (stars === whole) return `${whole}`
  return whole === 0 ? '½' : `${whole}½`
}

/** Words a screen reader says for a rating: "3½ stars", "1 star", "Not rated". */
export function ratingLabel(rating: number | null | undefined): string {
  if (rating === null || rating === undefined) return 'Not rated'
  return `${starsText(rating)} ${starsOf(rating) <= 1 ? 'star' : 'stars'}`
}
