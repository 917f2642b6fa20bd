/**
 * The round buttons over a card's poster (MediaTile's, a container): 28 px on a card narrower than
 * 8 rem, 36 px on a wider one.
 */
export const cardButtonSize = 'h-7 w-7 @[8rem]:h-9 @[8rem]:w-9'

/** How wide a poster is in a row: two and a half on a phone, more as the screen grows. */
export const cardWidth = 'w-[38%] shrink-0 min-[480px]:w-[28%] sm:w-[22%] md:w-[18%] lg:w-[14%] xl:w-[12%]'

/**
 * How many cards of a row can be in sight at once, at most: at each of `cardWidth`'s steps a card
 * is at least about 134 px wide (28 % of 480 px), so no screen shows more than its width over
 * 130 px, plus the one cut at the edge.
 */
export function cardsAcrossScreen(): number {
  return Math.ceil(window.innerWidth / 130) + 1
}

/** The poster grid of full lists; shared by the grid and its skeleton so they line up. */
export const gridClassName =
  'grid grid-cols-2 gap-x-3 gap-y-6 min-[480px]:grid-cols-3 sm:gap-x-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6'

/** A row's "See all" link. */
export const seeAllClassName =
  'shrink-0 rounded-full px-3 py-1 text-sm font-medium text-gold hover:bg-white/5 hover:text-white'
