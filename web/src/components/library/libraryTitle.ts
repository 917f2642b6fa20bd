import type { MediaResult } from '@reelmates/contracts/catalog'
import type { MediaType } from '@reelmates/contracts/media'
import type { LibraryTitle } from '../../features/library/libraryChanges'

/** A library title from a catalog result (title cards, the media page). */
export function libraryTitleOf(media: MediaResult, mediaType: MediaType = media.media_type): LibraryTitle {
  return {
    tmdbId: media.id,
    mediaType,
    title: media.title ?? media.name ?? media.original_title ?? media.original_name ?? 'Untitled',
    posterPath: media.poster_path,
    releaseDate: (media.release_date ?? media.first_air_date) || null,
    voteAverage: media.vote_average,
  }
}

/** A library title from a watchlist or watched entry (they carry what we knew of the title). */
export const libraryTitleFrom = (entry: LibraryTitle): LibraryTitle => ({
  tmdbId: entry.tmdbId,
  mediaType: entry.mediaType,
  title: entry.title,
  posterPath: entry.posterPath,
  releaseDate: entry.releaseDate,
  voteAverage: entry.voteAverage,
})

export const yearOf = (releaseDate: string | null) =>
  releaseDate && /^\d{4}/.test(releaseDate) ? releaseDate.slice(0, 4) : undefined
export const kindOf = (mediaType: MediaType) => (mediaType === 'tv' ? 'TV' : 'Film')
