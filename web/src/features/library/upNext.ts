import type { MediaResult } from '@reelmates/contracts/catalog'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { arrangeWatchlist } from './watchlistArrangement'

/** How many titles home's "Up next" row shows: the head of the list, where "See all" goes on. */
export const upNextMax = 20

/** A watchlist title as a catalog row shows it: what the watchlist keeps of it, and nothing made up. */
export function asMediaResult(item: WatchlistItem): MediaResult {
  return {
    id: item.tmdbId,
    media_type: item.mediaType,
    ...(item.mediaType === 'tv' ? { name: item.title } : { title: item.title }),
    ...(item.releaseDate
      ? item.mediaType === 'tv'
        ? { first_air_date: item.releaseDate }
        : { release_date: item.releaseDate }
      : {}),
    overview: '',
    poster_path: item.posterPath,
    backdrop_path: null,
    vote_average: item.voteAverage ?? 0,
    vote_count: 0,
    popularity: 0,
    genre_ids: [],
  }
}

/** Home's "Up next": the first titles of my watchlist in my own order, as I arranged them to watch. */
export const upNextOf = (items: readonly WatchlistItem[]): MediaResult[] =>
  arrangeWatchlist(items, { sort: 'order', direction: 'asc' }).slice(0, upNextMax).map(asMediaResult)
