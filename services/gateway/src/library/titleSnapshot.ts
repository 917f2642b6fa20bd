import type { Catalog } from '@reelmates/infra/catalog/port'
import { TitleNotFound } from '@reelmates/infra/catalog/port'
import { streamingServicesIn, type MediaDetails } from '@reelmates/contracts/catalog'
import type { MediaRef, MediaSnapshot } from '@reelmates/contracts/media'
import { DomainError } from '@reelmates/commands/decider'

export interface RecordedTitle {
  media: MediaSnapshot
  /** The product's streaming services (TMDB provider ids) that stream it flat rate, right now. */
  streamingOn: number[]
  /** Its catalog genres (TMDB genre ids). */
  genreIds: number[]
}

/**
 * What we record about a title when it enters someone's library, read from the catalog at that
 * moment so that projectors stay pure and lists never need a catalog call to render.
 */
export async function recordedTitle(catalog: Catalog, ref: MediaRef): Promise<RecordedTitle> {
  let details: MediaDetails
  try {
    details = await catalog.details(ref.mediaType, ref.tmdbId)
  } catch (error) {
    if (error instanceof TitleNotFound) {
      throw new DomainError(
        'not_found',
        `No ${ref.mediaType === 'movie' ? 'movie' : 'TV show'} with id ${ref.tmdbId} was found.`,
      )
    }
    throw error
  }
  return {
    media: {
      title: details.title ?? details.name ?? details.original_title ?? details.original_name ?? 'Untitled',
      posterPath: details.poster_path,
      releaseDate: (details.release_date ?? details.first_air_date) || null,
      voteAverage: details.vote_average,
    },
    streamingOn: streamingServicesIn(details.watch_providers),
    genreIds: details.genres.map((genre) => genre.id),
  }
}
