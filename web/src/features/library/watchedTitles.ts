import type { MediaRef } from '@reelmates/contracts/media'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import type { LibraryChange } from './libraryChanges'

const keyOf = (ref: MediaRef) => `${ref.mediaType}:${ref.tmdbId}`

/**
 * The watched titles after one change. A new watch shows on the cards at once; an edited or removed
 * entry names only its entry id, not its title, so those wait for the refetch after the change.
 */
export function applyToWatchedTitles(titles: WatchedTitle[], change: LibraryChange): WatchedTitle[] {
  if (change.kind !== 'markWatched') return titles
  const { entry } = change
  const seen = titles.find((title) => keyOf(title) === keyOf(entry))
  if (!seen) {
    const added: WatchedTitle = {
      tmdbId: entry.tmdbId,
      mediaType: entry.mediaType,
      timesWatched: 1,
      lastWatchedAt: entry.watchedAt,
      rating: entry.rating,
    }
    return [added, ...titles]
  }
  const latest = entry.watchedAt >= seen.lastWatchedAt
  const updated: WatchedTitle = {
    ...seen,
    timesWatched: seen.timesWatched + 1,
    lastWatchedAt: latest ? entry.watchedAt : seen.lastWatchedAt,
    // The latest rating given wins; an unrated watch keeps the one given before.
    rating: latest ? (entry.rating ?? seen.rating) : (seen.rating ?? entry.rating),
  }
  return titles.map((title) => (title === seen ? updated : title))
}

export const foldWatchedTitles = (titles: WatchedTitle[], changes: readonly LibraryChange[]) =>
  changes.reduce(applyToWatchedTitles, titles)

/** One lookup per card instead of a scan: `movie:603` → what I made of it. */
export const watchedTitlesByKey = (titles: readonly WatchedTitle[]) =>
  new Map(titles.map((title) => [keyOf(title), title]))

export const watchedTitleKey = keyOf
