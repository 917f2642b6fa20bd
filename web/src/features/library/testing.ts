import type { WatchedItem } from '@reelmates/contracts/watched'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import type { LibraryTitle, NewWatchedFields } from './libraryChanges'

/** A film as a title card or a screen hands it to the library's changes. */
export const libraryTitle = (tmdbId: number): LibraryTitle => ({
  tmdbId,
  mediaType: 'movie',
  title: `Film ${tmdbId}`,
  posterPath: null,
  releaseDate: null,
  voteAverage: null,
})

/** A watchlist item as the API returns it. */
export function watchlistItem(tmdbId: number, order = 0, extra: Partial<WatchlistItem> = {}): WatchlistItem {
  return {
    id: `u1:movie:${tmdbId}`,
    userId: 'u1',
    tmdbId,
    mediaType: 'movie',
    addedAt: '2026-11-01T10:00:00.000Z',
    order,
    note: null,
    title: `Film ${tmdbId}`,
    posterPath: null,
    releaseDate: '2024-05-01',
    voteAverage: 7,
    streamingOn: [],
    ...extra,
  }
}

export const watchlistOf = (...ids: number[]) => ids.map((id, order) => watchlistItem(id, order))

/** A diary entry as the API returns it; its day is its instant's (UTC) unless `extra` says another. */
export function watchedItem(id: string, tmdbId: number, extra: Partial<WatchedItem> = {}): WatchedItem {
  const watchedAt = extra.watchedAt ?? '2026-11-10T20:00:00.000Z'
  return {
    id,
    userId: 'u1',
    tmdbId,
    mediaType: 'movie',
    watchedAt,
    watchedOn: watchedAt.slice(0, 10),
    rating: 7,
    recommend: null,
    review: null,
    containsSpoilers: false,
    streamingService: null,
    isPrivate: false,
    title: `Film ${tmdbId}`,
    posterPath: null,
    releaseDate: '2024-05-01',
    voteAverage: 7,
    rewatch: false,
    ...extra,
  }
}

/** A new watch's fields: nothing said (no rating, review or service), public, watched now; `fields` say the rest. */
export const newWatch = (fields: Partial<NewWatchedFields> = {}): NewWatchedFields => ({
  watchedOn: null,
  rating: null,
  recommend: null,
  review: null,
  containsSpoilers: false,
  streamingService: null,
  isPrivate: false,
  ...fields,
})
