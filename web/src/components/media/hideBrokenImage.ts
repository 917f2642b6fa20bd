import type { SyntheticEvent } from 'react'

/**
 * An image that cannot load (TMDB's image service unreachable, a stale path) disappears instead of
 * showing the browser's broken-image icon; what is behind it (a panel, initials) shows through.
 */
export function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden'
}
